// The periodic mirror sync (exclude enforcement, config and group offset sync, auto-discovery), sent through the
// same Start/Stop RPCs an admin would use, as the prototype's brokers do, by a never-denied principal.

import { mirrorConfigKey } from '../../mirror/config/config-keys.js';
import type { RequestContext } from './types.js';
import type { EmulatedCluster } from './cluster-model.js';
import { syncGroupOffsets } from './group-sync.js';
import { topicFilterOf, type TopicFilter } from './patterns.js';
import { INTERNAL_PRINCIPAL } from './rpc-common.js';
import { sourceIdMismatch, sourceStatus } from './source-link.js';
import { startMirrorTopics } from '../apis/start-mirror-topics.js';
import { stopMirrorTopics } from '../apis/stop-pause-resume.js';
import type { Topic } from './topics.js';
import { splitListValue } from '../../mirror/core/list-value.js';

export function runPeriodicSync(cluster: EmulatedCluster, _now: number): void {
  if (!cluster.mirroringEnabled()) return;
  const ctx: RequestContext = { principal: INTERNAL_PRINCIPAL, nodeId: cluster.controllerId };
  const names = cluster.mirrors.names();
  const statuses = new Map(names.map((name) => [name, sourceStatus(cluster, name)]));
  // The prototype syncs all mirrors in one pass waiting on each source: one source down stalls every mirror.
  if ([...statuses.values()].some((s) => !s.ok)) return;
  for (const name of names) {
    const status = statuses.get(name);
    if (!status?.ok) continue;
    const mismatch = sourceIdMismatch(cluster, name, status.cluster);
    if (mismatch) cluster.sourceIdMismatch.set(name, mismatch);
    else cluster.sourceIdMismatch.delete(name);
    if (mismatch) continue;
    const filter = topicFilterOf(cluster.mirrors.configsOf(name));
    if (!filter) continue;
    enforceExclude(cluster, ctx, name, filter);
    syncTopicConfigs(cluster, name, status.cluster);
    syncGroupOffsets(cluster, name, status.cluster);
    discover(cluster, ctx, name, filter, status.cluster);
  }
}

function enforceExclude(cluster: EmulatedCluster, ctx: RequestContext, mirrorName: string, filter: TopicFilter): void {
  const exclude = filter.exclude;
  if (!exclude) return;
  const matching = [...cluster.mirrors.topicsOf(mirrorName)].filter(
    (t) => t.mirror?.desired === 'MIRRORING' && exclude.test(t.name),
  );
  for (const topic of matching)
    stopMirrorTopics(cluster, ctx, { MirrorName: mirrorName, Topics: [{ TopicName: topic.name }] });
}

function discover(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  mirrorName: string,
  filter: TopicFilter,
  source: EmulatedCluster,
): void {
  const include = filter.include;
  if (!include) return;
  const configured = new Set([...cluster.mirrors.topicsOf(mirrorName)].map((t) => t.name));
  const found: Topic[] = [];
  for (const topic of source.topics.values()) {
    if (topic.internal || configured.has(topic.name)) continue;
    if (!include.test(topic.name) || filter.exclude?.test(topic.name)) continue;
    found.push(topic);
  }
  if (found.length === 0) return;
  startMirrorTopics(cluster, ctx, {
    MirrorName: mirrorName,
    Topics: found.map((t) => ({ TopicId: t.id, TopicName: t.name, NumPartitions: t.partitions.length })),
  });
}

/** Copies the source's topic overrides minus `mirror.topic.properties.exclude`; deletions are not copied. */
function syncTopicConfigs(cluster: EmulatedCluster, mirrorName: string, source: EmulatedCluster): void {
  const stored = cluster.mirrors.config(mirrorName, 'mirror.topic.properties.exclude');
  const excluded = new Set(splitListValue(stored ?? mirrorConfigKey('mirror.topic.properties.exclude')?.default));
  for (const topic of cluster.mirrors.topicsOf(mirrorName)) {
    if (topic.mirror?.desired !== 'MIRRORING') continue;
    const sourceTopic = source.topics.get(topic.name);
    if (!sourceTopic) continue;
    for (const [key, value] of sourceTopic.configs) {
      if (!excluded.has(key)) topic.configs.set(key, value);
    }
  }
}
