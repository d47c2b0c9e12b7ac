// The state types of the emulator in one place: topics and partitions as the engine keeps them, who
// sent a request, and the engine's timing. Files that change state import their types from here;
// the cluster itself, as state and API code see it, is in cluster-model.ts.

import type { DesiredState, MirrorPartition } from './partition-state.js';
import type { OpenTransaction } from './transactions.js';

export type { DesiredState, FailbackStep, FailureRecord, MirrorPartition, MirrorStateName } from './partition-state.js';
export type { OpenTransaction } from './transactions.js';

export interface RequestContext {
  /** e.g. 'User:alice'; 'User:ANONYMOUS' on an unauthenticated listener. */
  readonly principal: string;
  readonly nodeId: number;
  /** True when the request reached a controller directly (not forwarded by a broker). */
  readonly isController?: boolean;
}

export interface Partition {
  readonly index: number;
  readonly replicas: readonly number[];
  /** First live replica; -1 when every replica is down. */
  leader: number;
  leaderEpoch: number;
  /** End offset at `anchorMs` (the whole end offset while frozen). */
  base: bigint;
  anchorMs: number;
  mirror: MirrorPartition | null;
  /** Which leader epoch wrote which records (the leader-epoch checkpoint); see epoch-history.ts. */
  epochs: Array<{ readonly epoch: number; readonly start: bigint }>;
  /** Read-only although in no mirror: its mirror was deleted and no restart has happened since. */
  readOnlyUntilRestart?: boolean;
  /** The oldest open transaction (transactions.ts); null when none. */
  openTransaction: OpenTransaction | null;
}

/** The association a MirrorTopicStateChangeRecord gives a topic. */
export interface MirrorLink {
  name: string;
  desired: DesiredState;
  /** When the desired state last changed; the engine reacts from that moment. */
  changedAt: number;
}

export interface Topic {
  readonly name: string;
  readonly id: string;
  readonly internal: boolean;
  readonly partitions: Partition[];
  /** Dynamic topic-level overrides (DescribeConfigs source DYNAMIC_TOPIC_CONFIG). */
  readonly configs: Map<string, string>;
  growthPerSec: number;
  mirror: MirrorLink | null;
}

export interface MirrorTiming {
  /** How long a partition stays in LOG_TRUNCATION before MIRRORING. */
  readonly logTruncationMs: number;
  readonly pausingMs: number;
  readonly stoppingMs: number;
  /** Records per second and partition a MIRRORING partition copies from its source. */
  readonly copyRecordsPerSec: number;
  /**
   * How long a newly started partition, and every partition of a mirror whose config changed, stays
   * FAILED ("Failed to get source metadata", retry 1) before it mirrors, as on the prototype broker.
   * Its first fetch then reports source and destination offset 0 for {@link FIRST_FETCH_DELAY_MS}.
   * 0 turns both off, for tests that need a partition MIRRORING at once.
   */
  readonly startupFailureMs: number;
  /**
   * While a source is unreachable, a retry runs no earlier than this request timeout after its failure
   * (it waits behind the blocked source-metadata sync; engine-tick.ts nextRetryAt).
   */
  readonly sourceRequestTimeoutMs: number;
  /** After a simulated broker restart, how long a partition freed of a non-retryable failure waits. */
  readonly restartRecoveryMs: number;
  /**
   * LOG_TRUNCATION of a failback (the source mirrored this topic from here): the new mirror's first
   * ListClusterMirrors and DescribeClusterMirrors (last-mirror-epoch lookup) to the source, each from a
   * source admin client that still has to connect (ClusterMirrorCoordinator.scheduleTruncation):
   * 370-500 ms on the prototype, long enough to be seen.
   */
  readonly failbackTruncationMs: number;
  /** EPOCH_FENCING: how long BumpLeaderEpochs takes before the partition mirrors again. */
  readonly epochFencingMs: number;
  /**
   * A failback's first MIRRORING, before its fetcher set-up fails once ("Failed to get source metadata",
   * the source leader is not cached yet): 10-80 ms on the prototype, so a poll sees LOG_TRUNCATION → FAILED.
   */
  readonly failbackMetadataRefreshMs: number;
}

export interface CreateTopicOptions {
  readonly partitions?: number;
  readonly replicationFactor?: number;
  readonly id?: string;
  readonly configs?: Readonly<Record<string, string>>;
  readonly growthPerSec?: number;
  readonly initialOffset?: bigint;
  readonly internal?: boolean;
}
