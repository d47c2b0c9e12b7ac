// The seed KIP's partition states next to the prototype's: its two start-up phases are read as the prototype's
// LOG_TRUNCATION and EPOCH_FENCING (byte values 0 and 1), an assumption (SKIPPED.md).

export const PROTOTYPE_STATE_OF_DRAFT: Readonly<Record<string, string>> = {
  INITIALIZING: 'LOG_TRUNCATION',
  PREPARING: 'EPOCH_FENCING',
  MIRRORING: 'MIRRORING',
  STOPPING: 'STOPPING',
  STOPPED: 'STOPPED',
  FAILED: 'FAILED',
};

export const DRAFT_STATES = Object.keys(PROTOTYPE_STATE_OF_DRAFT);

/** The seed has no pause and no "no cached state": those read as the start-up phase (UNKNOWN) and MIRRORING. */
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
