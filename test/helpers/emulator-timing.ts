// Timing choices tests make explicitly where the emulator's defaults follow the real prototype broker.

/** Turns off the prototype's startup FAILED, for tests that need a started topic MIRRORING at once. */
export const INSTANT_START = { startupFailureMs: 0 } as const;

/** The playground's 2 s mirror sync instead of the real 60 s, for tests that wait on discovery. */
export const FAST_SYNC = { 'mirror.metadata.refresh.interval.ms': '2000' } as const;
