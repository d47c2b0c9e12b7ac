// InitProducerId v0-4 for idempotent producers: a new producer id with epoch 0 on every call (a
// producer asking to bump its own epoch, v3+, gets the same id with the next epoch). Transactions are
// not modelled: a transactional id is answered NOT_COORDINATOR, as no node is its coordinator.

import { errors } from '../../kafka/error-codes.js';
import { InitProducerId } from '../../kafka/messages/index.js';
import { allocateProducerId } from '../state/producer-ids.js';
import type { BrokerContext } from './broker-context.js';
import { defineHandler, type RegisteredHandler } from './handler.js';

export function initProducerIdHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: InitProducerId,
    handle(_ctx, body) {
      if (body.TransactionalId !== null)
        return { ThrottleTimeMs: 0, ErrorCode: errors.NOT_COORDINATOR.code, ProducerId: -1n, ProducerEpoch: -1 };
      if (body.ProducerId >= 0n && body.ProducerEpoch >= 0)
        return {
          ThrottleTimeMs: 0,
          ErrorCode: errors.NONE.code,
          ProducerId: body.ProducerId,
          ProducerEpoch: body.ProducerEpoch + 1,
        };
      return {
        ThrottleTimeMs: 0,
        ErrorCode: errors.NONE.code,
        ProducerId: allocateProducerId(broker.cluster),
        ProducerEpoch: 0,
      };
    },
  });
}
