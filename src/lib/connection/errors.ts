// A connection setting (flag, environment variable, properties file, JAAS text, TLS file) is wrong.
// Raised while settings are read, before any socket opens; the CLI shows it as a usage error.

export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  readonly hint: string | null;

  constructor(message: string, options: { hint?: string | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options.hint ?? null;
  }
}

export class CredentialsError extends SettingsError {}
