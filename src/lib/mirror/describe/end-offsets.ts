// Destination log-end offsets for partitions DescribeClusterMirrors reports with -1 offsets
// (STOPPED, PROTOCOL.md §3): where failover left each partition. ListOffsets is answered only by a
// partition's leader, so Metadata gives the leaders and one request goes to each of them.

import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError, UnsupportedByClusterError } from '../../kafka/errors.js';
import { ListOffsets, Metadata } from '../../kafka/messages/index.js';
import type { BrokerAddress } from '../../kafka/transport.js';
import { brokerLabel } from '../../kafka/transport.js';
import { kafkaError } from '../../kafka/error-codes.js';
import { DEFAULT_BROKER_RETRY_MS } from './describe.js';

const LATEST_TIMESTAMP = -1n;

export interface EndOffsetFailure {
  readonly broker: string;
  readonly nodeId: number | null;
  readonly errorCode: number | null;
  readonly message: string;
}

export interface EndOffsetsUnsupported {
  readonly broker: string;
  readonly nodeId: number;
  readonly message: string;
  readonly partitions: { readonly topic: string; readonly partition: number }[];
}

export interface EndOffsets {
  readonly offsets: Map<string, Map<number, bigint>>;
  readonly failures: EndOffsetFailure[];
  readonly topicIds?: ReadonlyMap<string, string>;
  readonly unsupported: EndOffsetsUnsupported[];
}

export interface PartitionLeaders {
  readonly brokers: ReadonlyMap<number, BrokerAddress>;
  readonly byLeader: ReadonlyMap<number, ReadonlyMap<string, readonly number[]>>;
  readonly topicIds: ReadonlyMap<string, string>;
  readonly failures: EndOffsetFailure[];
}

export async function partitionLeaders(
  client: KafkaClient,
  wanted: ReadonlyMap<string, readonly number[]>,
): Promise<PartitionLeaders> {
  const failures: EndOffsetFailure[] = [];
  const metadata = await client.send(Metadata, {
    Topics: [...wanted.keys()].map((Name) => ({ Name })),
    AllowAutoTopicCreation: false,
  });
  const brokers = new Map<number, BrokerAddress>(
    metadata.Brokers.map((b) => [b.NodeId, { host: b.Host, port: b.Port, nodeId: b.NodeId }]),
  );
  const topicIds = new Map<string, string>();
  const byLeader = new Map<number, Map<string, number[]>>();
  for (const topic of metadata.Topics) {
    const name = topic.Name ?? '';
    const partitions = wanted.get(name);
    if (!partitions) continue;
    if (topic.ErrorCode !== 0) {
      failures.push({
        broker: 'metadata',
        nodeId: null,
        errorCode: topic.ErrorCode,
        message: `Metadata for topic '${name}': ${kafkaError(topic.ErrorCode).name}`,
      });
      continue;
    }
    topicIds.set(name, topic.TopicId);
    const leaders = new Map(topic.Partitions.map((p) => [p.PartitionIndex, p.LeaderId]));
    for (const partition of partitions) {
      const leader = leaders.get(partition) ?? -1;
      if (leader < 0 || !brokers.has(leader)) {
        failures.push({
          broker: 'metadata',
          nodeId: null,
          errorCode: null,
          message: `no leader for ${name}-${partition}`,
        });
        continue;
      }
      let topics = byLeader.get(leader);
      if (!topics) byLeader.set(leader, (topics = new Map()));
      let list = topics.get(name);
      if (!list) topics.set(name, (list = []));
      list.push(partition);
    }
  }
  return { brokers, byLeader, topicIds, failures };
}

/** `readCommitted`: the last stable offset instead of the high watermark. Failures are collected, not thrown. */
export async function readEndOffsets(
  client: KafkaClient,
  wanted: ReadonlyMap<string, readonly number[]>,
  options: { readonly readCommitted?: boolean } = {},
): Promise<EndOffsets> {
  const offsets = new Map<string, Map<number, bigint>>();
  const unsupported: EndOffsetsUnsupported[] = [];
  if (wanted.size === 0) return { offsets, failures: [], unsupported };
  const { brokers, byLeader, failures, topicIds } = await partitionLeaders(client, wanted);

  await Promise.all(
    [...byLeader].map(async ([leader, topics]) => {
      const broker = brokers.get(leader) as BrokerAddress;
      try {
        const response = await client.sendTo(
          ListOffsets,
          {
            ReplicaId: -1,
            IsolationLevel: options.readCommitted ? 1 : 0,
            Topics: [...topics].map(([Name, partitions]) => ({
              Name,
              Partitions: partitions.map((PartitionIndex) => ({ PartitionIndex, Timestamp: LATEST_TIMESTAMP })),
            })),
          },
          broker,
          { retryForMs: DEFAULT_BROKER_RETRY_MS },
        );
        for (const topic of response.Topics) {
          let known = offsets.get(topic.Name);
          if (!known) offsets.set(topic.Name, (known = new Map()));
          for (const p of topic.Partitions) {
            if (p.ErrorCode !== 0) {
              failures.push({
                broker: brokerLabel(broker),
                nodeId: leader,
                errorCode: p.ErrorCode,
                message: `ListOffsets for ${topic.Name}-${p.PartitionIndex}: ${kafkaError(p.ErrorCode).name}`,
              });
            } else if (p.Offset >= 0n) {
              known.set(p.PartitionIndex, p.Offset);
            }
          }
        }
      } catch (err) {
        if (err instanceof UnsupportedByClusterError) {
          // Refused before sending: the broker lacks the optional API, which is no failure of its own.
          const partitions = [...topics].flatMap(([topic, list]) => list.map((partition) => ({ topic, partition })));
          unsupported.push({ broker: brokerLabel(broker), nodeId: leader, message: err.message, partitions });
          return;
        }
        const error = err as Error;
        failures.push({
          broker: brokerLabel(broker),
          nodeId: leader,
          errorCode: err instanceof KafkaProtocolError ? err.code : null,
          message: `ListOffsets: ${error.message}`,
        });
      }
    }),
  );
  return { offsets, failures, topicIds, unsupported };
}

export async function stoppedEndOffsets(
  client: KafkaClient,
  stopped: Iterable<{ readonly topic: string; readonly partition: number }>,
): Promise<EndOffsets> {
  const wanted = new Map<string, number[]>();
  for (const { topic, partition } of stopped) {
    let list = wanted.get(topic);
    if (!list) wanted.set(topic, (list = []));
    list.push(partition);
  }
  return readEndOffsets(client, wanted);
}
