// The profile operations behind `kmirror profile …`: each takes the store and plain inputs and
// returns a plain result (the --json document). Nothing here reads a terminal or prints.

import { resolve } from 'node:path';
import { DialectInputError, buildDialect } from '../kafka/dialects/index.js';
import { parseBootstrapServers, parseMechanism } from './connection-config.js';
import { SettingsError } from './errors.js';
import { type Profile, type SecretRef, describeSecretRef } from './profile-yaml.js';
import { ProfileStore, checkProfileName, unknownProfile } from './profile-file.js';

export interface ProfileInput {
  readonly bootstrapServer?: string;
  readonly commandConfig?: string;
  readonly saslMechanism?: string;
  readonly saslUsername?: string;
  readonly saslOauthTokenFile?: string;
  readonly saslOauthTokenEnv?: string;
  readonly saslPasswordEnv?: string;
  readonly saslPasswordFile?: string;
  readonly saslPasswordPrompt?: boolean;
  readonly saslPasswordValue?: string;
  readonly storeSecret?: boolean;
  readonly tls?: boolean;
  readonly tlsCa?: string;
  readonly tlsCert?: string;
  readonly tlsKey?: string;
  readonly tlsInsecure?: boolean;
  readonly protocol?: string;
  readonly apiKeys?: string;
  readonly apiVersions?: string;
  readonly defaultOutput?: string;
  readonly defaultTimeout?: string;
}

export interface ProfileView {
  name: string;
  current: boolean;
  bootstrapServer: string[] | null;
  commandConfig: string | null;
  tls: { enabled: boolean | null; ca: string | null; cert: string | null; key: string | null; insecure: boolean };
  sasl: { mechanism: string | null; username: string | null; password: string | null; oauthToken: string | null };
  protocol: string | null;
  apiKeys: string | null;
  apiVersions: string | null;
  defaults: { output: string | null; timeout: string | null };
}

export interface ProfileListJson {
  file: string;
  current: string | null;
  profiles: { name: string; current: boolean; bootstrapServer: string[] | null }[];
}

export interface ProfileChangeJson {
  file: string;
  profile: string;
  current: string | null;
}

export function buildProfile(input: ProfileInput): Profile {
  const where = (flag: string) => `--${flag}`;
  if (input.bootstrapServer === undefined && input.commandConfig === undefined) {
    throw new SettingsError('a profile needs the destination cluster', {
      hint: 'pass -b host:port (and the usual connection flags), or --command-config FILE',
    });
  }
  const bootstrap =
    input.bootstrapServer === undefined
      ? undefined
      : parseBootstrapServers(input.bootstrapServer, where('bootstrap-server'));
  if (input.saslMechanism !== undefined) parseMechanism(input.saslMechanism, where('sasl-mechanism'));
  try {
    buildDialect({ protocol: input.protocol, apiKeys: input.apiKeys, apiVersions: input.apiVersions });
  } catch (err) {
    if (err instanceof DialectInputError) throw new SettingsError(err.message, { hint: err.hint });
    throw err;
  }
  const passwordRefs: SecretRef[] = [];
  if (input.saslPasswordEnv !== undefined) passwordRefs.push({ env: input.saslPasswordEnv });
  if (input.saslPasswordFile !== undefined) passwordRefs.push({ file: resolve(input.saslPasswordFile) });
  if (input.saslPasswordPrompt) passwordRefs.push({ prompt: true });
  if (input.saslPasswordValue !== undefined) {
    if (!input.storeSecret) {
      throw new SettingsError('a profile keeps a reference to the password, not the password itself', {
        hint:
          'use --sasl-password-env NAME, --sasl-password-file FILE or --sasl-password-prompt; add ' +
          '--store-secret to save the value read from stdin in the profile file (mode 0600)',
      });
    }
    passwordRefs.push({ value: input.saslPasswordValue });
  }
  if (passwordRefs.length > 1) {
    throw new SettingsError('give the SASL password one way only', {
      hint: 'one of --sasl-password-env, --sasl-password-file, --sasl-password-prompt, --sasl-password-stdin',
    });
  }
  if (input.saslOauthTokenEnv !== undefined && input.saslOauthTokenFile !== undefined) {
    throw new SettingsError('give the OAUTHBEARER token one way only', {
      hint: '--sasl-oauth-token-file or --sasl-oauth-token-env',
    });
  }
  const oauthToken: SecretRef | undefined =
    input.saslOauthTokenFile !== undefined
      ? { file: resolve(input.saslOauthTokenFile) }
      : input.saslOauthTokenEnv !== undefined
        ? { env: input.saslOauthTokenEnv }
        : undefined;
  const absolute = (path: string | undefined) => (path === undefined ? undefined : resolve(path));
  return {
    ...(bootstrap ? { bootstrapServer: bootstrap } : {}),
    ...(input.commandConfig !== undefined ? { commandConfig: resolve(input.commandConfig) } : {}),
    tls: {
      ...(input.tls !== undefined ? { enabled: input.tls } : {}),
      ...(input.tlsCa !== undefined ? { ca: absolute(input.tlsCa) } : {}),
      ...(input.tlsCert !== undefined ? { cert: absolute(input.tlsCert) } : {}),
      ...(input.tlsKey !== undefined ? { key: absolute(input.tlsKey) } : {}),
      ...(input.tlsInsecure ? { insecure: true } : {}),
    },
    sasl: {
      ...(input.saslMechanism !== undefined ? { mechanism: input.saslMechanism.toLowerCase() } : {}),
      ...(input.saslUsername !== undefined ? { username: input.saslUsername } : {}),
      ...(passwordRefs[0] ? { password: passwordRefs[0] } : {}),
      ...(oauthToken ? { oauthToken } : {}),
    },
    ...(input.protocol !== undefined ? { protocol: input.protocol } : {}),
    ...(input.apiKeys !== undefined ? { apiKeys: input.apiKeys } : {}),
    ...(input.apiVersions !== undefined ? { apiVersions: input.apiVersions } : {}),
    defaults: {
      ...(input.defaultOutput !== undefined ? { output: input.defaultOutput } : {}),
      ...(input.defaultTimeout !== undefined ? { timeout: input.defaultTimeout } : {}),
    },
  };
}

