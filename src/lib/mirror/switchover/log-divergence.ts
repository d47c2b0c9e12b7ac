// Where the logs of a failed-over topic part: B's last leader epoch mirrored from A, and OffsetForLeaderEpoch
// on B says where it ends; a failback truncates what A holds beyond it (PROTOCOL.md §10).

import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { DescribeClusterMirrors, OffsetForLeaderEpoch } from '../../kafka/messages/index.js';
import { brokerLabel, type BrokerAddress } from '../../kafka/transport.js';
import { kafkaError } from '../../kafka/error-codes.js';
import { DEFAULT_BROKER_RETRY_MS } from '../describe/describe.js';
import { type EndOffsetFailure, partitionLeaders } from '../describe/end-offsets.js';

export interface DivergencePoints {
  readonly points: Map<string, Map<number, bigint>>;
  readonly epochs: Map<string, Map<number, number>>;
  readonly topicIds: ReadonlyMap<string, string>;
  readonly failures: EndOffsetFailure[];
}

export async function divergencePoints(
  b: KafkaClient,
  sourceClusterId: string,
  wanted: ReadonlyMap<string, readonly number[]>,
): Promise<DivergencePoints> {
  const { brokers, byLeader, topicIds, failures } = await partitionLeaders(b, wanted);
  const epochs = new Map<string, Map<number, number>>();
  const byId = new Map([...topicIds].map(([topic, id]) => [id, topic]));
  const fanOut = await b.sendToEvery(
    DescribeClusterMirrors,
    {
      MirrorNames: [],
      IncludeAuthorizedOperations: false,
      ClusterId: sourceClusterId,
      LastMirrorEpochLookups: [...topicIds].map(([topic, TopicId]) => ({
        TopicId,
        Partitions: [...(wanted.get(topic) ?? [])],
      })),
    },
    { retryForMs: DEFAULT_BROKER_RETRY_MS },
  );
  // Each broker answers for the partitions whose mirror state it coordinates, -1 for the rest.
  for (const { response } of fanOut.answers)
    for (const result of response.LookupResults ?? []) {
      const topic = byId.get(result.TopicId);
      if (topic === undefined) continue;
      let known = epochs.get(topic);
      if (!known) epochs.set(topic, (known = new Map()));
      for (const p of result.Partitions)
        known.set(p.PartitionIndex, Math.max(known.get(p.PartitionIndex) ?? -1, p.LastMirrorEpoch));
    }
  for (const f of fanOut.failures)
    failures.push({
      broker: f.broker,
      nodeId: f.nodeId ?? null,
      errorCode: null,
      message: `DescribeClusterMirrors: ${f.error.message}`,
    });

  const points = new Map<string, Map<number, bigint>>();
  await Promise.all(
    [...byLeader].map(async ([leader, topics]) => {
      const broker = brokers.get(leader) as BrokerAddress;
      const asked = [...topics]
        .map(([Topic, partitions]) => ({
          Topic,
          Partitions: partitions
            .filter((p) => (epochs.get(Topic)?.get(p) ?? -1) >= 0)
            .map((Partition) => ({
              Partition,
              CurrentLeaderEpoch: -1,
              LeaderEpoch: epochs.get(Topic)?.get(Partition) ?? -1,
            })),
        }))
        .filter((t) => t.Partitions.length > 0);
      if (asked.length === 0) return;
      try {
        const response = await b.sendTo(OffsetForLeaderEpoch, { ReplicaId: -1, Topics: asked }, broker, {
          retryForMs: DEFAULT_BROKER_RETRY_MS,
        });
        for (const topic of response.Topics) {
          let known = points.get(topic.Topic);
          if (!known) points.set(topic.Topic, (known = new Map()));
          for (const p of topic.Partitions) {
            if (p.ErrorCode !== 0)
              failures.push({
                broker: brokerLabel(broker),
                nodeId: leader,
                errorCode: p.ErrorCode,
                message: `OffsetForLeaderEpoch for ${topic.Topic}-${p.Partition}: ${kafkaError(p.ErrorCode).name}`,
              });
            else if (p.EndOffset >= 0n) known.set(p.Partition, p.EndOffset);
          }
        }
      } catch (err) {
        failures.push({
          broker: brokerLabel(broker),
          nodeId: leader,
          errorCode: err instanceof KafkaProtocolError ? err.code : null,
          message: `OffsetForLeaderEpoch: ${(err as Error).message}`,
        });
      }
    }),
  );
  return { points, epochs, topicIds, failures };
}
