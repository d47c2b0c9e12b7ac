// Where each partition's log starts and ends on one cluster, and the offset of a timestamp, with ListOffsets
// sent to each partition's leader (EARLIEST -2, LATEST -1, or a timestamp: the first offset at or after it).

import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError } from '../../kafka/error-codes.js';
import { ListOffsets } from '../../kafka/messages/index.js';
import type { BrokerAddress } from '../../kafka/transport.js';
import { partitionLeaders } from '../describe/end-offsets.js';
import { type LeaderOf, partitionKey, type PartitionRef } from './fetch-round.js';
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
  const byTopic = new Map<string, number[]>();
  for (const p of wanted) byTopic.set(p.topic, [...(byTopic.get(p.topic) ?? []), p.partition]);
  const leaders = await partitionLeaders(client, byTopic);
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

export async function listOffsets(
  client: KafkaClient,
  located: ClusterPartitions,
  partitions: readonly PartitionRef[],
  timestampOf: (p: PartitionRef) => bigint,
): Promise<{ offsets: Map<string, bigint>; errors: Map<string, string> }> {
  const byBroker = new Map<BrokerAddress, PartitionRef[]>();
  for (const p of partitions) {
    const broker = located.leaderOf(p);
    if (broker) byBroker.set(broker, [...(byBroker.get(broker) ?? []), p]);
  }
  const offsets = new Map<string, bigint>();
  const errors = new Map<string, string>();
  await Promise.all(
    [...byBroker].map(async ([broker, list]) => {
      const topics = new Map<string, PartitionRef[]>();
      for (const p of list) topics.set(p.topic, [...(topics.get(p.topic) ?? []), p]);
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
          if (p.ErrorCode !== 0) errors.set(key, `ListOffsets: ${kafkaError(p.ErrorCode).name}`);
          else if (p.Offset >= 0n) offsets.set(key, p.Offset);
        }
    }),
  );
  return { offsets, errors };
}

export async function readLogBounds(
  client: KafkaClient,
  located: ClusterPartitions,
  partitions: readonly PartitionRef[],
): Promise<{ bounds: Map<string, LogBounds>; errors: Map<string, string> }> {
  const present = partitions.filter((p) => located.present.has(partitionKey(p)));
  const [start, end] = await Promise.all([
    listOffsets(client, located, present, () => EARLIEST),
    listOffsets(client, located, present, () => LATEST),
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
