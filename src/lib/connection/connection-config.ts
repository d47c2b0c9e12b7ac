// Flags, env-only secrets and a Kafka client properties file (--command-config) become one validated
// ConnectionConfig (flag > environment > file); every problem is a SettingsError before any socket opens.
import { SettingsError } from './errors.js';
import { type PropertyEntry, readPropertiesFile } from './properties-file.js';
import { registerSecret } from './redact.js';
import { layerFlagValues } from './setting-layers.js';

import { located, reportUnknownKeys } from './key-tables.js';
import {
  type ConnectionConfig,
  type ConnectionFlagValues,
  DEFAULT_CLIENT_ID,
  type ResolveConnectionOptions,
} from './connection-settings.js';
import { PROTOCOLS, type SecurityProtocol } from './sasl-settings.js';
import { resolveConfigProviders } from './config-providers.js';
import { parseBootstrapServers } from './bootstrap-servers.js';
import { resolveSasl } from './sasl-settings.js';
import { resolveTls } from './tls-settings.js';

export { parseBootstrapServers } from './bootstrap-servers.js';
export { parseMechanism } from './sasl-settings.js';
export type { ConnectionConfig, ConnectionFlagValues, ResolveConnectionOptions } from './connection-settings.js';
export {
  DEFAULT_CLIENT_ID,
  ENV_SASL_OAUTH_TOKEN,
  ENV_SASL_PASSWORD,
  ENV_TLS_KEY_PASSWORD,
} from './connection-settings.js';

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
