// Sending one request to every broker: how many at once, and what comes back (answers and failures apart).

import type { BrokerFailure } from './errors.js';
import type { BrokerAddress } from './transport.js';

/** Enough to ask a usual cluster's brokers together, few enough that hundreds of large answers are not held at once. */
export const DEFAULT_FAN_OUT_CONCURRENCY = 16;

export interface FanOutResult<T> {
  readonly answers: { broker: BrokerAddress; response: T }[];
  readonly failures: BrokerFailure[];
}
