// Construction options of an emulated cluster and the engine's timing knobs.

import type { Authorizer } from './acl.js';
import type { Clock } from './clock.js';
import type { ClusterRegistry } from './registry.js';

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

export const DEFAULT_TIMING: MirrorTiming = {
  logTruncationMs: 500,
  // The prototype showed no PAUSING ~150 ms after a pause (PROTOCOL.md §18).
  pausingMs: 100,
  stoppingMs: 200,
  copyRecordsPerSec: 10_000,
  startupFailureMs: 2000,
  sourceRequestTimeoutMs: 30_000,
  restartRecoveryMs: 3000,
  failbackTruncationMs: 400,
  epochFencingMs: 300,
  failbackMetadataRefreshMs: 50,
};

/** How long a partition that just left its startup failure reports offsets 0/0 before its first fetch. */
export const FIRST_FETCH_DELAY_MS = 1000;

/** §18: about 3 s after a partition is MIRRORING again, RetryAttempt is back to 0 and ErrorMessage to null. */
export const FAILURE_RECORD_CLEAR_MS = 3000;

/** `metadata.version` 4.2-IV2, the first level that allows `mirror.version` 1. */
export const MIRROR_METADATA_VERSION = 30;

export interface EmulatedClusterOptions {
  readonly name?: string;
  /** Seeds cluster and topic ids; defaults to the name. */
  readonly seed?: string | number;
  readonly clusterId?: string;
  readonly nodeCount?: number;
  readonly firstNodeId?: number;
  readonly clock?: Clock;
  readonly registry?: ClusterRegistry;
  readonly authorizer?: Authorizer;
  /** Finalized `mirror.version`; 1 unless told otherwise (the emulator exists to mirror). */
  readonly mirrorVersion?: 0 | 1;
  readonly metadataVersion?: number;
  /** Static broker configs (server.properties), e.g. `mirror.failed.retry.max.attempts`. */
  readonly brokerConfigs?: Readonly<Record<string, string>>;
  readonly timing?: Partial<MirrorTiming>;
  /** Fail partitions when the source's id differs from the stored `mirror.source.cluster.id`. */
  readonly verifySourceClusterId?: boolean;
}

export interface CreateTopicOptions {
  readonly partitions?: number;
  readonly replicationFactor?: number;
  readonly id?: string;
  readonly configs?: Readonly<Record<string, string>>;
  /** Records per second appended to each partition. */
  readonly growthPerSec?: number;
  readonly initialOffset?: bigint;
  readonly internal?: boolean;
}
