// Mirror partition states (PROTOCOL.md §10) and the engine's per-partition record, kept apart from the topic's
// desired state as the prototype keeps MirrorTopicStateChangeRecord apart from `__mirror_state`.

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

export function isValidTransition(from: MirrorStateName, to: MirrorStateName): boolean {
  if (from === to) return true;
  const allowed = ALLOWED_FROM[to];
  return allowed === 'any' || allowed.includes(from);
}

export interface FailureRecord {
  /** Attempts so far; -1 for a failure that is never retried. */
  retryAttempt: number;
  /** Null in a mirror loop's every other attempt (PROTOCOL.md §18). */
  message: string | null;
}

export interface MirrorPartition {
  state: MirrorStateName;
  /** State before the current failure; where a successful retry goes. */
  preFailureState: MirrorStateName;
  /** Cleared on LOG_TRUNCATION, PAUSED and STOPPED only, as in the prototype. */
  failure: FailureRecord | null;
  deadline: number;
  retryDueAt: number;
  processedAt: number;
  fetchedAt: number;
  carry: number;
  sourceOffset: bigint;
  lastMirrorEpoch: number;
  /** The end offset the last mirrored record reached, kept on stop; the seed's LastMirroredOffsets. */
  lastMirroredOffset: bigint;
  startup: boolean;
  firstFetchPending: boolean;
  fetchHoldUntil: number;
  lastFetchAt: number;
  /** A MIRRORING partition drops the record of a past failure at this time (§18: ~3 s). */
  failureClearAt: number;
  fenceTo: number;
  /** A log whose association never had a fetch answered is truncated to 0. */
  fetched: boolean;
  failbackStep: FailbackStep | null;
  /** The desired state acted on: a change arriving while FAILED is never taken in (§18); a restart picks it up. */
  follows: DesiredState | null;
  seenChangeAt: number;
}

/** A failback on the prototype (§18): MIRRORING, one FAILED retry of the metadata read, MIRRORING again. */
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
