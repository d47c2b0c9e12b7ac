// A simulated restart of a cluster's destination brokers: memory-only marks go, the sync runs at once, and a
// partition that missed a change while FAILED may take it in: a race on the prototype
// (MirrorMetadataManager.processStateTransitions against the `__mirror_state` shard replay; PROTOCOL.md §18).

import type { EmulatedCluster } from './cluster-model.js';
import { advanceMirrors, forgetNonRetryableFailures, takeInMissedChange } from './engine-tick.js';
import type { Topic } from './topics.js';
import { liftFencesAtRestart } from './deleted-mirror-fence.js';
import { SeededRandom } from './random.js';

export interface RestartOptions {
  /** Which partitions win that race; by default a draw seeded by cluster id, restart number and partition. */
  readonly takesInMissedChange?: (topic: string, partition: number, position: number) => boolean;
}

export interface RestartReport {
  readonly tookIn: string[];
  readonly stillMissing: string[];
}

const restartsOf = new WeakMap<EmulatedCluster, number>();

function shardReplayedFirst(cluster: EmulatedCluster): NonNullable<RestartOptions['takesInMissedChange']> {
  const restart = (restartsOf.get(cluster) ?? 0) + 1;
  restartsOf.set(cluster, restart);
  return (topic, partition) => new SeededRandom(`${cluster.clusterId}/${restart}/${topic}-${partition}`).next() < 0.5;
}

export function restartBrokers(cluster: EmulatedCluster, options: RestartOptions = {}): RestartReport {
  const now = cluster.clock.now();
  advanceMirrors(cluster, now);
  cluster.sourceIdMismatch.clear();
  forgetNonRetryableFailures(cluster, now);
  liftFencesAtRestart(cluster.topics.values(), now);
  const report = takeInMissedChanges(cluster, options.takesInMissedChange ?? shardReplayedFirst(cluster));
  cluster.nextSyncAt = now;
  return report;
}

/** A FAILED partition fails again as the broker comes up, so only running ones take the change in. */
function takeInMissedChanges(
  cluster: EmulatedCluster,
  picks: NonNullable<RestartOptions['takesInMissedChange']>,
): RestartReport {
  const tookIn: string[] = [];
  const stillMissing: string[] = [];
  for (const name of cluster.mirrors.namesWithTopics()) {
    for (const topic of cluster.mirrors.topicsOf(name)) {
      let position = 0;
      for (const index of missingPartitions(topic)) {
        const m = topic.partitions[index]?.mirror;
        const desired = topic.mirror?.desired;
        if (!m || !desired) continue;
        if (m.state !== 'FAILED' && picks(topic.name, index, position++)) {
          takeInMissedChange(m, desired);
          tookIn.push(`${topic.name}-${index}`);
        } else stillMissing.push(`${topic.name}-${index}`);
      }
    }
  }
  return { tookIn, stillMissing };
}

export function missingPartitions(topic: Topic): number[] {
  const desired = topic.mirror?.desired;
  return topic.partitions
    .filter((p) => p.mirror && p.mirror.follows !== null && p.mirror.follows !== desired)
    .map((p) => p.index);
}
