// `config set` of a key saying which cluster a mirror copies from, on a mirror with topics: the source is
// reached with the settings after the change first. A wrong id fails every partition for good at the next sync
// (only a broker restart clears it), an unreachable source until it answers: both refused; --force skips it.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { MirroringDisabledError } from '../../kafka/errors.js';
import { type ConfigChange, readStoredConfigs } from './config.js';
import { describeMirrors } from '../describe/describe.js';
import { InvalidInputError } from '../core/errors.js';
import { isConnectionKey, sourceConnection } from '../core/source-client.js';
import { checkSourceClusterId } from './source-cluster-id.js';
import { BOOTSTRAP_KEY, SOURCE_CLUSTER_ID_KEY } from './config-keys.js';
import { lookupSourceClusterId } from './source-cluster-id.js';
import { reasonOf } from '../core/source-access.js';
import { splitListValue } from '../core/list-value.js';

export function changesSourceIdentity(changes: readonly ConfigChange[]): boolean {
  return changes.some((c) => c.name === SOURCE_CLUSTER_ID_KEY || isConnectionKey(c.name));
}

export function configAfterChanges(
  stored: ReadonlyMap<string, string | null>,
  changes: readonly ConfigChange[],
): Map<string, string> {
  const after = new Map<string, string>();
  for (const [key, value] of stored) if (value !== null) after.set(key, value);
  for (const c of changes) {
    const items = splitListValue(after.get(c.name));
    const given = splitListValue(c.value);
    if (c.operation === 'SET') after.set(c.name, c.value);
    else if (c.operation === 'DELETE') after.delete(c.name);
    else if (c.operation === 'APPEND')
      after.set(c.name, [...items, ...given.filter((i) => !items.includes(i))].join(','));
    else after.set(c.name, items.filter((i) => !given.includes(i)).join(','));
  }
  return after;
}

async function liveTopics(client: KafkaClient, mirror: string): Promise<string[]> {
  try {
    const described = await describeMirrors(client, [mirror]);
    const topics = described.mirrors.find((m) => m.name === mirror)?.topics ?? [];
    return topics.filter((t) => t.partitions.some((p) => p.state !== 'STOPPED')).map((t) => t.name);
  } catch (err) {
    // config set works while mirroring is disabled, and then nothing mirrors.
    if (err instanceof MirroringDisabledError) return [];
    throw err;
  }
}

export interface SourceCheckDependencies {
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
  readonly force: boolean;
}

export async function checkSourceAfterChange(
  client: KafkaClient,
  mirror: string,
  changes: readonly ConfigChange[],
  deps: SourceCheckDependencies,
): Promise<void> {
  if (!changesSourceIdentity(changes)) return;
  const stored = await readStoredConfigs(client, mirror);
  const topics = await liveTopics(client, mirror);
  if (topics.length === 0) return;
  const affected = `mirror ${mirror} has ${topics.length} topic(s) that would go FAILED`;
  if (deps.force) {
    deps.warn(
      `the source settings of mirror ${mirror} are changed without asking the source (--force): if it cannot be ` +
        (`reached with them or reports another cluster id than ${SOURCE_CLUSTER_ID_KEY}, ${topics.length} ` +
          `topic(s) go FAILED`),
    );
    return;
  }
  const after = configAfterChanges(stored, changes);
  let settings: ConnectionConfig;
  let reported: string;
  try {
    settings = await sourceConnection({ mirror, stored: after }, deps.warn);
    reported = await lookupSourceClusterId(settings, deps.openSource);
  } catch (err) {
    throw new InvalidInputError(
      `cannot reach the source cluster with the settings after the change (${reasonOf(err)}): ${affected}; ` +
        `nothing was changed`,
      {
        hint:
          'fix the settings (kmirror config get shows them), or pass --force to apply the change without asking ' +
          'the source (when this machine cannot reach it the way the brokers do)',
      },
    );
  }
  const idChanged = changes.some((c) => c.name === SOURCE_CLUSTER_ID_KEY);
  const bootstrapChanged = changes.some((c) => c.name === BOOTSTRAP_KEY);
  checkSourceClusterId({
    expected: after.get(SOURCE_CLUSTER_ID_KEY) ?? null,
    reported,
    destination: (await client.clusterView()).clusterId,
    sourceLabel:
      `the source cluster at ` +
      `${settings.bootstrap.join(',')}${bootstrapChanged ? ' (the new bootstrap.servers)' : ''}`,
    origin: idChanged ? `the new ${SOURCE_CLUSTER_ID_KEY}` : `the stored ${SOURCE_CLUSTER_ID_KEY}`,
    fix: idChanged
      ? `if that is the right cluster, set ${SOURCE_CLUSTER_ID_KEY}=${reported}; otherwise fix bootstrap.servers`
      : `bootstrap.servers reaches another cluster than the mirror copies from: fix it, or set ` +
        `${SOURCE_CLUSTER_ID_KEY}=${reported} in the same command if the mirror should copy from that cluster`,
  });
}
