// A simulated restart of every destination broker of a cluster, as far as mirroring sees it: what
// the brokers held in memory is gone (non-retryable failure marks, the last sync's cluster id check),
// the periodic sync runs again at once, and partitions that missed a desired-state change while they
// were FAILED may read it again from the metadata log. Whether one does is a race on the prototype
// (MirrorMetadataManager.processStateTransitions against ClusterMirrorCoordinator's replay of the
// partition's `__mirror_state` shard): read before its shard is replayed, the partition's state is
// UNKNOWN, UNKNOWN → STOPPING is refused, and the replay then resumes the stored MIRRORING. §18 saw a
// restart stop 1 of 2 partitions of a wedged topic, a later run 0 of 2.
// Topics, mirrors and their configs are metadata and stay.

import type { EmulatedCluster } from './cluster-model.js';
import { advanceMirrors, forgetNonRetryableFailures, takeInMissedChange } from './engine-tick.js';
import type { Topic } from './topics.js';
import { liftFencesAtRestart } from './deleted-mirror-fence.js';
import { SeededRandom } from './random.js';

export interface RestartOptions {
  /**
   * Which of the partitions that missed their topic's desired state take it in at this restart (win
   * the race above). By default a draw seeded by the cluster id, the restart's number and the
   * partition, even odds for each: the same run gives the same answer, and a later restart draws anew.
   */
  readonly takesInMissedChange?: (topic: string, partition: number, position: number) => boolean;
}

export interface RestartReport {
  /** `topic-partition` of every partition that took in the desired state it had missed. */
  readonly tookIn: string[];
  /** `topic-partition` of every partition that still acts on an older desired state than its topic's. */
  readonly stillMissing: string[];
}

const restartsOf = new WeakMap<EmulatedCluster, number>();

/** The default race: whether the partition's `__mirror_state` shard was replayed before its metadata was read. */
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

/**
 * A FAILED partition fails again as the broker comes up (its source still does not answer, or its
 * mark was just forgotten and it retries), so only the ones that are running take the change in.
 */
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

/** Partitions of a mirror topic acting on another desired state than the topic's, in index order. */
export function missingPartitions(topic: Topic): number[] {
  const desired = topic.mirror?.desired;
  return topic.partitions
    .filter((p) => p.mirror && p.mirror.follows !== null && p.mirror.follows !== desired)
    .map((p) => p.index);
}
