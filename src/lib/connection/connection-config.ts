// Flags (oclif merges the KMIRROR_* variables into them), env-only secrets and a Kafka client
// properties file (--command-config) become one validated ConnectionConfig. Precedence per setting:
// flag > environment > file. Every problem is a SettingsError raised here, before any socket opens,
// naming the flag, file and key and saying how to fix it.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { closestKey } from '../kafka/closest-key.js';
import type { TlsSettings } from '../kafka/connect.js';
import type { SaslCredentials, SaslMechanism } from '../kafka/transport.js';
import { CredentialsError, SettingsError } from './errors.js';
import { type JaasEntry, JaasSyntaxError, loginModuleKind, parseJaasConfig } from './jaas.js';
import { type PropertyEntry, readPropertiesFile } from './properties-file.js';
import { registerSecret } from './redact.js';
import { layerFlagValues } from './setting-layers.js';
import {
  type ClientIdentity,
  caFromInlinePem,
  clientIdentityFromInlinePem,
  readCaFile,
  readClientKeystore,
} from './tls-files.js';

/** Built field by field while reading flags and files; handed on read-only. */
type Building<T> = { -readonly [K in keyof T]: T[K] };

export interface ConnectionConfig {
  /** `host:port` (IPv6 as `[addr]:port`). */
  bootstrap: string[];
  clientId: string;
  tls?: TlsSettings;
  sasl?: SaslCredentials;
}

/** Flag values after oclif parsing (so already defaulted from KMIRROR_* variables). */
export interface ConnectionFlagValues {
  bootstrapServer?: string;
  commandConfig?: string;
  saslMechanism?: string;
  saslUsername?: string;
  saslPasswordStdin?: boolean;
  saslOauthTokenFile?: string;
  /** undefined = not given; false = --no-tls. */
  tls?: boolean;
  tlsCa?: string;
  tlsCert?: string;
  tlsKey?: string;
  tlsInsecure?: boolean;
  /** The profile's SASL password, read only when no flag, variable or file gives one. */
  saslPasswordFallback?: () => Promise<string>;
  /** Set by the resolver: --command-config came from the command line, so its secrets beat KMIRROR_* ones. */
  commandConfigOnArgv?: boolean;
}

export interface ResolveConnectionOptions {
  /** Source of the env-only secrets (KMIRROR_SASL_PASSWORD, KMIRROR_SASL_OAUTH_TOKEN, KMIRROR_TLS_KEY_PASSWORD). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Reads the password for --sasl-password-stdin. */
  readPasswordLine?: () => Promise<string>;
  /** Receives non-fatal notes (ignored or unknown keys). */
  warn?: (message: string) => void;
  /** Which of the flag values came from KMIRROR_* variables rather than the command line. */
  fromEnv?: ReadonlySet<keyof ConnectionFlagValues>;
  /** The active profile's settings: the lowest layer, under the --command-config file. */
  profile?: ConnectionFlagValues;
}

export const DEFAULT_CLIENT_ID = 'kmirror';

export const ENV_SASL_PASSWORD = 'KMIRROR_SASL_PASSWORD';
export const ENV_SASL_OAUTH_TOKEN = 'KMIRROR_SASL_OAUTH_TOKEN';
export const ENV_TLS_KEY_PASSWORD = 'KMIRROR_TLS_KEY_PASSWORD';

// ------------------------------------------------------------------------------------------------
// Keys of the properties file.

const USED_KEYS = new Set([
  'bootstrap.servers',
  'client.id',
  'security.protocol',
  'sasl.mechanism',
  'sasl.jaas.config',
  'ssl.truststore.type',
  'ssl.truststore.location',
  'ssl.truststore.password',
  'ssl.truststore.certificates',
  'ssl.keystore.type',
  'ssl.keystore.location',
  'ssl.keystore.password',
  'ssl.keystore.key',
  'ssl.keystore.certificate.chain',
  'ssl.key.password',
  'ssl.endpoint.identification.algorithm',
  'config.providers',
]);

