// Lag in time: for each lagging MIRRORING partition, the age of the source's record at the destination's
// end offset; null (unknown) when it could not be read, with a note.

import type { KafkaClient } from '../../kafka/client.js';
import { brokerSourceView, checkSources, type SourceCheckPolicy, sourceReachText } from '../core/source-check.js';
import { failedWhy, ROWS_ONLY } from './failed-why.js';
import type { DescribeResult, MirrorDescription } from './describe-types.js';
import type { PartitionRow } from './lag.js';
import { readRecordTimestamps, type RecordTimestamps } from './record-timestamps.js';

export interface LagTimes<R extends DescribeResult> {
  readonly result: R;
  readonly notes: string[];
}

const isLagging = (p: PartitionRow): boolean =>
  p.state === 'MIRRORING' && p.lag !== null && p.lag > 0n && p.destinationOffset !== null;

function laggingOffsets(m: MirrorDescription): Map<string, Map<number, bigint>> {
  const wanted = new Map<string, Map<number, bigint>>();
  for (const t of m.topics)
    for (const p of t.partitions) {
      if (!isLagging(p)) continue;
      let parts = wanted.get(t.name);
      if (!parts) wanted.set(t.name, (parts = new Map()));
      parts.set(p.partition, p.destinationOffset as bigint);
    }
  return wanted;
}

export async function withLagTimes<R extends DescribeResult>(
  client: KafkaClient,
  result: R,
  policy: SourceCheckPolicy,
  now: () => number = Date.now,
): Promise<LagTimes<R>> {
  const wanted = new Map(result.mirrors.map((m) => [m.name, laggingOffsets(m)]));
  const asked = result.mirrors.filter((m) => (wanted.get(m.name)?.size ?? 0) > 0);
  const answers = await checkSources(
    client,
    asked.map((m) => ({ mirror: m.name, needs: ['lag-time'] as const })),
    async (source, mirror) => ({
      read: await readRecordTimestamps(source, wanted.get(mirror) ?? new Map()),
      at: now(),
    }),
    policy,
  );
  const notes: string[] = [];
  const byMirror = new Map<string, { read: RecordTimestamps; at: number } | null>();
  for (const answer of answers) {
    byMirror.set(answer.mirror, answer.status === 'answered' ? answer.facts : null);
    const mirror = asked.find((m) => m.name === answer.mirror);
    if (answer.status !== 'answered' && mirror) {
      const why =
        sourceReachText(
          answer,
          brokerSourceView(mirror.topics.flatMap((t) => t.partitions)),
          failedWhy(mirror, ROWS_ONLY),
        ) ?? 'the source was not asked (--no-source-check)';
      const n = countOf(wanted.get(mirror.name));
      notes.push(`the lag time of ${n} lagging partition(s) of mirror ${mirror.name} is unknown: ${why}`);
    }
  }
  const mirrors = result.mirrors.map((m) => {
    const facts = byMirror.get(m.name) ?? null;
    const reasons = new Map<string, number>();
    const topics = m.topics.map((t) => ({
      ...t,
      partitions: t.partitions.map((p): PartitionRow => {
        if (p.state !== 'MIRRORING' || p.lag === null) return p;
        if (!isLagging(p)) return { ...p, lagTimeMs: 0 };
        const read = facts?.read.get(t.name)?.get(p.partition);
        if (facts && read && 'timestampMs' in read)
          return { ...p, lagTimeMs: Math.max(0, facts.at - read.timestampMs) };
        if (facts) {
          const why = read && 'unknown' in read ? read.unknown : 'the source did not answer for it';
          reasons.set(why, (reasons.get(why) ?? 0) + 1);
        }
        return { ...p, lagTimeMs: null };
      }),
    }));
    for (const [why, n] of reasons)
      notes.push(`the lag time of ${n} lagging partition(s) of mirror ${m.name} is unknown: ${why}`);
    return { ...m, topics };
  });
  return { result: { ...result, mirrors }, notes };
}

function countOf(wanted: ReadonlyMap<string, ReadonlyMap<number, bigint>> | undefined): number {
  let n = 0;
  for (const parts of wanted?.values() ?? []) n += parts.size;
  return n;
}
