// `config set` of a key that says which cluster a mirror copies from (mirror.source.cluster.id,
// bootstrap.servers, security.protocol, sasl.*, ssl.*) on a mirror with topics: before anything is
// sent, kmirror reaches the source with the settings as they would be after the change and checks
// the cluster id it reports. A wrong id fails every partition for good at the broker's next sync
// (only a restart of the destination brokers clears it) and an unreachable source fails them until
// it answers, so both are refused (exit 2); --force applies the change without asking the source.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { MirroringDisabledError } from '../../kafka/errors.js';
import { type ConfigChange, readStoredConfigs } from './config.js';
import { splitListValue } from './config-keys.js';
import { describeMirrors } from '../describe/describe.js';
import { InvalidInputError } from '../core/errors.js';
import { isConnectionKey, sourceConnection } from '../core/source-client.js';
import { checkSourceClusterId, reasonOf } from './source-cluster-id.js';
import { BOOTSTRAP_KEY, SOURCE_CLUSTER_ID_KEY } from './config-keys.js';
import { lookupSourceClusterId } from './source-cluster-id.js';

/** Whether the changes touch how the brokers reach the source, or which cluster they expect there. */
export function changesSourceIdentity(changes: readonly ConfigChange[]): boolean {
  return changes.some((c) => c.name === SOURCE_CLUSTER_ID_KEY || isConnectionKey(c.name));
}

/** Pure: the stored configs as the broker holds them after the changes (APPEND/SUBTRACT on comma lists). */
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

/** Topics of the mirror with a partition that is not STOPPED: the ones a broken source would fail. */
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
  /** Apply the change without asking the source. */
  readonly force: boolean;
}

/**
 * Refuses (InvalidInputError, exit 2) a change that would leave a mirror with topics pointing at a
 * source it cannot reach, one that reports another cluster id, or the destination itself; --force
 * applies it without asking the source, with a warning.
 */
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
