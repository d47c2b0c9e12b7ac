// Mirror partition states (PROTOCOL.md §10) and the per-partition record the engine keeps for a
// mirror topic: the cached state plus the failure record, kept apart from the topic's desired
// state exactly as the prototype keeps MirrorTopicStateChangeRecord apart from `__mirror_state`.

export const MirrorState = {
  LOG_TRUNCATION: 0,
  EPOCH_FENCING: 1,
  MIRRORING: 2,
  PAUSING: 3,
  PAUSED: 4,
  STOPPING: 5,
  STOPPED: 6,
  FAILED: 7,
  UNKNOWN: -1,
} as const;

export type MirrorStateName = keyof typeof MirrorState;

/** What the controller can ask a mirror topic to be. */
export type DesiredState = 'MIRRORING' | 'PAUSED' | 'STOPPED';

const ALLOWED_FROM: Record<MirrorStateName, readonly MirrorStateName[] | 'any'> = {
  LOG_TRUNCATION: ['UNKNOWN', 'STOPPED', 'FAILED'],
  EPOCH_FENCING: ['MIRRORING'],
  MIRRORING: ['LOG_TRUNCATION', 'EPOCH_FENCING', 'PAUSED', 'FAILED'],
  PAUSING: ['MIRRORING'],
  PAUSED: ['PAUSING'],
  STOPPING: ['LOG_TRUNCATION', 'EPOCH_FENCING', 'MIRRORING', 'PAUSING', 'PAUSED', 'FAILED'],
  STOPPED: ['STOPPING'],
  FAILED: 'any',
  UNKNOWN: [],
};

/** The prototype's `isValidTransition`; a self-transition is always allowed. */
export function isValidTransition(from: MirrorStateName, to: MirrorStateName): boolean {
  if (from === to) return true;
  const allowed = ALLOWED_FROM[to];
  return allowed === 'any' || allowed.includes(from);
}

export interface FailureRecord {
  /** Attempts so far (1, 2, ...); -1 for a failure that is never retried. */
  retryAttempt: number;
  /** Null in a mirror loop's every other attempt (PROTOCOL.md §18), as the prototype reports it. */
  message: string | null;
}

export interface MirrorPartition {
  state: MirrorStateName;
  /** State before the current failure; decides where a successful retry goes. */
  preFailureState: MirrorStateName;
  /** Cleared on LOG_TRUNCATION, PAUSED and STOPPED only, as in the prototype. */
  failure: FailureRecord | null;
  /** End of the current timed phase, or the next retry while FAILED; Infinity when none. */
  deadline: number;
  /** While FAILED: when the retry's backoff is over (the retry may run later, see engine-tick's nextRetryAt). */
  retryDueAt: number;
  /** Engine time up to which this partition has been advanced. */
  processedAt: number;
  /** Engine time up to which records have been copied while MIRRORING. */
  fetchedAt: number;
  /** Fraction of a record owed by the copy rate, so slow ticks still make progress. */
  carry: number;
  /** Source high watermark seen at the last fetch; -1n before the first one. */
  sourceOffset: bigint;
  lastMirrorEpoch: number;
  /**
   * The destination end offset the last mirrored record reached, kept when mirroring stops (the stop
   * marker comes after it); what the seed's LastMirroredOffsets answers. -1n before any stop.
   */
  lastMirroredOffset: bigint;
  /** FAILED only for the start (or config change) transient; its retry keeps the failure record. */
  startup: boolean;
  /** Set when leaving the startup transient: the next MIRRORING holds its first fetch for a moment. */
  firstFetchPending: boolean;
  /** No fetch before this engine time; offsets read 0 until then. */
  fetchHoldUntil: number;
  /** When the last fetch response arrived (offsets and lag are as of then). */
  lastFetchAt: number;
  /** A MIRRORING partition still carrying the record of a failure drops it at this engine time (§18: ~3 s). */
  failureClearAt: number;
  /** EPOCH_FENCING: the leader epoch BumpLeaderEpochs raises this partition to. */
  fenceTo: number;
  /** Whether a fetch ever answered for this association; a log that never had one is truncated to 0. */
  fetched: boolean;
  /** Where a failback stands (engine-tick.ts: completePhase, refreshFailbackMetadata, copy); null outside one. */
  failbackStep: FailbackStep | null;
  /**
   * The desired state this partition acts on; null until it takes in its topic's first one. It
   * differs from the topic's when a change arrived while the partition was FAILED: the prototype's
   * partition never takes that change in (§18: a stop through a stored exclude pattern is ignored by
   * FAILED partitions, which go MIRRORING when the source returns). Only a restart picks it up again.
   */
  follows: DesiredState | null;
  /** The topic's `changedAt` this partition last took in or missed. */
  seenChangeAt: number;
}

/**
 * A failback on the prototype (§18): MIRRORING before the source's metadata is read, then the one
 * FAILED retry of that read, then MIRRORING again, with the cut made by the fetcher's first fetch.
 */
export type FailbackStep = 'metadata-refresh' | 'fetcher-truncation';

export function newMirrorPartition(now: number): MirrorPartition {
  return {
    state: 'UNKNOWN',
    preFailureState: 'UNKNOWN',
    failure: null,
    deadline: Infinity,
    retryDueAt: Infinity,
    processedAt: now,
    fetchedAt: now,
    carry: 0,
    sourceOffset: -1n,
    lastMirrorEpoch: -1,
    lastMirroredOffset: -1n,
    startup: false,
    firstFetchPending: false,
    fetchHoldUntil: 0,
    lastFetchAt: -Infinity,
    failureClearAt: Infinity,
    fenceTo: -1,
    fetched: false,
    failbackStep: null,
    follows: null,
    seenChangeAt: -Infinity,
  };
}
