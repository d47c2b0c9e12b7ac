/**
 * Brokers a request to every broker is in flight to at once, by default: enough to ask a usual
 * cluster's brokers all together, few enough that a cluster of hundreds is not asked for hundreds of
 * large answers at the same moment (each held in memory until decoded).
 */
export const DEFAULT_FAN_OUT_CONCURRENCY = 16;