export function createProfile(
  store: ProfileStore,
  name: string,
  profile: Profile,
  options: { use?: boolean; overwrite?: boolean } = {},
): ProfileChangeJson {
  checkProfileName(name);
  if (store.has(name) && !options.overwrite) {
    throw new SettingsError(`profile '${name}' already exists in ${store.path}`, {
      hint: `pick another name, or replace it with --overwrite (kmirror profile show ${name} shows it)`,
    });
  }
  store.put(name, profile);
  if (options.use || store.current() === undefined) store.setCurrent(name);
  store.save();
  return { file: store.path, profile: name, current: store.current() ?? null };
}

export function useProfile(store: ProfileStore, name: string): ProfileChangeJson {
  if (!store.has(name)) throw unknownProfile(name, store);
  store.setCurrent(name);
  store.save();
  return { file: store.path, profile: name, current: name };
}

export function deleteProfile(store: ProfileStore, name: string): ProfileChangeJson {
  if (!store.has(name)) throw unknownProfile(name, store);
  store.delete(name);
  store.save();
  return { file: store.path, profile: name, current: store.current() ?? null };
}

export function renameProfile(store: ProfileStore, from: string, to: string): ProfileChangeJson {
  if (!store.has(from)) throw unknownProfile(from, store);
  checkProfileName(to);
  if (store.has(to)) throw new SettingsError(`profile '${to}' already exists`, { hint: 'pick another name' });
  store.rename(from, to);
  store.save();
  return { file: store.path, profile: to, current: store.current() ?? null };
}

export function listProfiles(store: ProfileStore): ProfileListJson {
  const current = store.current() ?? null;
  return {
    file: store.path,
    current,
    profiles: store.names().map((name) => {
      let bootstrapServer: string[] | null = null;
      try {
        bootstrapServer = store.get(name).bootstrapServer?.slice() ?? null;
      } catch {
        // A profile this version cannot read is still listed; `profile show` says what is wrong.
      }
      return { name, current: name === current, bootstrapServer };
    }),
  };
}

export function showProfile(store: ProfileStore, name: string | undefined): ProfileView {
  const chosen = name ?? store.current();
  if (chosen === undefined) {
    throw new SettingsError('no profile is current', {
      hint: 'name one (kmirror profile show NAME), or kmirror profile use NAME',
    });
  }
  const p = store.get(chosen);
  const ref = (value: SecretRef | undefined) => (value === undefined ? null : describeSecretRef(value));
  return {
    name: chosen,
    current: store.current() === chosen,
    bootstrapServer: p.bootstrapServer?.slice() ?? null,
    commandConfig: p.commandConfig ?? null,
    tls: {
      enabled: p.tls?.enabled ?? null,
      ca: p.tls?.ca ?? null,
      cert: p.tls?.cert ?? null,
      key: p.tls?.key ?? null,
      insecure: p.tls?.insecure ?? false,
    },
    sasl: {
      mechanism: p.sasl?.mechanism ?? null,
      username: p.sasl?.username ?? null,
      password: ref(p.sasl?.password),
      oauthToken: ref(p.sasl?.oauthToken),
    },
    protocol: p.protocol ?? null,
    apiKeys: p.apiKeys ?? null,
    apiVersions: p.apiVersions ?? null,
    defaults: { output: p.defaults?.output ?? null, timeout: p.defaults?.timeout ?? null },
  };
}

export { ProfileStore };
