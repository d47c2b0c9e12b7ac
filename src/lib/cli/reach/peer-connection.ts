// A second cluster's connection for the commands that talk to two (failback: -b is B, --to is A):
// `--to` names a saved profile, or else gives bootstrap addresses, with `--to-config` for a Kafka
// client properties file. None of this command's KMIRROR_* settings apply to it: they describe -b.

import { existsSync } from 'node:fs';
import { type ConnectionConfig, resolveConnectionConfig } from '../../connection/connection-config.js';
import { profileConnectionValues } from '../../connection/profile-yaml.js';
import { ProfileStore, profileFilePath } from '../../connection/profile-file.js';
import { UsageError } from '../failures/errors.js';

export interface PeerConnectionOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly ask: (question: string) => Promise<string>;
  readonly warn: (message: string) => void;
}

function foreignEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('KMIRROR_')));
}

export async function peerConnection(
  to: string,
  toConfig: string | undefined,
  options: PeerConnectionOptions,
): Promise<{ settings: ConnectionConfig; profile: string | null }> {
  const env = foreignEnv(options.env);
  const path = profileFilePath(options.env);
  const store = existsSync(path) ? ProfileStore.load(path) : undefined;
  if (store?.has(to)) {
    const layer = profileConnectionValues(store.get(to), env, options.ask);
    const settings = await resolveConnectionConfig(toConfig === undefined ? {} : { commandConfig: toConfig }, {
      env: layer.env,
      profile: layer.flags,
      warn: options.warn,
    });
    return { settings, profile: to };
  }
  if (!to.includes(':')) {
    throw new UsageError(`--to '${to}' is neither a saved profile nor a host:port address`, {
      hint:
        `kmirror profile list shows the ` +
        `profiles${store ? `: ${store.names().join(', ') || 'none saved'}` : ''}; or give --to ` +
        `host:port[,host:port…]`,
    });
  }
  const settings = await resolveConnectionConfig(
    { bootstrapServer: to, ...(toConfig === undefined ? {} : { commandConfig: toConfig }) },
    { env, warn: options.warn },
  );
  return { settings, profile: null };
}
