// Construction options of an emulated cluster and the engine's timing knobs.

import type { Authorizer } from './acl.js';
import type { Clock } from './clock.js';
import type { ClusterRegistry } from './registry.js';
import type { MirrorTiming } from './types.js';

export type { CreateTopicOptions, MirrorTiming } from './types.js';

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
  readonly brokerConfigs?: Readonly<Record<string, string>>;
  readonly timing?: Partial<MirrorTiming>;
  readonly verifySourceClusterId?: boolean;
}
