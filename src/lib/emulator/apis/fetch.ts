// Fetch for consumers: whole batches up to the high watermark or, READ_COMMITTED, the last stable offset; waits
// up to MaxWaitMs as a broker's purgatory does. No fetch sessions (KIP-227 allows SessionId 0), no replica fetches.

import { setTimeout as sleep } from 'node:timers/promises';
import { errors } from '../../kafka/error-codes.js';
import { Fetch } from '../../kafka/messages/index.js';
import type { RequestOf } from '../../kafka/message-types.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import { recordLog, stableOffset } from '../state/record-store.js';
import { expireTransactions } from '../state/transaction-coordinator.js';
import type { BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

const WAIT_STEP_MS = 20;
const READ_COMMITTED = 1;

type FetchRequest = RequestOf<typeof Fetch>;
type FetchPartitionRequest = FetchRequest['Topics'][number]['Partitions'][number];

interface PartitionAnswer {
  readonly PartitionIndex: number;
  readonly ErrorCode: number;
  readonly HighWatermark: bigint;
  readonly LastStableOffset: bigint;
  readonly LogStartOffset: bigint;
  readonly AbortedTransactions: { readonly ProducerId: bigint; readonly FirstOffset: bigint }[];
  readonly PreferredReadReplica: number;
  readonly Records: Buffer | null;
}

function failed(index: number, code: number): PartitionAnswer {
  return {
    PartitionIndex: index,
    ErrorCode: code,
    HighWatermark: -1n,
    LastStableOffset: -1n,
    LogStartOffset: -1n,
    AbortedTransactions: [],
    PreferredReadReplica: -1,
    Records: null,
  };
}

function fetchPartition(
  cluster: EmulatedCluster,
  nodeId: number,
  topicName: string,
  req: FetchPartitionRequest,
  budget: { bytes: number; minOne: boolean },
  readCommitted: boolean,
): PartitionAnswer {
  const topic = cluster.topics.get(topicName);
  const p = topic?.partitions[req.Partition];
  if (!topic || !p) return failed(req.Partition, errors.UNKNOWN_TOPIC_OR_PARTITION.code);
  if (p.leader !== nodeId) return failed(req.Partition, errors.NOT_LEADER_OR_FOLLOWER.code);
  if (req.CurrentLeaderEpoch >= 0 && req.CurrentLeaderEpoch < p.leaderEpoch)
    return failed(req.Partition, errors.FENCED_LEADER_EPOCH.code);
  if (req.CurrentLeaderEpoch > p.leaderEpoch) return failed(req.Partition, errors.UNKNOWN_LEADER_EPOCH.code);
  const log = recordLog(cluster, topic, p);
  const stable = stableOffset(cluster, topic, p);
  const offsets = {
    PartitionIndex: req.Partition,
    HighWatermark: log.end,
    LastStableOffset: stable,
    LogStartOffset: log.start,
    AbortedTransactions: [],
    PreferredReadReplica: -1,
  };
  if (req.FetchOffset < log.start || req.FetchOffset > log.end)
    return { ...offsets, ErrorCode: errors.OFFSET_OUT_OF_RANGE.code, Records: null };
  const upTo = readCommitted ? stable : log.end;
  const limit = Math.min(req.PartitionMaxBytes, budget.bytes);
  const batches = (limit > 0 && req.FetchOffset < upTo ? log.read(req.FetchOffset, limit, budget.minOne) : []).filter(
    (b) => b.base < upTo,
  );
  const records = log.bytesOf(batches);
  budget.bytes -= records.length;
  // As Kafka's ReplicaManager: limits are waived for the first batch of the first partition with data only.
  if (records.length > 0) budget.minOne = false;
  const last = batches[batches.length - 1];
  const aborted = readCommitted && last ? log.producers.abortedIn(req.FetchOffset, last.next) : [];
  return {
    ...offsets,
    AbortedTransactions: aborted.map((a) => ({ ProducerId: a.producerId, FirstOffset: a.firstOffset })),
    ErrorCode: errors.NONE.code,
    Records: records,
  };
}

function answer(cluster: EmulatedCluster, nodeId: number, principal: string, body: FetchRequest) {
  const budget = { bytes: body.MaxBytes, minOne: true };
  const readCommitted = body.IsolationLevel === READ_COMMITTED;
  expireTransactions(cluster);
  let bytes = 0;
  let failures = 0;
  const Responses = body.Topics.map((t) => {
    const authorized = cluster.authorizer.authorize(principal, 'TOPIC', t.Topic, 'READ');
    return {
      Topic: t.Topic,
      Partitions: t.Partitions.map((req) => {
        if (!authorized) return failed(req.Partition, errors.TOPIC_AUTHORIZATION_FAILED.code);
        const a = fetchPartition(cluster, nodeId, t.Topic, req, budget, readCommitted);
        bytes += a.Records?.length ?? 0;
        if (a.ErrorCode !== errors.NONE.code) failures++;
        return a;
      }),
    };
  });
  return { bytes, failures, Responses };
}

export function fetchHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: Fetch,
    async handle(ctx, body) {
      const waitUntil = Date.now() + Math.max(0, body.MaxWaitMs);
      let result = answer(broker.cluster, broker.nodeId, ctx.session.principal, body);
      while (result.failures === 0 && result.bytes < Math.max(1, body.MinBytes) && Date.now() < waitUntil) {
        await sleep(Math.min(WAIT_STEP_MS, waitUntil - Date.now()));
        result = answer(broker.cluster, broker.nodeId, ctx.session.principal, body);
      }
      return { ThrottleTimeMs: 0, ErrorCode: errors.NONE.code, SessionId: 0, Responses: result.Responses };
    },
  });
}
