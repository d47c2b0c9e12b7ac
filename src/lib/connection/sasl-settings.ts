// SASL from flags, KMIRROR_* and a properties file: security.protocol, the mechanism, the JAAS line of its login
// module, an OAUTHBEARER token file; the password is registered for masking as soon as it is read.

import { readFileSync } from 'node:fs';
import type { SaslCredentials, SaslMechanism } from '../kafka/transport.js';
import { type ConnectionFlagValues, ENV_SASL_OAUTH_TOKEN, ENV_SASL_PASSWORD } from './connection-settings.js';
import { located } from './key-tables.js';
import { CredentialsError, SettingsError } from './errors.js';
import { type JaasEntry, JaasSyntaxError, loginModuleKind, parseJaasConfig } from './jaas.js';
import { type PropertyEntry } from './properties-file.js';
import { registerSecret } from './redact.js';

export const PROTOCOLS = ['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'] as const;
export type SecurityProtocol = (typeof PROTOCOLS)[number];

const MECHANISMS: Readonly<Record<string, SaslMechanism>> = {
  PLAIN: 'plain',
  'SCRAM-SHA-256': 'scram-sha-256',
  'SCRAM-SHA-512': 'scram-sha-512',
  OAUTHBEARER: 'oauthbearer',
};

export function parseMechanism(raw: string, origin: string): SaslMechanism {
  const upper = raw.trim().toUpperCase();
  const mechanism = MECHANISMS[upper];
  if (mechanism) return mechanism;
  if (upper === 'GSSAPI') {
    throw new SettingsError(`${origin}: SASL mechanism GSSAPI (Kerberos) is not supported by kmirror`, {
      hint: 'use a listener with PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 or OAUTHBEARER',
    });
  }
  throw new SettingsError(`${origin}: unknown SASL mechanism '${raw}'`, {
    hint: 'use PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 or OAUTHBEARER',
  });
}

const MODULE_FOR: Readonly<Record<SaslMechanism, string>> = {
  plain: 'org.apache.kafka.common.security.plain.PlainLoginModule',
  'scram-sha-256': 'org.apache.kafka.common.security.scram.ScramLoginModule',
  'scram-sha-512': 'org.apache.kafka.common.security.scram.ScramLoginModule',
  oauthbearer: 'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule',
};

function readJaas(entry: PropertyEntry, file: string, mechanism: SaslMechanism): JaasEntry {
  const where = `${located(file, entry)}: sasl.jaas.config`;
  let entries: JaasEntry[];
  try {
    entries = parseJaasConfig(entry.value);
  } catch (err) {
    if (err instanceof JaasSyntaxError) {
      throw new SettingsError(`${where}: ${err.message}`, {
        hint: `the form is: sasl.jaas.config=${MODULE_FOR[mechanism]} required username="…" password="…";`,
      });
    }
    throw err;
  }
  if (entries.length !== 1)
    throw new SettingsError(`${where} has ${entries.length} login modules; a client needs exactly one`);
  const jaas = entries[0] as JaasEntry;
  const kind = loginModuleKind(jaas.loginModule);
  const expected = mechanism === 'plain' ? 'plain' : mechanism === 'oauthbearer' ? 'oauthbearer' : 'scram';
  if (kind === 'kerberos')
    throw new SettingsError(`${where} uses Kerberos (Krb5LoginModule), which kmirror does not support`);
  if (kind !== expected) {
    throw new SettingsError(
      `${where} uses ${jaas.loginModule}, which does not match SASL mechanism ${mechanism.toUpperCase()}`,
      {
        hint: `for ${mechanism.toUpperCase()} the login module is ${MODULE_FOR[mechanism]}`,
      },
    );
  }
  return jaas;
}

/** Anything but a compact JWT fails at the broker after a round trip, so it is refused here. */
function checkJwtShape(token: string, origin: string): void {
  const parts = token.split('.');
  const base64url = /^[A-Za-z0-9_-]*$/;
  let header: unknown;
  if (parts.length === 3 && parts.every((p) => base64url.test(p)) && parts[0] !== '' && parts[1] !== '') {
    try {
      header = JSON.parse(Buffer.from(parts[0] ?? '', 'base64url').toString('utf8'));
    } catch {
      header = undefined;
    }
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) {
    throw new CredentialsError(
      `the OAUTHBEARER token from ${origin} is not a JWT (expected header.payload.signature in base64url, ` +
        `with a JSON header; found ${parts.length} part${parts.length === 1 ? '' : 's'})`,
      { hint: 'give the access token itself (not a JSON response or a refresh token) from your identity provider' },
    );
  }
}

function readTokenFile(path: string): string {
  let token: string;
  try {
    token = readFileSync(path, 'utf8').trim();
  } catch (err) {
    throw new SettingsError(`cannot read --sasl-oauth-token-file '${path}': ${(err as Error).message}`);
  }
  if (token === '') throw new SettingsError(`--sasl-oauth-token-file '${path}' is empty`);
  return token;
}

