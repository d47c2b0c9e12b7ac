// Confirmed on the sources for describe's health checks: a reported zero lag (the broker reads 0 for about
// a second after a start or resume, §18), and topic ids (a recreated source topic copies nothing, §18).

import type { KafkaClient } from '../../kafka/client.js';
import type { DescribeResult } from './describe-types.js';
import { partitionLeaders, readEndOffsets } from './end-offsets.js';
import { type RecreatedSourceTopic, recreatedTopic } from '../core/topic-ids.js';

export type { RecreatedSourceTopic } from '../core/topic-ids.js';
import { partitionKey } from './health.js';
import { brokerSourceView, checkSources, type SourceCheckPolicy, sourceReachText } from '../core/source-check.js';
import { failedWhy, ROWS_ONLY } from './failed-why.js';

/** A partition whose reported lag was 0, as confirmed on the source. */
export interface ConfirmedLag {
  readonly mirror: string;
  readonly topic: string;
  /** @minimum 0 */
  readonly partition: number;
  /** The source's end offset now (ListOffsets there); null when it could not be read. */
  readonly sourceEndOffset: bigint | null;
  /** Source end minus the reported destination offset (never below 0); null: unknown, not confirmed. */
  readonly lag: bigint | null;
}

export interface SourceConfirmation {
  readonly confirmedLags: ConfirmedLag[];
  readonly recreatedTopics: RecreatedSourceTopic[];
  readonly notes: string[];
}

interface SourceView {
  readonly ids: ReadonlyMap<string, string>;
  readonly ends: ReadonlyMap<string, ReadonlyMap<number, bigint>>;
}

export async function confirmOnSources(
  client: KafkaClient,
  shown: DescribeResult,
  confirmZeroLag: boolean,
  policy: SourceCheckPolicy,
): Promise<SourceConfirmation> {
  const mirrors = shown.mirrors.filter((m) => m.topics.length > 0);
  const zeroLag = (m: (typeof mirrors)[number]) =>
    new Map(
      m.topics.map((t) => [
        t.name,
        confirmZeroLag
          ? t.partitions.filter((p) => p.state === 'MIRRORING' && p.lag === 0n).map((p) => p.partition)
          : [],
      ]),
    );
  const wanted = new Map(mirrors.map((m) => [m.name, zeroLag(m)]));
  const answers = await checkSources(
    client,
    mirrors.map((m) => ({ mirror: m.name, needs: ['compare-topic-ids', 'confirm-zero-lag'] as const })),
    async (source, mirror): Promise<SourceView> => {
      const read = await readEndOffsets(source, wanted.get(mirror) ?? new Map());
      return { ids: read.topicIds ?? new Map(), ends: read.offsets };
    },
    policy,
  );
  const all = new Map<string, readonly number[]>();
  for (const m of mirrors) for (const t of m.topics) all.set(t.name, []);
  const destinationIds = all.size === 0 ? new Map<string, string>() : (await partitionLeaders(client, all)).topicIds;
  const result: SourceConfirmation = { confirmedLags: [], recreatedTopics: [], notes: [] };
  for (const answer of answers) {
    const mirror = mirrors.find((m) => m.name === answer.mirror);
    if (!mirror) continue;
    const view = answer.status === 'answered' ? answer.facts : null;
    for (const topic of mirror.topics) {
      const sourceId = view?.ids.get(topic.name);
      const destinationId = destinationIds.get(topic.name);
      if (sourceId !== undefined && destinationId !== undefined && sourceId !== destinationId)
        result.recreatedTopics.push(recreatedTopic(mirror.name, topic.name, sourceId, destinationId));
      for (const partition of wanted.get(mirror.name)?.get(topic.name) ?? []) {
        const row = topic.partitions.find((p) => p.partition === partition);
        const end = view?.ends.get(topic.name)?.get(partition) ?? null;
        const destination = row?.destinationOffset ?? null;
        const lag = end === null || destination === null ? null : end > destination ? end - destination : 0n;
        result.confirmedLags.push({ mirror: mirror.name, topic: topic.name, partition, sourceEndOffset: end, lag });
      }
    }
    const unknown = result.confirmedLags.filter((c) => c.mirror === mirror.name && c.lag === null).length;
    if (unknown > 0) {
      const why =
        sourceReachText(
          answer,
          brokerSourceView(mirror.topics.flatMap((t) => t.partitions)),
          failedWhy(mirror, ROWS_ONLY),
        ) ??
        (answer.status === 'not-checked' && answer.reason === 'no-source-check'
          ? 'the source was not asked (--no-source-check)'
          : 'the source did not give their end offsets');
      result.notes.push(
        `the zero lag of ${unknown} partition(s) of mirror ${mirror.name} is not confirmed (unknown): ${why}`,
      );
    }
  }
  return result;
}

export function confirmedLagIndex(lags: readonly ConfirmedLag[]): Map<string, bigint | null> {
  return new Map(lags.map((c) => [partitionKey(c.mirror, c.topic, c.partition), c.lag]));
}
