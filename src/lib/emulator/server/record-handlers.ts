// The record APIs a node serves (Produce, Fetch, InitProducerId) and the transaction coordinator's,
// registered in one line by broker-handlers.ts.

import type { BrokerContext } from './broker-context.js';
import { fetchHandler } from './fetch-handler.js';
import type { RegisteredHandler } from './handler.js';
import { initProducerIdHandler } from './init-producer-id-handler.js';
import { produceHandler } from './produce-handler.js';
import { transactionHandlers } from './transaction-handlers.js';

export function recordHandlers(broker: BrokerContext): RegisteredHandler[] {
  return [produceHandler(broker), fetchHandler(broker), initProducerIdHandler(broker), ...transactionHandlers(broker)];
}
