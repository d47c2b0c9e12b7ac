// A simulated restart of every destination broker of a cluster, as far as mirroring sees it: what
// the brokers held in memory is gone (non-retryable failure marks, the last sync's cluster id check),
// the periodic sync runs again at once, and partitions that missed a desired-state change while they
// were FAILED read it again from the metadata log, though not all of them (PROTOCOL.md §18: a restart
// stopped one partition of a two-partition topic wedged MIRRORING and left the other MIRRORING).
// Topics, mirrors and their configs are metadata and stay.

import type { EmulatedCluster } from './cluster-model.js';
import { advanceMirrors, forgetNonRetryableFailures, takeInMissedChange } from './engine-tick.js';
import type { Topic } from './topics.js';
import { liftFencesAtRestart } from './deleted-mirror-fence.js';

export interface RestartOptions {
  /**
   * Which of the partitions that missed their topic's desired state take it in at this restart. How
   * the prototype picks is not known; by default every other one of each topic (the 1st, 3rd, … of
   * those still missing it, in partition order), so a two-partition topic gets one stopped and one
   * left MIRRORING, as seen, and a second restart takes in the rest.
   */
  readonly takesInMissedChange?: (topic: string, partition: number, position: number) => boolean;
}

export interface RestartReport {
  /** `topic-partition` of every partition that took in the desired state it had missed. */
  readonly tookIn: string[];
  /** `topic-partition` of every partition that still acts on an older desired state than its topic's. */
  readonly stillMissing: string[];
}

const EVERY_OTHER = (_topic: string, _partition: number, position: number): boolean => position % 2 === 0;

export function restartBrokers(cluster: EmulatedCluster, options: RestartOptions = {}): RestartReport {
  const now = cluster.clock.now();
  advanceMirrors(cluster, now);
  cluster.sourceIdMismatch.clear();
  forgetNonRetryableFailures(cluster, now);
  liftFencesAtRestart(cluster.topics.values(), now);
  const report = takeInMissedChanges(cluster, options.takesInMissedChange ?? EVERY_OTHER);
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
