// The seed KIP's partition states (INITIALIZING, PREPARING, MIRRORING, STOPPING, STOPPED, FAILED)
// next to the prototype's. The seed explains neither start-up state; read as the two start-up
// phases before MIRRORING, they sit where the prototype has LOG_TRUNCATION and EPOCH_FENCING
// (byte values 0 and 1, renamed in place). That reading is an assumption (SKIPPED.md).

/** Seed state → the prototype state with the same place in the lifecycle. */
export const PROTOTYPE_STATE_OF_DRAFT: Readonly<Record<string, string>> = {
  INITIALIZING: 'LOG_TRUNCATION',
  PREPARING: 'EPOCH_FENCING',
  MIRRORING: 'MIRRORING',
  STOPPING: 'STOPPING',
  STOPPED: 'STOPPED',
  FAILED: 'FAILED',
};

/** The seed's words in its own order. */
export const DRAFT_STATES = Object.keys(PROTOTYPE_STATE_OF_DRAFT);

/**
 * What a broker speaking the seed reports for each prototype state. The seed has no pause and no
 * "no cached state": those read as the start-up phase (UNKNOWN) and, for a pause the draft cannot
 * request, MIRRORING.
 */
export const DRAFT_STATE_OF_PROTOTYPE: Readonly<Record<string, string>> = {
  LOG_TRUNCATION: 'INITIALIZING',
  EPOCH_FENCING: 'PREPARING',
  MIRRORING: 'MIRRORING',
  PAUSING: 'MIRRORING',
  PAUSED: 'MIRRORING',
  STOPPING: 'STOPPING',
  STOPPED: 'STOPPED',
  FAILED: 'FAILED',
  UNKNOWN: 'INITIALIZING',
};
