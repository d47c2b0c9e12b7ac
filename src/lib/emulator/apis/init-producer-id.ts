// InitProducerId (key 22) v0-4. Without a transactional id: a new producer id with epoch 0 on every call (a
// producer asking to bump its own epoch, v3+, gets the same id with the next epoch). With one: the
// transaction coordinator of that id answers (NOT_COORDINATOR on any other node) with its producer id
// at the next epoch, aborting the previous producer's open transaction (state/transaction-coordinator.ts).

import { errors } from '../../kafka/error-codes.js';
import { InitProducerId } from '../../kafka/messages/index.js';
import { allocateProducerId } from '../state/producer-ids.js';
import { initTransactionalProducer, transactionCoordinator } from '../state/transaction-coordinator.js';
import type { BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

/** Clients older than a version know INVALID_PRODUCER_EPOCH, not PRODUCER_FENCED (Kafka maps it so). */
export function fencedFor(code: number, version: number, firstFencedVersion: number): number {
  return code === errors.PRODUCER_FENCED.code && version < firstFencedVersion
    ? errors.INVALID_PRODUCER_EPOCH.code
    : code;
}

export function initProducerIdHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: InitProducerId,
    handle(_ctx, body, version) {
      const answer = (code: number, producerId = -1n, epoch = -1) => ({
        ThrottleTimeMs: 0,
        ErrorCode: fencedFor(code, version, 4),
        ProducerId: producerId,
        ProducerEpoch: epoch,
      });
      const txnId = body.TransactionalId;
      if (txnId !== null && txnId !== '') {
        if (transactionCoordinator(broker.cluster, txnId) !== broker.nodeId) return answer(errors.NOT_COORDINATOR.code);
        const init = initTransactionalProducer(broker.cluster, txnId, body.TransactionTimeoutMs, {
          producerId: body.ProducerId,
          epoch: body.ProducerEpoch,
        });
        return answer(init.code, init.producerId, init.epoch);
      }
      if (body.ProducerId >= 0n && body.ProducerEpoch >= 0)
        return answer(errors.NONE.code, body.ProducerId, body.ProducerEpoch + 1);
      return answer(errors.NONE.code, allocateProducerId(broker.cluster), 0);
    },
  });
}
