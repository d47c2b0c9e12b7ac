// The periodic sync's copy of consumer-group offsets, as the prototype does it: matching groups on MIRRORING
// topics get the source's offset exactly as a simple commit; groups with members here are skipped with a warning.

import type { EmulatedCluster } from './cluster-model.js';
import { SIMPLE_COMMITTER, type ConsumerGroup } from './groups.js';
import { patternFilterOf, type PatternFilter } from './patterns.js';
import type { Topic } from './topics.js';
import { mirrorCoordinatorOf } from './mirror-coordinators.js';

export const GROUPS_INCLUDE = 'mirror.groups.include';
export const GROUPS_EXCLUDE = 'mirror.groups.exclude';

export function groupFilterOf(configs: ReadonlyMap<string, string> | undefined): PatternFilter | null {
  return patternFilterOf(configs, GROUPS_INCLUDE, GROUPS_EXCLUDE);
}

export function groupSelected(filter: PatternFilter, groupId: string): boolean {
  return filter.include !== null && filter.include.test(groupId) && !filter.exclude?.test(groupId);
}

export function activeOnDestinationWarning(mirrorName: string, groupId: string): string {
  return `Skipping offset sync of group ${groupId} for mirror ${mirrorName}: the group is active on destination`;
}

export function syncGroupOffsets(destination: EmulatedCluster, mirrorName: string, source: EmulatedCluster): void {
  const filter = groupFilterOf(destination.mirrors.configsOf(mirrorName));
  if (!filter) return;
  const mirrored = new Map<string, Topic>();
  for (const topic of destination.mirrors.topicsOf(mirrorName)) {
    if (topic.mirror?.desired === 'MIRRORING') mirrored.set(topic.name, topic);
  }
  if (mirrored.size === 0) return;
  const now = destination.clock.now();
  // The broker running the sync copies only partitions it holds a replica of (PROTOCOL.md §18).
  const syncing = mirrorCoordinatorOf(destination, mirrorName);
  for (const group of source.groups.values()) {
    if (!groupSelected(filter, group.id)) continue;
    const offsets = mirroredOffsets(group, mirrored, syncing);
    if (offsets.length === 0) continue;
    if (destination.groups.refusal(group.id, SIMPLE_COMMITTER) !== null) {
      destination.groups.log(activeOnDestinationWarning(mirrorName, group.id));
      continue;
    }
    for (const o of offsets) {
      destination.groups.commit(group.id, o.topic, o.partition, {
        offset: o.offset,
        leaderEpoch: o.leaderEpoch,
        metadata: o.metadata,
        committedAt: now,
      });
    }
  }
}

interface SourceOffset {
  readonly topic: string;
  readonly partition: number;
  readonly offset: bigint;
  readonly leaderEpoch: number;
  readonly metadata: string | null;
}

function mirroredOffsets(group: ConsumerGroup, mirrored: ReadonlyMap<string, Topic>, syncing: number): SourceOffset[] {
  const out: SourceOffset[] = [];
  for (const [topicName, partitions] of group.offsets) {
    const topic = mirrored.get(topicName);
    if (!topic) continue;
    for (const [partition, c] of partitions) {
      const local = topic.partitions[partition];
      if (!local || (syncing >= 0 && !local.replicas.includes(syncing))) continue;
      out.push({ topic: topicName, partition, offset: c.offset, leaderEpoch: c.leaderEpoch, metadata: c.metadata });
    }
  }
  return out;
}
