// Where each partition's log starts and ends on one cluster, and the offset of a timestamp, with ListOffsets
// sent to each partition's leader (EARLIEST -2, LATEST -1, or a timestamp: the first offset at or after it).

import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError } from '../../kafka/error-codes.js';
import { ListOffsets } from '../../kafka/messages/index.js';
import type { BrokerAddress } from '../../kafka/transport.js';
import { partitionLeaders } from '../describe/end-offsets.js';
import {
  type FetchTarget,
  groupBy,
  LEADER_MOVED,
  type LeaderOf,
  partitionKey,
  type PartitionRef,
} from './fetch-round.js';
import type { LogBounds } from './verify-types.js';

export const EARLIEST = -2n;
export const LATEST = -1n;

export interface ClusterPartitions {
  readonly leaderOf: LeaderOf;
  readonly present: ReadonlySet<string>;
  readonly absent: ReadonlyMap<string, string>;
}

export async function locatePartitions(
  client: KafkaClient,
  wanted: readonly PartitionRef[],
): Promise<ClusterPartitions> {
  const leaders = await partitionLeaders(
    client,
    groupBy(
      wanted,
      (p) => p.topic,
      (p) => p.partition,
    ),
  );
  const leaderByKey = new Map<string, BrokerAddress>();
  for (const [node, topics] of leaders.byLeader) {
    const broker = leaders.brokers.get(node) as BrokerAddress;
    for (const [topic, partitions] of topics)
      for (const partition of partitions) leaderByKey.set(partitionKey({ topic, partition }), broker);
  }
  const absent = new Map<string, string>();
  for (const p of wanted) {
    const key = partitionKey(p);
    if (leaderByKey.has(key)) continue;
    const failure = leaders.failures.find(
      (f) => f.message.includes(`'${p.topic}'`) || f.message.endsWith(`${p.topic}-${p.partition}`),
    );
    absent.set(key, failure?.message ?? `no partition ${p.topic}-${p.partition}`);
  }
  return { leaderOf: (p) => leaderByKey.get(partitionKey(p)), present: new Set(leaderByKey.keys()), absent };
}

/** The cluster as verify's reads see it: the leaders located first, and those located again since. */
export function readTarget(client: KafkaClient, located: ClusterPartitions): FetchTarget {
  const moved = new Map<string, BrokerAddress | undefined>();
  return {
    client,
    leaderOf: (p) => {
      const key = partitionKey(p);
      return moved.has(key) ? moved.get(key) : located.leaderOf(p);
    },
    relocate: async (partitions) => {
      const fresh = await locatePartitions(client, partitions);
      for (const p of partitions) moved.set(partitionKey(p), fresh.leaderOf(p));
    },
  };
}

interface ListedOffsets {
  readonly offsets: Map<string, bigint>;
  readonly errors: Map<string, string>;
  /** Partitions whose broker is no longer their leader. */
  readonly moved: PartitionRef[];
}

/**
 * ListOffsets at `timestampOf(p)` for each partition; offsets by key (absent when the broker has none).
 * Partitions whose leader moved are located again (when the target can) and asked once more.
 */
export async function listOffsets(
  target: Pick<FetchTarget, 'client' | 'leaderOf' | 'relocate'>,
  partitions: readonly PartitionRef[],
  timestampOf: (p: PartitionRef) => bigint,
): Promise<{ offsets: Map<string, bigint>; errors: Map<string, string> }> {
  const first = await listOffsetsOnce(target.client, target.leaderOf, partitions, timestampOf);
  if (!target.relocate || first.moved.length === 0) return first;
  await target.relocate(first.moved);
  const again = await listOffsetsOnce(target.client, target.leaderOf, first.moved, timestampOf);
  for (const p of first.moved) first.errors.delete(partitionKey(p));
  for (const [key, offset] of again.offsets) first.offsets.set(key, offset);
  for (const [key, message] of again.errors) first.errors.set(key, message);
  return first;
}

async function listOffsetsOnce(
  client: KafkaClient,
  leaderOf: LeaderOf,
  partitions: readonly PartitionRef[],
  timestampOf: (p: PartitionRef) => bigint,
): Promise<ListedOffsets> {
  const byBroker = groupBy(
    partitions.flatMap((p) => {
      const broker = leaderOf(p);
      return broker ? [{ p, broker }] : [];
    }),
    (x) => x.broker,
    (x) => x.p,
  );
  const offsets = new Map<string, bigint>();
  const errors = new Map<string, string>();
  const moved: PartitionRef[] = [];
  await Promise.all(
    [...byBroker].map(async ([broker, list]) => {
      const topics = groupBy(list, (p) => p.topic);
      const response = await client.sendTo(
        ListOffsets,
        {
          ReplicaId: -1,
          IsolationLevel: 0,
          Topics: [...topics].map(([Name, ps]) => ({
            Name,
            Partitions: ps.map((p) => ({ PartitionIndex: p.partition, Timestamp: timestampOf(p) })),
          })),
        },
        broker,
      );
      for (const t of response.Topics)
        for (const p of t.Partitions) {
          const key = partitionKey({ topic: t.Name, partition: p.PartitionIndex });
          if (LEADER_MOVED.has(p.ErrorCode)) moved.push({ topic: t.Name, partition: p.PartitionIndex });
          if (p.ErrorCode !== 0) errors.set(key, `ListOffsets: ${kafkaError(p.ErrorCode).name}`);
          else if (p.Offset >= 0n) offsets.set(key, p.Offset);
        }
    }),
  );
  return { offsets, errors, moved };
}

export async function readLogBounds(
  target: FetchTarget,
  located: ClusterPartitions,
  partitions: readonly PartitionRef[],
): Promise<{ bounds: Map<string, LogBounds>; errors: Map<string, string> }> {
  const present = partitions.filter((p) => located.present.has(partitionKey(p)));
  const [start, end] = await Promise.all([
    listOffsets(target, present, () => EARLIEST),
    listOffsets(target, present, () => LATEST),
  ]);
  const bounds = new Map<string, LogBounds>();
  const errors = new Map([...start.errors, ...end.errors]);
  for (const p of present) {
    const key = partitionKey(p);
    const s = start.offsets.get(key);
    const e = end.offsets.get(key);
    if (s !== undefined && e !== undefined) bounds.set(key, { start: s, end: e });
  }
  return { bounds, errors };
}
