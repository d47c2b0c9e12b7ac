// The playground's consumer groups commit a little behind the demo topics' end, so `kmirror groups` and promote
// have groups to show; with `activeOnDestination` one also consumes on the destination, which the sync skips.

import type { EmulatedCluster } from './state/cluster.js';

export interface PlaygroundGroup {
  readonly id: string;
  readonly topics: readonly string[];
  /** How many records each partition's commit stays behind the end while producers write. */
  readonly behind: bigint;
}

export const PLAYGROUND_GROUPS: readonly PlaygroundGroup[] = [
  { id: 'billing', topics: ['orders-us', 'orders-eu'], behind: 40n },
  { id: 'analytics', topics: ['orders-us', 'payments'], behind: 400n },
  { id: 'fraud-check', topics: ['payments'], behind: 5n },
];

/** The group that also runs a consumer on the destination with `activeOnDestination`. */
export const DESTINATION_ACTIVE_GROUP = 'billing';

const COMMIT_EVERY_MS = 1_000;

export interface PlaygroundConsumers {
  readonly groups: string[];
  readonly activeOnDestination: string | null;
  stop(): void;
}

export function commitPlaygroundGroups(source: EmulatedCluster, groups: readonly PlaygroundGroup[]): void {
  const now = source.clock.now();
  for (const group of groups) {
    for (const name of group.topics) {
      const topic = source.topics.get(name);
      if (!topic) continue;
      for (const p of topic.partitions) {
        const end = source.endOffset(name, p.index);
        const behind = source.trafficRunning ? group.behind : 0n;
        const offset = end > behind ? end - behind : 0n;
        source.groups.commit(group.id, name, p.index, { offset, leaderEpoch: -1, metadata: null, committedAt: now });
      }
    }
  }
}

export function startPlaygroundConsumers(
  source: EmulatedCluster,
  destination: EmulatedCluster,
  options: { activeOnDestination?: boolean } = {},
): PlaygroundConsumers {
  commitPlaygroundGroups(source, PLAYGROUND_GROUPS);
  const timer = setInterval(() => commitPlaygroundGroups(source, PLAYGROUND_GROUPS), COMMIT_EVERY_MS);
  timer.unref();
  let activeOnDestination: string | null = null;
  if (options.activeOnDestination) {
    destination.groups.markActive(DESTINATION_ACTIVE_GROUP, { clientId: 'playground-consumer' });
    activeOnDestination = DESTINATION_ACTIVE_GROUP;
  }
  return {
    groups: PLAYGROUND_GROUPS.map((g) => g.id),
    activeOnDestination,
    stop: () => clearInterval(timer),
  };
}
