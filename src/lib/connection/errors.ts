// A connection setting (flag, environment variable, properties file, JAAS text, TLS file) is wrong.
// Raised while settings are read, before any socket opens; the CLI shows it as a usage error.

export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  /** What to do about it, when there is something better to say than the message. */
  readonly hint: string | null;

  constructor(message: string, options: { hint?: string | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options.hint ?? null;
  }
}

/** A credential kmirror was given cannot work (a token that is not a JWT): an authentication failure, exit 5. */
export class CredentialsError extends SettingsError {}
