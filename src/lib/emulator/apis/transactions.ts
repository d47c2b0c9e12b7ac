// The transaction coordinator's APIs (transactions v1): AddPartitionsToTxn (key 24, v0-3),
// AddOffsetsToTxn (25, v0-3) and EndTxn (26, v0-4) answered by the coordinator of the transactional
// id (NOT_COORDINATOR elsewhere), TxnOffsetCommit (28, v0-3) by the group's coordinator. The state
// lives in state/transaction-coordinator.ts.

import { errors } from '../../kafka/error-codes.js';
import { AddOffsetsToTxn, AddPartitionsToTxn, EndTxn, TxnOffsetCommit } from '../../kafka/messages/index.js';
import { groupCoordinator } from '../state/groups.js';
import {
  addOffsetsToTxn,
  addPartitionsToTxn,
  endTxn,
  transactionCoordinator,
  txnOffsetCommit,
  type TxnProducer,
} from '../state/transaction-coordinator.js';
import type { BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';
import { fencedFor } from './init-producer-id.js';

export function transactionHandlers(broker: BrokerContext): RegisteredHandler[] {
  const cluster = broker.cluster;
  const notHere = (transactionalId: string): boolean =>
    transactionCoordinator(cluster, transactionalId) !== broker.nodeId;
  return [
    defineHandler({
      api: AddPartitionsToTxn,
      handle(ctx, body, version) {
        const who: TxnProducer = {
          transactionalId: body.V3AndBelowTransactionalId,
          producerId: body.V3AndBelowProducerId,
          epoch: body.V3AndBelowProducerEpoch,
        };
        const refs = body.V3AndBelowTopics.flatMap((t) =>
          t.Partitions.map((partition) => ({ topic: t.Name, partition })),
        );
        const codes = notHere(who.transactionalId)
          ? refs.map(() => errors.NOT_COORDINATOR.code)
          : addPartitionsToTxn(cluster, who, refs, (ref) => {
              if (!cluster.authorizer.authorize(ctx.session.principal, 'TOPIC', ref.topic, 'WRITE'))
                return errors.TOPIC_AUTHORIZATION_FAILED.code;
              return cluster.topics.get(ref.topic)?.partitions[ref.partition]
                ? errors.NONE.code
                : errors.UNKNOWN_TOPIC_OR_PARTITION.code;
            });
        let i = 0;
        return {
          ThrottleTimeMs: 0,
          ResultsByTopicV3AndBelow: body.V3AndBelowTopics.map((t) => ({
            Name: t.Name,
            ResultsByPartition: t.Partitions.map((PartitionIndex) => ({
              PartitionIndex,
              PartitionErrorCode: fencedFor(codes[i++] ?? errors.NONE.code, version, 2),
            })),
          })),
        };
      },
    }),
    defineHandler({
      api: AddOffsetsToTxn,
      handle(_ctx, body, version) {
        const code = notHere(body.TransactionalId)
          ? errors.NOT_COORDINATOR.code
          : addOffsetsToTxn(cluster, {
              transactionalId: body.TransactionalId,
              producerId: body.ProducerId,
              epoch: body.ProducerEpoch,
            });
        return { ThrottleTimeMs: 0, ErrorCode: fencedFor(code, version, 2) };
      },
    }),
    defineHandler({
      api: EndTxn,
      handle(_ctx, body, version) {
        const code = notHere(body.TransactionalId)
          ? errors.NOT_COORDINATOR.code
          : endTxn(
              cluster,
              { transactionalId: body.TransactionalId, producerId: body.ProducerId, epoch: body.ProducerEpoch },
              body.Committed,
            );
        return { ThrottleTimeMs: 0, ErrorCode: fencedFor(code, version, 2) };
      },
    }),
    defineHandler({
      api: TxnOffsetCommit,
      handle(_ctx, body, version) {
        const group = body.GroupId;
        const code =
          groupCoordinator(cluster, group) !== broker.nodeId
            ? errors.NOT_COORDINATOR.code
            : txnOffsetCommit(
                cluster,
                { transactionalId: body.TransactionalId, producerId: body.ProducerId, epoch: body.ProducerEpoch },
                body.Topics.flatMap((t) =>
                  t.Partitions.map((p) => ({
                    group,
                    topic: t.Name,
                    partition: p.PartitionIndex,
                    offset: p.CommittedOffset,
                    leaderEpoch: p.CommittedLeaderEpoch ?? -1,
                    metadata: p.CommittedMetadata,
                  })),
                ),
              );
        return {
          ThrottleTimeMs: 0,
          Topics: body.Topics.map((t) => ({
            Name: t.Name,
            Partitions: t.Partitions.map((p) => ({
              PartitionIndex: p.PartitionIndex,
              ErrorCode: fencedFor(code, version, 3),
            })),
          })),
        };
      },
    }),
  ];
}
