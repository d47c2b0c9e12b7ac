// Where the copy of each STOPPED partition ended, as the seed KIP keeps it: LastMirroredOffsets,
// answered by the mirror's coordinator (the client finds it with FindCoordinator key type MIRROR).
// The prototype has no such RPC; there the destination log end is read with ListOffsets instead.

import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError } from '../../kafka/error-codes.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { LastMirroredOffsets } from '../../kafka/messages/kip-draft/index.js';
import { type EndOffsetFailure, type EndOffsets, stoppedEndOffsets } from './end-offsets.js';

export interface StoppedPartition {
  readonly mirror: string;
  readonly topic: string;
  readonly partition: number;
}

export function speaksLastMirroredOffsets(client: KafkaClient): boolean {
  return client.dialect.plan(LastMirroredOffsets).kind === 'direct';
}

export async function lastMirroredOffsets(
  client: KafkaClient,
  stopped: readonly StoppedPartition[],
): Promise<EndOffsets> {
  const offsets = new Map<string, Map<number, bigint>>();
  const failures: EndOffsetFailure[] = [];
  const byMirror = new Map<string, Map<string, number[]>>();
  for (const { mirror, topic, partition } of stopped) {
    const topics = byMirror.get(mirror) ?? new Map<string, number[]>();
    topics.set(topic, [...(topics.get(topic) ?? []), partition]);
    byMirror.set(mirror, topics);
  }
  await Promise.all(
    [...byMirror].map(async ([mirror, topics]) => {
      const fail = (errorCode: number | null, message: string) =>
        failures.push({ broker: `coordinator of mirror '${mirror}'`, nodeId: null, errorCode, message });
      try {
        const answer = await client.send(LastMirroredOffsets, {
          MirrorName: mirror,
          Topics: [...topics].map(([Name, partitions]) => ({
            Name,
            Partitions: partitions.map((PartitionIndex) => ({ PartitionIndex })),
          })),
        });
        if (answer.ErrorCode !== 0) {
          fail(answer.ErrorCode, `LastMirroredOffsets: ${kafkaError(answer.ErrorCode).name}`);
          return;
        }
        for (const topic of answer.Topics) {
          const known = offsets.get(topic.Name) ?? new Map<number, bigint>();
          offsets.set(topic.Name, known);
          for (const p of topic.Partitions) {
            if (p.ErrorCode !== 0)
              fail(
                p.ErrorCode,
                `LastMirroredOffsets for ${topic.Name}-${p.PartitionIndex}: ${kafkaError(p.ErrorCode).name}`,
              );
            else if (p.LastMirroredOffset >= 0n) known.set(p.PartitionIndex, p.LastMirroredOffset);
          }
        }
      } catch (err) {
        fail(err instanceof KafkaProtocolError ? err.code : null, `LastMirroredOffsets: ${(err as Error).message}`);
      }
    }),
  );
  return { offsets, failures, unsupported: [] };
}

export async function stoppedOffsets(
  client: KafkaClient,
  stopped: readonly StoppedPartition[],
): Promise<EndOffsets & { readonly source: 'ListOffsets' | 'LastMirroredOffsets' }> {
  if (speaksLastMirroredOffsets(client))
    return { ...(await lastMirroredOffsets(client, stopped)), source: 'LastMirroredOffsets' };
  return { ...(await stoppedEndOffsets(client, stopped)), source: 'ListOffsets' };
}
