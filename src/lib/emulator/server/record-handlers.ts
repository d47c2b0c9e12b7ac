// The record APIs a node serves (Produce, Fetch, InitProducerId) and the transaction coordinator's,
// registered in one line by broker-handlers.ts.

import type { BrokerContext } from './broker-context.js';
import { fetchHandler } from '../apis/fetch.js';
import type { RegisteredHandler } from './handler.js';
import { initProducerIdHandler } from '../apis/init-producer-id.js';
import { produceHandler } from '../apis/produce.js';
import { transactionHandlers } from '../apis/transactions.js';

export function recordHandlers(broker: BrokerContext): RegisteredHandler[] {
  return [produceHandler(broker), fetchHandler(broker), initProducerIdHandler(broker), ...transactionHandlers(broker)];
}
