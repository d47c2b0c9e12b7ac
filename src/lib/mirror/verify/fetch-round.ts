// One round of reads on one cluster: a Fetch per partition leader (several partitions in one request, a
// few requests in flight per broker), each batch summarised and its bytes dropped. Memory is bounded by the
// size limits of the requests in flight, whatever the size of the logs. A partition whose leader moved since
// it was located (NOT_LEADER_OR_FOLLOWER, LEADER_NOT_AVAILABLE) is located again and asked once more.

import pLimit from 'p-limit';
import type { KafkaClient } from '../../kafka/client.js';
import { errors, kafkaError } from '../../kafka/error-codes.js';
import { Fetch } from '../../kafka/messages/index.js';
import type { BrokerAddress } from '../../kafka/transport.js';
import { completeBatches, type BatchSummary, summarize } from './batch-summary.js';

/** A larger first batch still comes whole (KIP-74). */
export const PARTITION_MAX_BYTES = 1 << 20;
/**
 * What the requests of one side in flight together may hold, shared among them (at least 1 MiB a request):
 * with the garbage V8 lets build up before it collects, a 2 GB `verify --full` over three brokers peaked at
 * 253 MB RSS with 8 MiB a request, 190–228 MB with 4 MiB.
 */
export const FETCH_BUDGET_BYTES = 8 << 20;
const MIN_FETCH_BYTES = 1 << 20;
const MAX_FETCH_BYTES = 8 << 20;
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
  /**
   * Other partitions of the same response got records and this one none: the response's size limit was
   * spent before it (a broker fills a response in request order), which says nothing about its log.
   */
  readonly crowdedOut: boolean;
}

export const partitionKey = (p: PartitionRef): string => `${p.topic}\u0000${p.partition}`;

export type LeaderOf = (p: PartitionRef) => BrokerAddress | undefined;

/** The cluster a round reads: its client, its leaders, and how to locate partitions whose leader moved. */
export interface FetchTarget {
  readonly client: KafkaClient;
  readonly leaderOf: LeaderOf;
  /** Asks the metadata again for these partitions' leaders; `leaderOf` answers with them from then on. */
  readonly relocate?: (partitions: readonly PartitionRef[]) => Promise<void>;
}

/** Error codes that mean the partition's leader is elsewhere now. */
export const LEADER_MOVED: ReadonlySet<number> = new Set([
  errors.NOT_LEADER_OR_FOLLOWER.code,
  errors.LEADER_NOT_AVAILABLE.code,
]);

/** Items grouped by a key, in order (a push per item: spreading a list per item is quadratic). */
export function groupBy<T, K, V = T>(items: Iterable<T>, keyOf: (item: T) => K, valueOf?: (item: T) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(valueOf ? valueOf(item) : (item as unknown as V));
  }
  return groups;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Fetches every ask from its leader; answers by partition key. An ask whose leader moved is located again
 * and fetched once more (one refresh a round, so a leader that keeps moving ends as an error answer).
 * A failed request throws.
 */
export async function fetchRound(
  target: FetchTarget,
  asks: readonly FetchAsk[],
  onBytes: (bytes: number) => void,
): Promise<Map<string, FetchAnswer>> {
  const answers = await fetchFromLeaders(target.client, target.leaderOf, asks, onBytes);
  if (!target.relocate) return answers;
  const moved = asks.filter((a) => {
    const answer = answers.get(partitionKey(a));
    return answer === undefined || LEADER_MOVED.has(answer.errorCode);
  });
  if (moved.length === 0) return answers;
  await target.relocate(moved);
  for (const [key, answer] of await fetchFromLeaders(target.client, target.leaderOf, moved, onBytes))
    answers.set(key, answer);
  return answers;
}

/** The size limit of each of `together` requests in flight at once. */
export function fetchMaxBytes(together: number): number {
  const share = Math.floor(FETCH_BUDGET_BYTES / Math.max(1, together));
  return Math.min(MAX_FETCH_BYTES, Math.max(MIN_FETCH_BYTES, share));
}

async function fetchFromLeaders(
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
  let together = 0;
  for (const { asks: mine } of byBroker.values())
    together += Math.min(IN_FLIGHT_PER_BROKER, Math.ceil(mine.length / PARTITIONS_PER_FETCH));
  const maxBytes = fetchMaxBytes(together);
  await Promise.all(
    [...byBroker.values()].map(async ({ broker, asks: mine }) => {
      const limit = pLimit(IN_FLIGHT_PER_BROKER);
      await Promise.all(chunks(mine, PARTITIONS_PER_FETCH).map((chunk) => limit(() => fetchChunk(chunk))));
      async function fetchChunk(chunk: FetchAsk[]): Promise<void> {
        const topics = groupBy(chunk, (a) => a.topic);
        const response = await client.sendTo(
          Fetch,
          {
            ReplicaId: -1,
            MaxWaitMs: 0,
            MinBytes: 0,
            MaxBytes: maxBytes,
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
        const crowded = response.Responses.some((t) => t.Partitions.some((p) => (p.Records?.length ?? 0) > 0));
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
              crowdedOut: crowded && records.length === 0,
            });
          }
        }
      }
    }),
  );
  return answers;
}
