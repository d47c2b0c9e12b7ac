// The emulator's state types in one place; the cluster as state and API code see it is in cluster-model.ts.

import type { DesiredState, MirrorPartition } from './partition-state.js';
import type { OpenTransaction } from './transactions.js';

export type { DesiredState, FailbackStep, FailureRecord, MirrorPartition, MirrorStateName } from './partition-state.js';
export type { OpenTransaction } from './transactions.js';

export interface RequestContext {
  readonly principal: string;
  readonly nodeId: number;
  /** True when the request reached a controller directly (not forwarded by a broker). */
  readonly isController?: boolean;
}

export interface Partition {
  readonly index: number;
  readonly replicas: readonly number[];
  leader: number;
  leaderEpoch: number;
  /** End offset at `anchorMs` (the whole end offset while frozen). */
  base: bigint;
  anchorMs: number;
  /**
   * Points (end offset, time) the end passed through, oldest first, so a record generated after its offset was
   * passed gets the time it was produced at, not the time it was first read (topics.ts, at most END_POINTS).
   */
  ends?: Array<{ readonly end: bigint; readonly atMs: number }>;
  mirror: MirrorPartition | null;
  epochs: Array<{ readonly epoch: number; readonly start: bigint }>;
  /** Read-only although in no mirror: its mirror was deleted and no restart has happened since. */
  readOnlyUntilRestart?: boolean;
  openTransaction: OpenTransaction | null;
}

export interface MirrorLink {
  name: string;
  desired: DesiredState;
  changedAt: number;
}

export interface Topic {
  readonly name: string;
  readonly id: string;
  readonly internal: boolean;
  readonly partitions: Partition[];
  readonly configs: Map<string, string>;
  growthPerSec: number;
  mirror: MirrorLink | null;
}

export interface MirrorTiming {
  readonly logTruncationMs: number;
  readonly pausingMs: number;
  readonly stoppingMs: number;
  readonly copyRecordsPerSec: number;
  /** The prototype's start/config-change transient FAILED (retry 1); 0 turns it and the first-fetch delay off. */
  readonly startupFailureMs: number;
  /** While a source is unreachable, a retry waits behind the blocked source-metadata sync this long. */
  readonly sourceRequestTimeoutMs: number;
  readonly restartRecoveryMs: number;
  /** A failback's LOG_TRUNCATION: admin lookups to the source (ClusterMirrorCoordinator.scheduleTruncation). */
  readonly failbackTruncationMs: number;
  readonly epochFencingMs: number;
  /** A failback's first MIRRORING before its fetcher set-up fails once (source leader not cached yet). */
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
