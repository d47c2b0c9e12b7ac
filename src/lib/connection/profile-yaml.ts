// One saved profile (YAML shape, kebab-case keys as the flags). Secrets are kept as references; a value is
// stored only with --store-secret.

import { readFileSync } from 'node:fs';
import type { ConnectionFlagValues } from './connection-config.js';
import { SettingsError } from './errors.js';

export type SecretRef =
  { readonly env: string } | { readonly file: string } | { readonly prompt: true } | { readonly value: string };

export interface ProfileTls {
  readonly enabled?: boolean;
  readonly ca?: string;
  readonly cert?: string;
  readonly key?: string;
  readonly insecure?: boolean;
}

export interface ProfileSasl {
  readonly mechanism?: string;
  readonly username?: string;
  readonly password?: SecretRef;
  readonly oauthToken?: SecretRef;
}

export interface ProfileDefaults {
  readonly output?: string;
  readonly timeout?: string;
}

export interface Profile {
  readonly bootstrapServer?: readonly string[];
  readonly commandConfig?: string;
  readonly tls?: ProfileTls;
  readonly sasl?: ProfileSasl;
  readonly protocol?: string;
  readonly apiKeys?: string;
  readonly apiVersions?: string;
  readonly defaults?: ProfileDefaults;
}

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(where: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw new SettingsError(`${where}: expected a string`);
}

function bool(where: string, value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  throw new SettingsError(`${where}: expected true or false`);
}

function secretRef(where: string, value: unknown): SecretRef | undefined {
  if (value === undefined || value === null) return undefined;
  if (isPlain(value)) {
    if (typeof value['env'] === 'string') return { env: value['env'] };
    if (typeof value['file'] === 'string') return { file: value['file'] };
    if (value['prompt'] === true) return { prompt: true };
    if (typeof value['value'] === 'string') return { value: value['value'] };
  }
  throw new SettingsError(`${where}: expected one of {env: NAME}, {file: PATH}, {prompt: true} or {value: SECRET}`);
}

export function profileFromYaml(value: unknown, where: string): Profile {
  if (value === null || value === undefined) return {};
  if (!isPlain(value)) throw new SettingsError(`${where}: expected a mapping`);
  const bootstrapValue = value['bootstrap-server'];
  let bootstrapServer: string[] | undefined;
  if (Array.isArray(bootstrapValue))
    bootstrapServer = bootstrapValue.map((b, i) => text(`${where}.bootstrap-server[${i}]`, b) ?? '');
  else if (bootstrapValue !== undefined && bootstrapValue !== null)
    bootstrapServer = (text(`${where}.bootstrap-server`, bootstrapValue) ?? '').split(',').map((s) => s.trim());
  const tlsValue = value['tls'];
  const saslValue = value['sasl'];
  const defaultsValue = value['defaults'];
  for (const [key, v] of [
    ['tls', tlsValue],
    ['sasl', saslValue],
    ['defaults', defaultsValue],
  ] as const) {
    if (v !== undefined && v !== null && !isPlain(v)) throw new SettingsError(`${where}.${key}: expected a mapping`);
  }
  const tls = isPlain(tlsValue) ? tlsValue : undefined;
  const sasl = isPlain(saslValue) ? saslValue : undefined;
  const defaults = isPlain(defaultsValue) ? defaultsValue : undefined;
  return prune({
    bootstrapServer,
    commandConfig: text(`${where}.command-config`, value['command-config']),
    tls: tls
      ? prune({
          enabled: bool(`${where}.tls.enabled`, tls['enabled']),
          ca: text(`${where}.tls.ca`, tls['ca']),
          cert: text(`${where}.tls.cert`, tls['cert']),
          key: text(`${where}.tls.key`, tls['key']),
          insecure: bool(`${where}.tls.insecure`, tls['insecure']),
        })
      : undefined,
    sasl: sasl
      ? prune({
          mechanism: text(`${where}.sasl.mechanism`, sasl['mechanism']),
          username: text(`${where}.sasl.username`, sasl['username']),
          password: secretRef(`${where}.sasl.password`, sasl['password']),
          oauthToken: secretRef(`${where}.sasl.oauth-token`, sasl['oauth-token']),
        })
      : undefined,
    protocol: text(`${where}.protocol`, value['protocol']),
    apiKeys: text(`${where}.api-keys`, value['api-keys']),
    apiVersions: text(`${where}.api-versions`, value['api-versions']),
    defaults: defaults
      ? prune({
          output: text(`${where}.defaults.output`, defaults['output']),
          timeout: text(`${where}.defaults.timeout`, defaults['timeout']),
        })
      : undefined,
  });
}

