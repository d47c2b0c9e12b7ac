// Sending one request to every broker: how many at once, and what comes back (answers and failures apart).

import type { BrokerFailure } from './errors.js';
import type { BrokerAddress } from './transport.js';

/**
 * Brokers a request to every broker is in flight to at once, by default: enough to ask a usual
 * cluster's brokers all together, few enough that a cluster of hundreds is not asked for hundreds of
 * large answers at the same moment (each held in memory until decoded).
 */
export const DEFAULT_FAN_OUT_CONCURRENCY = 16;

export interface FanOutResult<T> {
  readonly answers: { broker: BrokerAddress; response: T }[];
  readonly failures: BrokerFailure[];
}
