// Leader-epoch bumps of a mirror destination, as the prototype computes them. A bump asks the
// controller for MinLeaderEpoch = source epoch + 10 whenever the source partition's epoch is within 3
// of the local one (MirrorMetadataManager.collectEpochBumpTargets, ClusterMirrorUtils'
// LEADER_EPOCH_BUMP_INCREMENT / _THRESHOLD), and the controller sets the epoch to MinLeaderEpoch + 1
// unless it is already higher (PartitionChangeBuilder.computeLeaderEpoch): a first sync takes 0 to 11.
// The periodic sync bumps every topic of a mirror that is not PAUSED (STOPPED ones too), but only while
// the mirror has at least one topic desired MIRRORING (syncSourceConfigsAndOffsets). After a failback,
// two clusters that mirror a topic from each other that way raise it past each other at every sync,
// +11 per side (the leader-epoch war: B 11 → 33 → 55, A 22 → 44 on the prototype); deleting the old
// mirror (its STOPPED topics leave its topic set) ends it.

import type { EmulatedCluster } from './cluster-model.js';
import { sourceStatus } from './source-link.js';
import { materialize, type Partition } from './topics.js';

export const LEADER_EPOCH_BUMP_THRESHOLD = 3;
export const LEADER_EPOCH_BUMP_INCREMENT = 10;

/** The MinLeaderEpoch a bump asks for against a source partition at `sourceEpoch`; null for no bump. */
export function bumpTarget(sourceEpoch: number, localEpoch: number): number | null {
  if (sourceEpoch < 0 || sourceEpoch <= localEpoch - LEADER_EPOCH_BUMP_THRESHOLD) return null;
  return sourceEpoch + LEADER_EPOCH_BUMP_INCREMENT;
}

/** The controller's side of BumpLeaderEpochs: MinLeaderEpoch + 1, or unchanged when already above it. */
export function bumpLeaderEpoch(p: Partition, minEpoch: number | null): void {
  if (minEpoch === null || minEpoch < 0 || p.leaderEpoch > minEpoch) return;
  p.leaderEpoch = minEpoch + 1;
}

/** The periodic sync's bump; runs once the engine has advanced every partition to `now`. */
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
