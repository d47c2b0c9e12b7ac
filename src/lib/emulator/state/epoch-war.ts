// The leader-epoch war seen on the prototype after a failback: while each cluster has a mirror whose
// topic set holds the other's topic (even a STOPPED one) and one of them still fetches it, every
// periodic sync on either side raises that topic's leader epoch past the other side's (§18: 164 → 186
// → 208). The side that mirrors did NOT flap to FAILED over 23 minutes on the prototype, so it stays
// MIRRORING here too. Deleting the old mirror (its STOPPED topics leave its topic set) ends it.

import type { EmulatedCluster } from './cluster-model.js';
import { inEpochWar } from './failback.js';
import { sourceStatus } from './source-link.js';
import { materialize } from './topics.js';

/** Runs after the periodic sync, once the engine has advanced every partition to `now`. */
export function raiseEpochsAgainstReverseMirrors(cluster: EmulatedCluster, now: number): void {
  if (!cluster.mirroringEnabled()) return;
  for (const mirrorName of cluster.mirrors.namesWithTopics()) {
    const status = sourceStatus(cluster, mirrorName);
    if (!status.ok) continue;
    for (const topic of cluster.mirrors.topicsOf(mirrorName)) {
      const other = inEpochWar(cluster, topic, status.cluster);
      if (!other) continue;
      for (const p of topic.partitions) {
        const theirs = other.partitions[p.index]?.leaderEpoch ?? -1;
        materialize(topic, p, now);
        p.leaderEpoch = Math.max(p.leaderEpoch, theirs) + 1;
      }
    }
  }
}
