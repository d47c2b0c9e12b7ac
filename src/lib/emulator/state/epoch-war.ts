// Leader-epoch bumps of a mirror destination: MinLeaderEpoch = source epoch + 10 when within 3 of the local one
// (MirrorMetadataManager.collectEpochBumpTargets); the controller sets MinLeaderEpoch + 1 (computeLeaderEpoch).
// After a failback two clusters mirroring each other raise it at every sync (the epoch war) until the old mirror goes.

import type { EmulatedCluster } from './cluster-model.js';
import { sourceStatus } from './source-link.js';
import { materialize, type Partition } from './topics.js';

export const LEADER_EPOCH_BUMP_THRESHOLD = 3;
export const LEADER_EPOCH_BUMP_INCREMENT = 10;

export function bumpTarget(sourceEpoch: number, localEpoch: number): number | null {
  if (sourceEpoch < 0 || sourceEpoch <= localEpoch - LEADER_EPOCH_BUMP_THRESHOLD) return null;
  return sourceEpoch + LEADER_EPOCH_BUMP_INCREMENT;
}

/** The controller's side of BumpLeaderEpochs: MinLeaderEpoch + 1, or unchanged when already above it. */
export function bumpLeaderEpoch(p: Partition, minEpoch: number | null): void {
  if (minEpoch === null || minEpoch < 0 || p.leaderEpoch > minEpoch) return;
  p.leaderEpoch = minEpoch + 1;
}

export function bumpEpochsAtSync(cluster: EmulatedCluster, now: number): void {
  if (!cluster.mirroringEnabled()) return;
  for (const mirrorName of cluster.mirrors.namesWithTopics()) {
    const topics = [...cluster.mirrors.topicsOf(mirrorName)];
    if (!topics.some((t) => t.mirror?.desired === 'MIRRORING')) continue;
    const status = sourceStatus(cluster, mirrorName);
    if (!status.ok) continue;
    for (const topic of topics) {
      const sourceTopic = status.cluster.topics.get(topic.name);
      if (topic.mirror?.desired === 'PAUSED' || !sourceTopic) continue;
      for (const p of topic.partitions) {
        const target = bumpTarget(sourceTopic.partitions[p.index]?.leaderEpoch ?? -1, p.leaderEpoch);
        if (target === null) continue;
        materialize(topic, p, now);
        bumpLeaderEpoch(p, target);
      }
    }
  }
}