// Valid Kafka client settings that do not change how kmirror connects: shared client.properties
// files carry producer/consumer/admin tuning, and warning about each would bury real typos.
const IGNORED_KEYS = new Set([
  'acks',
  'allow.auto.create.topics',
  'auto.commit.interval.ms',
  'auto.include.jmx.reporter',
  'auto.offset.reset',
  'batch.size',
  'bootstrap.controllers',
  'buffer.memory',
  'check.crcs',
  'client.dns.lookup',
  'client.rack',
  'compression.type',
  'connections.max.idle.ms',
  'default.api.timeout.ms',
  'delivery.timeout.ms',
  'enable.auto.commit',
  'enable.idempotence',
  'enable.metrics.push',
  'exclude.internal.topics',
  'fetch.max.bytes',
  'fetch.max.wait.ms',
  'fetch.min.bytes',
  'group.id',
  'group.instance.id',
  'group.protocol',
  'group.remote.assignor',
  'heartbeat.interval.ms',
  'interceptor.classes',
  'isolation.level',
  'key.deserializer',
  'key.serializer',
  'linger.ms',
  'max.block.ms',
  'max.in.flight.requests.per.connection',
  'max.partition.fetch.bytes',
  'max.poll.interval.ms',
  'max.poll.records',
  'max.request.size',
  'metadata.max.age.ms',
  'metadata.max.idle.ms',
  'metadata.recovery.strategy',
  'metadata.recovery.rebootstrap.trigger.ms',
  'metric.reporters',
  'partition.assignment.strategy',
  'partitioner.class',
  'receive.buffer.bytes',
  'reconnect.backoff.max.ms',
  'reconnect.backoff.ms',
  'request.timeout.ms',
  'retries',
  'retry.backoff.max.ms',
  'retry.backoff.ms',
  'security.providers',
  'send.buffer.bytes',
  'session.timeout.ms',
  'socket.connection.setup.timeout.max.ms',
  'socket.connection.setup.timeout.ms',
  'ssl.cipher.suites',
  'ssl.enabled.protocols',
  'ssl.engine.factory.class',
  'ssl.keymanager.algorithm',
  'ssl.protocol',
  'ssl.provider',
  'ssl.secure.random.implementation',
  'ssl.trustmanager.algorithm',
  'transaction.timeout.ms',
  'transactional.id',
  'value.deserializer',
  'value.serializer',
  'host.resolver.class',
]);
const IGNORED_PREFIXES = [
  'metrics.',
  'sasl.kerberos.',
  'sasl.login.',
  'sasl.oauthbearer.',
  'sasl.client.',
  'sasl.server.',
  'config.providers.',
  'schema.registry.',
  'basic.auth.',
  'bearer.auth.',
];

/** Where an entry came from, for messages: its own origin, else the file and line. */
function located(fileName: string, entry: PropertyEntry): string {
  return entry.origin ?? `${fileName} line ${entry.line}`;
}

function suggestKey(key: string): string | undefined {
  return closestKey(key, [...USED_KEYS, ...IGNORED_KEYS], 2);
}

function reportUnknownKeys(entries: ReadonlyMap<string, PropertyEntry>, file: string, warn: (m: string) => void): void {
  for (const { key, line } of entries.values()) {
    if (USED_KEYS.has(key) || IGNORED_KEYS.has(key) || IGNORED_PREFIXES.some((prefix) => key.startsWith(prefix)))
      continue;
    if (key.startsWith('mirror.')) {
      warn(
        `${file} line ${line}: '${key}' is a mirror setting, not a client setting; it is ignored here ` +
          `(mirror settings go in the mirror's own configuration)`,
      );
      continue;
    }
    const suggestion = suggestKey(key);
    warn(`${file} line ${line}: unknown key '${key}' ignored${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`);
  }
}

// ------------------------------------------------------------------------------------------------
// Kafka config providers (${provider:path:key}), so files that keep secrets elsewhere still work.

