// One round of reads on one cluster: memory is bounded by the size limits of the requests in flight, whatever
// the size of the logs.

import pLimit from 'p-limit';
import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError } from '../../kafka/error-codes.js';
import { Fetch } from '../../kafka/messages/index.js';
import type { BrokerAddress } from '../../kafka/transport.js';
import { completeBatches, type BatchSummary, summarize } from './batch-summary.js';

/** A larger first batch still comes whole (KIP-74). */
export const PARTITION_MAX_BYTES = 1 << 20;
export const FETCH_MAX_BYTES = 8 << 20;
const PARTITIONS_PER_FETCH = 1000;
export const IN_FLIGHT_PER_BROKER = 2;

export interface PartitionRef {
  readonly topic: string;
  readonly partition: number;
}

export interface FetchAsk extends PartitionRef {
  readonly offset: bigint;
}

export interface FetchAnswer {
  readonly batches: BatchSummary[];
  readonly errorCode: number;
  readonly errorName: string | null;
  readonly highWatermark: bigint;
  readonly logStart: bigint;
}

export const partitionKey = (p: PartitionRef): string => `${p.topic}\u0000${p.partition}`;

export type LeaderOf = (p: PartitionRef) => BrokerAddress | undefined;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function fetchRound(
  client: KafkaClient,
  leaderOf: LeaderOf,
  asks: readonly FetchAsk[],
  onBytes: (bytes: number) => void,
): Promise<Map<string, FetchAnswer>> {
  const byBroker = new Map<string, { broker: BrokerAddress; asks: FetchAsk[] }>();
  for (const ask of asks) {
    const broker = leaderOf(ask);
    if (!broker) continue;
    const id = `${broker.host}:${broker.port}`;
    let entry = byBroker.get(id);
    if (!entry) byBroker.set(id, (entry = { broker, asks: [] }));
    entry.asks.push(ask);
  }
  const answers = new Map<string, FetchAnswer>();
  await Promise.all(
    [...byBroker.values()].map(async ({ broker, asks: mine }) => {
      const limit = pLimit(IN_FLIGHT_PER_BROKER);
      await Promise.all(chunks(mine, PARTITIONS_PER_FETCH).map((chunk) => limit(() => fetchChunk(chunk))));
      async function fetchChunk(chunk: FetchAsk[]): Promise<void> {
        const topics = new Map<string, FetchAsk[]>();
        for (const a of chunk) topics.set(a.topic, [...(topics.get(a.topic) ?? []), a]);
        const response = await client.sendTo(
          Fetch,
          {
            ReplicaId: -1,
            MaxWaitMs: 0,
            MinBytes: 0,
            MaxBytes: FETCH_MAX_BYTES,
            IsolationLevel: 0,
            SessionId: 0,
            SessionEpoch: -1,
            Topics: [...topics].map(([Topic, list]) => ({
              Topic,
              Partitions: list.map((a) => ({
                Partition: a.partition,
                CurrentLeaderEpoch: -1,
                FetchOffset: a.offset,
                LogStartOffset: -1n,
                PartitionMaxBytes: PARTITION_MAX_BYTES,
              })),
            })),
            ForgottenTopicsData: [],
            RackId: '',
          },
          broker,
        );
        for (const t of response.Responses) {
          for (const p of t.Partitions) {
            const records = p.Records ?? Buffer.alloc(0);
            onBytes(records.length);
            answers.set(partitionKey({ topic: t.Topic, partition: p.PartitionIndex }), {
              batches: p.ErrorCode === 0 ? completeBatches(records).map(summarize) : [],
              errorCode: p.ErrorCode,
              errorName: p.ErrorCode === 0 ? null : kafkaError(p.ErrorCode).name,
              highWatermark: p.HighWatermark,
              logStart: p.LogStartOffset,
            });
          }
        }
      }
    }),
  );
  return answers;
}
