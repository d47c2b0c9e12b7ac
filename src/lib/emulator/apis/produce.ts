// Produce: the leader checks each batch (magic 2, CRC-32C, producer state, transaction) before storing it;
// a mirror topic refuses writes until STOPPED (READ_ONLY_TOPIC, as on the prototype).

import { errors } from '../../kafka/error-codes.js';
import { Produce } from '../../kafka/messages/index.js';
import {
  crcMatches,
  isTransactional,
  readBatchHeader,
  RecordBatchError,
  splitBatches,
} from '../../kafka/record-batch.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import { appendProducedBatch, recordLog } from '../state/record-store.js';
import { isFrozen, type Partition, type Topic } from '../state/topics.js';
import { verifyTransactionalWrite } from '../state/transaction-coordinator.js';
import type { BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

interface PartitionAnswer {
  readonly Index: number;
  readonly ErrorCode: number;
  readonly BaseOffset: bigint;
  readonly LogAppendTimeMs: bigint;
  readonly LogStartOffset: bigint;
  readonly RecordErrors: never[];
  readonly ErrorMessage: string | null;
}

function refused(index: number, code: number, message: string | null = null): PartitionAnswer {
  return {
    Index: index,
    ErrorCode: code,
    BaseOffset: -1n,
    LogAppendTimeMs: -1n,
    LogStartOffset: -1n,
    RecordErrors: [],
    ErrorMessage: message,
  };
}

/** Checks every batch before any is stored: a request's batches for one partition land whole or not at all. */
function checkBatches(records: Buffer | null): Buffer[] | { readonly code: number; readonly message: string } {
  if (!records || records.length === 0) return { code: errors.CORRUPT_MESSAGE.code, message: 'no record batch' };
  try {
    const batches = splitBatches(records);
    for (const batch of batches) {
      readBatchHeader(batch);
      if (!crcMatches(batch)) return { code: errors.CORRUPT_MESSAGE.code, message: 'record batch CRC mismatch' };
    }
    return batches;
  } catch (err) {
    if (!(err instanceof RecordBatchError)) throw err;
    const code = err.message.includes('magic')
      ? errors.UNSUPPORTED_FOR_MESSAGE_FORMAT.code
      : errors.CORRUPT_MESSAGE.code;
    return { code, message: err.message };
  }
}

function producePartition(
  cluster: EmulatedCluster,
  nodeId: number,
  topicName: string,
  index: number,
  records: Buffer | null,
): PartitionAnswer {
  const topic = cluster.topics.get(topicName);
  const p = topic?.partitions[index];
  if (!topic || !p) return refused(index, errors.UNKNOWN_TOPIC_OR_PARTITION.code);
  if (p.leader !== nodeId) return refused(index, errors.NOT_LEADER_OR_FOLLOWER.code);
  if (isFrozen(p)) return refused(index, errors.READ_ONLY_TOPIC.code);
  const checked = checkBatches(records);
  if (!Array.isArray(checked)) return refused(index, checked.code, checked.message);
  let baseOffset = -1n;
  for (const batch of checked) {
    const given = appendChecked(cluster, topic, p, batch);
    if (typeof given !== 'bigint') return refused(index, given.code, given.message);
    if (baseOffset < 0n) baseOffset = given;
  }
  return {
    ...refused(index, errors.NONE.code),
    BaseOffset: baseOffset,
    LogStartOffset: recordLog(cluster, topic, p).start,
  };
}

/** Appends a producer's batch after Kafka's producer-state checks; a retry answers its first offset. */
function appendChecked(
  cluster: EmulatedCluster,
  topic: Topic,
  p: Partition,
  batch: Buffer,
): bigint | { readonly code: number; readonly message: string | null } {
  const h = readBatchHeader(batch);
  if (h.producerId >= 0n && isTransactional(h)) {
    const code = verifyTransactionalWrite(cluster, h.producerId, h.producerEpoch, {
      topic: topic.name,
      partition: p.index,
    });
    if (code !== errors.NONE.code) return { code, message: null };
  }
  const check = recordLog(cluster, topic, p).producers.check(h);
  if (check.kind === 'refused') return { code: check.code, message: check.message };
  if (check.kind === 'duplicate') return check.base;
  return appendProducedBatch(cluster, topic, p, batch);
}

export function produceHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: Produce,
    handle(ctx, body) {
      const cluster = broker.cluster;
      const invalidAcks = body.Acks !== 0 && body.Acks !== 1 && body.Acks !== -1;
      const Responses = body.TopicData.map((t) => {
        const authorized = cluster.authorizer.authorize(ctx.session.principal, 'TOPIC', t.Name, 'WRITE');
        return {
          Name: t.Name,
          PartitionResponses: t.PartitionData.map((pd) => {
            if (invalidAcks) return refused(pd.Index, errors.INVALID_REQUIRED_ACKS.code);
            if (!authorized) return refused(pd.Index, errors.TOPIC_AUTHORIZATION_FAILED.code);
            return producePartition(cluster, broker.nodeId, t.Name, pd.Index, pd.Records);
          }),
        };
      });
      if (body.Acks === 0) ctx.noResponse();
      return { Responses, ThrottleTimeMs: 0 };
    },
  });
}