const PROVIDER_REFERENCE = /\$\{([^${}:]*):(?:([^${}:]*):)?([^${}]*)\}/g;

function resolveConfigProviders(
  entries: Map<string, PropertyEntry>,
  file: string,
  env: Readonly<Record<string, string | undefined>>,
): void {
  const aliases = entries.get('config.providers')?.value;
  if (!aliases) return;
  const providers = new Map<string, string>();
  for (const alias of aliases
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const cls = entries.get(`config.providers.${alias}.class`)?.value ?? '';
    providers.set(alias, cls.slice(cls.lastIndexOf('.') + 1));
  }
  for (const [key, entry] of entries) {
    if (!entry.value.includes('${')) continue;
    const value = entry.value.replace(
      PROVIDER_REFERENCE,
      (reference, alias: string, path: string | undefined, name: string) => {
        const kind = providers.get(alias);
        if (kind === undefined) return reference; // not a configured provider: Kafka leaves it as is
        const fail = (why: string): SettingsError =>
          new SettingsError(`${file} line ${entry.line}: cannot resolve ${reference} for '${key}': ${why}`);
        switch (kind) {
          case 'FileConfigProvider': {
            if (!path) throw fail('the file provider needs ${alias:path:key}');
            const found = readPropertiesFile(path, `config provider '${alias}'`).get(name);
            if (!found) throw fail(`no key '${name}' in ${path}`);
            return found.value;
          }
          case 'DirectoryConfigProvider': {
            if (!path) throw fail('the directory provider needs ${alias:directory:file}');
            if (!readdirSync(path).includes(name)) throw fail(`no file '${name}' in ${path}`);
            return readFileSync(join(path, name), 'utf8');
          }
          case 'EnvVarConfigProvider': {
            const found = env[name];
            if (found === undefined) throw fail(`environment variable ${name} is not set`);
            return found;
          }
          default:
            throw fail(
              `config provider class '${kind || '(none)'}' is not supported (kmirror supports ` +
                `FileConfigProvider, DirectoryConfigProvider and EnvVarConfigProvider)`,
            );
        }
      },
    );
    entries.set(key, { ...entry, value });
  }
}

// ------------------------------------------------------------------------------------------------
// Bootstrap servers.

/** Parses `host:port,host:port`; a `PROTOCOL://` prefix is tolerated as Kafka does. */
export function parseBootstrapServers(text: string, origin: string): string[] {
  const servers = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers.length === 0)
    throw new SettingsError(`${origin} is empty`, { hint: 'give at least one broker as host:port' });
  return servers.map((server) => {
    const withoutScheme = server.replace(/^[A-Za-z_][A-Za-z0-9_+.-]*:\/\//, '');
    const match = /^(\[[0-9A-Fa-f:.]+(?:%[\w.-]+)?\]|[A-Za-z0-9._-]+):(\d{1,5})$/.exec(withoutScheme);
    if (!match) {
      const bareIpv6 = withoutScheme.split(':').length > 2 && !withoutScheme.startsWith('[');
      throw new SettingsError(`${origin}: '${server}' is not host:port`, {
        hint: bareIpv6
          ? 'write IPv6 addresses in brackets: [::1]:9092'
          : 'give every broker as host:port, e.g. broker1:9092 (Kafka has no default port)',
      });
    }
    const port = Number(match[2]);
    if (port < 1 || port > 65535)
      throw new SettingsError(`${origin}: port ${port} in '${server}' is out of range (1-65535)`);
    return `${match[1]}:${port}`;
  });
}

// ------------------------------------------------------------------------------------------------

const PROTOCOLS = ['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'] as const;
type SecurityProtocol = (typeof PROTOCOLS)[number];

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

/**
 * An OAUTHBEARER token is a JWT in compact form: header.payload.signature, base64url, the header a JSON
 * object (the signature is empty for an unsecured token). Anything else fails at the broker after a
 * round trip, so it is refused here, as an authentication failure that says what is wrong.
 */
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