export function resolveSasl(
  flags: ConnectionFlagValues,
  file: ReadonlyMap<string, PropertyEntry>,
  fileName: string,
  protocol: SecurityProtocol | undefined,
  env: Readonly<Record<string, string | undefined>>,
): SaslCredentials | undefined {
  const saslFlagGiven =
    flags.saslMechanism !== undefined ||
    flags.saslUsername !== undefined ||
    flags.saslPasswordStdin === true ||
    flags.saslOauthTokenFile !== undefined;
  const fileSasl = protocol === 'SASL_PLAINTEXT' || protocol === 'SASL_SSL';
  if (!saslFlagGiven && !fileSasl) return undefined;

  const fileMechanism = file.get('sasl.mechanism');
  let mechanism: SaslMechanism;
  if (flags.saslMechanism !== undefined) {
    mechanism = parseMechanism(flags.saslMechanism, '--sasl-mechanism');
  } else if (fileMechanism) {
    mechanism = parseMechanism(fileMechanism.value, `${located(fileName, fileMechanism)}: sasl.mechanism`);
  } else if (fileSasl) {
    throw new SettingsError(
      `${fileName}: security.protocol is ${protocol} but sasl.mechanism is not set, and Kafka's default ` +
        `(GSSAPI/Kerberos) is not supported by kmirror`,
      {
        hint:
          'set sasl.mechanism=PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 or OAUTHBEARER in the file, or pass ' +
          '--sasl-mechanism',
      },
    );
  } else {
    throw new SettingsError('SASL options were given without a mechanism', {
      hint: 'add --sasl-mechanism plain|scram-sha-256|scram-sha-512|oauthbearer',
    });
  }

  const jaasEntry = file.get('sasl.jaas.config');
  const jaas = jaasEntry ? readJaas(jaasEntry, fileName, mechanism) : undefined;
  if (jaasEntry) registerSecret(jaasEntry.value);

  if (mechanism === 'oauthbearer') {
    if (flags.saslUsername !== undefined || flags.saslPasswordStdin) {
      throw new SettingsError('--sasl-username and --sasl-password-stdin do not apply to OAUTHBEARER', {
        hint: 'give the token with --sasl-oauth-token-file',
      });
    }
    const token =
      flags.saslOauthTokenFile !== undefined
        ? readTokenFile(flags.saslOauthTokenFile)
        : env[ENV_SASL_OAUTH_TOKEN]?.trim() || undefined;
    if (token === undefined) {
      throw new SettingsError(
        'SASL OAUTHBEARER needs a token, and kmirror does not fetch tokens itself ' +
          '(sasl.oauthbearer.token.endpoint.url and login callback handlers are not supported)',
        {
          hint:
            `get a token from your identity provider and pass it with --sasl-oauth-token-file FILE (or ` +
            `${ENV_SASL_OAUTH_TOKEN})`,
        },
      );
    }
    registerSecret(token);
    checkJwtShape(
      token,
      flags.saslOauthTokenFile !== undefined
        ? `--sasl-oauth-token-file '${flags.saslOauthTokenFile}'`
        : ENV_SASL_OAUTH_TOKEN,
    );
    return { mechanism, oauthToken: token };
  }

  if (flags.saslOauthTokenFile !== undefined) {
    throw new SettingsError(`--sasl-oauth-token-file only applies to OAUTHBEARER, not ${mechanism.toUpperCase()}`);
  }
  const username = flags.saslUsername ?? jaas?.options.get('username');
  if (flags.saslPasswordStdin) {
    // The caller reads stdin only after everything else checked out.
    if (username === undefined || username === '') {
      throw new SettingsError(`SASL ${mechanism.toUpperCase()} needs a user name`, { hint: 'pass --sasl-username' });
    }
    return { mechanism, username };
  }
  const envPassword = env[ENV_SASL_PASSWORD] || undefined;
  const filePassword = jaas?.options.get('password');
  const resolvedPassword = flags.commandConfigOnArgv ? (filePassword ?? envPassword) : (envPassword ?? filePassword);
  if (username === undefined || username === '') {
    throw new SettingsError(`SASL ${mechanism.toUpperCase()} needs a user name`, {
      hint: 'pass --sasl-username, or set username="…" in sasl.jaas.config of --command-config',
    });
  }
  if ((resolvedPassword === undefined || resolvedPassword === '') && flags.saslPasswordFallback) {
    return { mechanism, username };
  }
  if (resolvedPassword === undefined || resolvedPassword === '') {
    throw new SettingsError(`SASL ${mechanism.toUpperCase()} needs a password for user '${username}'`, {
      hint:
        `pipe it in with --sasl-password-stdin, set ${ENV_SASL_PASSWORD}, or set password="…" in ` +
        `sasl.jaas.config of --command-config`,
    });
  }
  registerSecret(resolvedPassword);
  return { mechanism, username, password: resolvedPassword };
}