export function profileToYaml(profile: Profile): Record<string, unknown> {
  return prune({
    'bootstrap-server': profile.bootstrapServer ? [...profile.bootstrapServer] : undefined,
    'command-config': profile.commandConfig,
    tls: profile.tls
      ? prune({
          enabled: profile.tls.enabled,
          ca: profile.tls.ca,
          cert: profile.tls.cert,
          key: profile.tls.key,
          insecure: profile.tls.insecure,
        })
      : undefined,
    sasl: profile.sasl
      ? prune({
          mechanism: profile.sasl.mechanism,
          username: profile.sasl.username,
          password: profile.sasl.password,
          'oauth-token': profile.sasl.oauthToken,
        })
      : undefined,
    protocol: profile.protocol,
    'api-keys': profile.apiKeys,
    'api-versions': profile.apiVersions,
    defaults: profile.defaults
      ? prune({ output: profile.defaults.output, timeout: profile.defaults.timeout })
      : undefined,
  });
}

export function describeSecretRef(ref: SecretRef): string {
  if ('env' in ref) return `env ${ref.env}`;
  if ('file' in ref) return `file ${ref.file}`;
  if ('prompt' in ref) return 'asked on the terminal';
  return 'stored in the profile (hidden)';
}

export async function readSecretRef(
  ref: SecretRef,
  what: string,
  env: Readonly<Record<string, string | undefined>>,
  prompt: (question: string) => Promise<string>,
): Promise<string> {
  if ('value' in ref) return ref.value;
  if ('env' in ref) {
    const found = env[ref.env];
    if (found === undefined || found === '')
      throw new SettingsError(`the profile takes the ${what} from ${ref.env}, which is not set`, {
        hint: `export ${ref.env}=… before running kmirror`,
      });
    return found;
  }
  if ('file' in ref) {
    try {
      const first = readFileSync(ref.file, 'utf8').split(/\r?\n/)[0] ?? '';
      if (first === '') throw new SettingsError(`the ${what} file ${ref.file} of the profile is empty`);
      return first;
    } catch (err) {
      if (err instanceof SettingsError) throw err;
      throw new SettingsError(`cannot read the ${what} file ${ref.file} of the profile: ${(err as Error).message}`);
    }
  }
  return prompt(`${what}: `);
}

function prune<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (isPlain(v) && Object.keys(v).length === 0) continue;
    out[key] = v;
  }
  return out as T;
}

/** An OAUTHBEARER token by value or in a variable is handed over as KMIRROR_SASL_OAUTH_TOKEN. */
export function profileConnectionValues(
  profile: Profile,
  env: Readonly<Record<string, string | undefined>>,
  prompt: (question: string) => Promise<string>,
): { flags: ConnectionFlagValues; env: Record<string, string | undefined> } {
  const overlay: Record<string, string | undefined> = { ...env };
  const token = profile.sasl?.oauthToken;
  let oauthFile: string | undefined;
  if (token && 'file' in token) oauthFile = token.file;
  else if (token && 'env' in token && !env['KMIRROR_SASL_OAUTH_TOKEN'])
    overlay['KMIRROR_SASL_OAUTH_TOKEN'] = env[token.env];
  else if (token && 'value' in token && !env['KMIRROR_SASL_OAUTH_TOKEN'])
    overlay['KMIRROR_SASL_OAUTH_TOKEN'] = token.value;
  const password = profile.sasl?.password;
  const flags: ConnectionFlagValues = {
    bootstrapServer: profile.bootstrapServer?.join(','),
    commandConfig: profile.commandConfig,
    saslMechanism: profile.sasl?.mechanism,
    saslUsername: profile.sasl?.username,
    saslOauthTokenFile: oauthFile,
    tls: profile.tls?.enabled,
    tlsCa: profile.tls?.ca,
    tlsCert: profile.tls?.cert,
    tlsKey: profile.tls?.key,
    tlsInsecure: profile.tls?.insecure,
    saslPasswordFallback:
      password === undefined ? undefined : () => readSecretRef(password, 'SASL password', env, prompt),
  };
  return { flags, env: overlay };
}