function resolveSasl(
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

function resolveTls(
  flags: ConnectionFlagValues,
  file: ReadonlyMap<string, PropertyEntry>,
  fileName: string,
  env: Readonly<Record<string, string | undefined>>,
): TlsSettings {
  const at = (key: string): string => {
    const entry = file.get(key);
    return `${entry ? located(fileName, entry) : `${fileName} line ?`}: ${key}`;
  };
  const value = (key: string): string | undefined => {
    const v = file.get(key)?.value;
    return v === undefined || v === '' ? undefined : v;
  };

  let checkServerIdentity = true;
  const algorithm = file.get('ssl.endpoint.identification.algorithm');
  if (algorithm) {
    const normalized = algorithm.value.trim().toLowerCase();
    if (normalized === '') checkServerIdentity = false;
    else if (normalized !== 'https') {
      throw new SettingsError(
        `${at('ssl.endpoint.identification.algorithm')}: unsupported value '${algorithm.value}'`,
        {
          hint: "use 'https' (check the host name, the default) or leave it empty to skip the host-name check",
        },
      );
    }
  }
  const insecure = flags.tlsInsecure === true;
  const tls: Building<TlsSettings> = {
    rejectUnauthorized: !insecure,
    checkServerIdentity: checkServerIdentity && !insecure,
  };

  // Trust: --tls-ca, else the file's trust store, else the system CAs.
  if (flags.tlsCa !== undefined) {
    tls.ca = readCaFile(flags.tlsCa, '--tls-ca');
  } else {
    const inline = value('ssl.truststore.certificates');
    const location = value('ssl.truststore.location');
    if (inline !== undefined && location !== undefined) {
      throw new SettingsError(`${fileName}: both ssl.truststore.certificates and ssl.truststore.location are set`, {
        hint: 'keep one of them',
      });
    }
    if (inline !== undefined) tls.ca = caFromInlinePem(inline, at('ssl.truststore.certificates'));
    else if (location !== undefined) tls.ca = readCaFile(location, at('ssl.truststore.location'));
  }

  // Identity: --tls-cert/--tls-key, else the file's key store.
  if (flags.tlsKey !== undefined && flags.tlsCert === undefined) {
    throw new SettingsError('--tls-key needs --tls-cert', {
      hint: 'give the client certificate with --tls-cert (PEM) as well',
    });
  }
  let identity: ClientIdentity | undefined;
  if (flags.tlsCert !== undefined) {
    const passphrase = env[ENV_TLS_KEY_PASSWORD] || undefined;
    identity = readClientKeystore(flags.tlsCert, '--tls-cert', {
      keyPath: flags.tlsKey,
      keyOrigin: '--tls-key',
      passphrase,
      passphraseSource: ENV_TLS_KEY_PASSWORD,
    });
  } else {
    const chain = value('ssl.keystore.certificate.chain');
    const key = value('ssl.keystore.key');
    const location = value('ssl.keystore.location');
    if ((chain !== undefined || key !== undefined) && location !== undefined) {
      throw new SettingsError(
        `${fileName}: ssl.keystore.location and the inline ssl.keystore.key / ` +
          `ssl.keystore.certificate.chain are both set`,
        { hint: 'keep one of them' },
      );
    }
    if (chain !== undefined || key !== undefined) {
      if (chain === undefined || key === undefined) {
        throw new SettingsError(
          `${fileName}: ssl.keystore.key and ssl.keystore.certificate.chain must be given together`,
        );
      }
      identity = clientIdentityFromInlinePem(
        chain,
        key,
        value('ssl.key.password'),
        `${fileName} (inline key store)`,
        'ssl.key.password',
      );
    } else if (location !== undefined) {
      const type = value('ssl.keystore.type')?.toUpperCase();
      // PKCS12 protects the store and the key with the store password; PEM keys use ssl.key.password.
      const passphrase =
        type === 'PEM'
          ? (value('ssl.key.password') ?? value('ssl.keystore.password'))
          : (value('ssl.keystore.password') ?? value('ssl.key.password'));
      identity = readClientKeystore(location, at('ssl.keystore.location'), {
        passphrase,
        passphraseSource: type === 'PEM' ? 'ssl.key.password' : 'ssl.keystore.password',
      });
    }
  }
  if (identity) {
    if (identity.cert) tls.cert = identity.cert;
    if (identity.key) tls.key = identity.key;
    if (identity.pfx) tls.pfx = identity.pfx;
    if (identity.passphrase !== undefined) {
      tls.passphrase = identity.passphrase;
      registerSecret(identity.passphrase);
    }
  }
  return tls;
}

/**
 * Builds and checks the connection settings. `readPasswordLine` is only called for
 * --sasl-password-stdin, after every cheaper check has passed.
 */
export async function resolveConnectionConfig(
  given: ConnectionFlagValues,
  options: ResolveConnectionOptions = {},
): Promise<ConnectionConfig> {
  const env = options.env ?? process.env;
  const warn = options.warn ?? (() => {});
  let flags = given;
  const profile = options.profile ?? {};
  if (flags.commandConfig === undefined && profile.commandConfig !== undefined)
    flags = { ...flags, commandConfig: profile.commandConfig };
  let file = new Map<string, PropertyEntry>();
  const fileName = flags.commandConfig !== undefined ? `--command-config '${flags.commandConfig}'` : '--command-config';
  if (flags.commandConfig !== undefined) {
    file = readPropertiesFile(flags.commandConfig);
    resolveConfigProviders(file, fileName, env);
    reportUnknownKeys(file, fileName, warn);
  }
  const commandConfigOnArgv = flags.commandConfig !== undefined && !options.fromEnv?.has('commandConfig');
  flags = {
    ...layerFlagValues(flags, file, profile, commandConfigOnArgv ? (options.fromEnv ?? new Set()) : new Set()),
    commandConfigOnArgv,
  };

  let bootstrap: string[];
  if (flags.bootstrapServer !== undefined) {
    bootstrap = parseBootstrapServers(flags.bootstrapServer, '--bootstrap-server');
  } else {
    const entry = file.get('bootstrap.servers');
    if (!entry) {
      throw new SettingsError('no bootstrap server given', {
        hint:
          'pass -b host:port (or set KMIRROR_BOOTSTRAP_SERVER, or bootstrap.servers in --command-config); ' +
          'mirror commands talk to the destination cluster',
      });
    }
    bootstrap = parseBootstrapServers(entry.value, `${located(fileName, entry)}: bootstrap.servers`);
  }
  return settingsFromProperties(flags, file, fileName, bootstrap, options);
}

/**
 * Reads a client properties file given by some flag other than --command-config (e.g.
 * --source-config), resolving config providers and warning about unknown keys the same way.
 */
export function readClientPropertiesFile(
  path: string,
  flag: string,
  options: ResolveConnectionOptions = {},
): Map<string, PropertyEntry> {
  const fileName = `${flag} '${path}'`;
  const file = readPropertiesFile(path, flag);
  resolveConfigProviders(file, fileName, options.env ?? process.env);
  reportUnknownKeys(file, fileName, options.warn ?? (() => {}));
  return file;
}

/**
 * Connection settings from Kafka client properties alone, without flags: for a cluster kmirror
 * reaches through settings stored elsewhere (a mirror's source cluster, from its stored config).
 * `origin` names the properties in messages (entries may carry their own origin).
 */
export async function connectionFromProperties(
  properties: ReadonlyMap<string, PropertyEntry>,
  origin: string,
  options: ResolveConnectionOptions = {},
): Promise<ConnectionConfig> {
  const entry = properties.get('bootstrap.servers');
  if (!entry || entry.value.trim() === '')
    throw new SettingsError(`${origin}: bootstrap.servers is not set`, { hint: 'set bootstrap.servers=host:port' });
  const bootstrap = parseBootstrapServers(entry.value, `${located(origin, entry)}: bootstrap.servers`);
  return settingsFromProperties({}, properties, origin, bootstrap, options);
}

async function settingsFromProperties(
  flags: ConnectionFlagValues,
  file: ReadonlyMap<string, PropertyEntry>,
  fileName: string,
  bootstrap: string[],
  options: ResolveConnectionOptions,
): Promise<ConnectionConfig> {
  const env = options.env ?? process.env;
  const warn = options.warn ?? (() => {});
  let protocol: SecurityProtocol | undefined;
  const protocolEntry = file.get('security.protocol');
  if (protocolEntry) {
    const upper = protocolEntry.value.trim().toUpperCase();
    if (!(PROTOCOLS as readonly string[]).includes(upper)) {
      throw new SettingsError(
        `${located(fileName, protocolEntry)}: unknown security.protocol '${protocolEntry.value}'`,
        {
          hint: `use one of ${PROTOCOLS.join(', ')}`,
        },
      );
    }
    protocol = upper as SecurityProtocol;
  }

  const tlsFlagGiven =
    flags.tlsCa !== undefined ||
    flags.tlsCert !== undefined ||
    flags.tlsKey !== undefined ||
    flags.tlsInsecure === true;
  if (flags.tls === false && tlsFlagGiven) {
    throw new SettingsError('--no-tls conflicts with --tls-ca, --tls-cert, --tls-key and --tls-insecure', {
      hint: 'drop --no-tls or the --tls-* flags',
    });
  }
  const tlsEnabled = flags.tls ?? (tlsFlagGiven || protocol === 'SSL' || protocol === 'SASL_SSL');

  const saslFlagGiven =
    flags.saslMechanism !== undefined ||
    flags.saslUsername !== undefined ||
    flags.saslPasswordStdin === true ||
    flags.saslOauthTokenFile !== undefined;
  const fileSasl = protocol === 'SASL_PLAINTEXT' || protocol === 'SASL_SSL';
  if (!saslFlagGiven && !fileSasl && (file.has('sasl.mechanism') || file.has('sasl.jaas.config'))) {
    warn(
      `${fileName}: sasl.* settings are ignored because security.protocol is ` +
        `${protocol ?? 'PLAINTEXT (the default)'}; set security.protocol=SASL_SSL or SASL_PLAINTEXT to use ` +
        `them`,
    );
  }
  const fileHasTls = [
    'ssl.truststore.location',
    'ssl.truststore.certificates',
    'ssl.keystore.location',
    'ssl.keystore.key',
  ].some((k) => file.has(k));
  if (!tlsEnabled && fileHasTls) {
    warn(
      `${fileName}: ssl.* settings are ignored because TLS is off (security.protocol is ` +
        `${protocol ?? 'PLAINTEXT (the default)'}${flags.tls === false ? ', --no-tls' : ''})`,
    );
  }

  let sasl = resolveSasl(flags, file, fileName, protocol, env);
  const tls = tlsEnabled ? resolveTls(flags, file, fileName, env) : undefined;
  // stdin is read last, so a bad file or flag is reported without waiting for input.
  if (flags.saslPasswordStdin && sasl) {
    if (!options.readPasswordLine) throw new SettingsError('--sasl-password-stdin is not available here');
    const password = await options.readPasswordLine();
    if (password === '')
      throw new SettingsError('--sasl-password-stdin read an empty password', {
        hint: 'pipe the password in: printf %s "$PASSWORD" | kmirror …',
      });
    registerSecret(password);
    sasl = { ...sasl, password };
  } else if (sasl && sasl.mechanism !== 'oauthbearer' && sasl.password === undefined && flags.saslPasswordFallback) {
    const password = await flags.saslPasswordFallback();
    registerSecret(password);
    sasl = { ...sasl, password };
  }

  const clientId = file.get('client.id')?.value || DEFAULT_CLIENT_ID;
  const config: ConnectionConfig = { bootstrap, clientId };
  if (tls) config.tls = tls;
  if (sasl) config.sasl = sasl;
  return config;
}
