// Starting a topic that already holds data on the destination (PROTOCOL.md §18): the broker accepts it,
// truncates the destination's copy to 0 (a topic outside any mirror, and one STOPPED in this mirror after
// a failover alike: the prototype logs "Truncating <topic>-<p> to offset 0") and copies the source again.
// Whatever was written on the destination beyond the source's end is lost, silently.
// So add-topics reads both sides' end offsets first and reports, per partition, what goes.

import type { KafkaClient } from '../../kafka/client.js';
import { Metadata } from '../../kafka/messages/index.js';
import { readEndOffsets } from '../describe/end-offsets.js';

export interface TruncatedPartition {
  /** @minimum 0 */
  partition: number;
  /** The destination's end offset now. @minimum 0 */
  destinationEnd: bigint;
  /** The source's end offset now; null when it could not be read. @minimum 0 */
  sourceEnd: bigint | null;
  /** Where the broker cuts the destination's copy before copying the source again: 0. @minimum 0 */
  truncatedTo: bigint;
  /**
   * Offsets the destination holds beyond the source's end: gone once the copy restarts (for a topic
   * stopped in this mirror they include the stop's marker). @minimum 0
   */
  lost: bigint;
}

export interface TruncatedTopic {
  topic: string;
  /**
   * `outside-mirror`: made here or left by a deleted mirror; `stopped-in-mirror`: failed over in this mirror.
   * Both are truncated to 0 and copied whole.
   */
  kind: 'outside-mirror' | 'stopped-in-mirror';
  partitions: TruncatedPartition[];
}

/** The --json report: selected topics whose destination copy holds records the start truncates. */
export interface DestinationTruncation {
  topics: TruncatedTopic[];
  /** @minimum 0 */
  truncatedPartitions: number;
  /** Records lost in all, over every partition. @minimum 0 */
  lostRecords: bigint;
  /** End offsets that could not be read (the report may miss those partitions). */
  readFailures: string[];
}

export interface StartedTopic {
  readonly topic: string;
  readonly stoppedInMirror: boolean;
}

async function existingTopics(client: KafkaClient, names: readonly string[]): Promise<Map<string, number[]>> {
  const metadata = await client.send(Metadata, {
    Topics: names.map((Name) => ({ Name })),
    AllowAutoTopicCreation: false,
  });
  const found = new Map<string, number[]>();
  for (const t of metadata.Topics) {
    if (t.ErrorCode !== 0 || t.Name === null) continue;
    found.set(
      t.Name,
      t.Partitions.map((p) => p.PartitionIndex).sort((a, b) => a - b),
    );
  }
  return found;
}

export async function destinationTruncation(
  destination: KafkaClient,
  source: KafkaClient,
  started: readonly StartedTopic[],
): Promise<DestinationTruncation> {
  const report: DestinationTruncation = { topics: [], truncatedPartitions: 0, lostRecords: 0n, readFailures: [] };
  if (started.length === 0) return report;
  const existing = await existingTopics(
    destination,
    started.map((t) => t.topic),
  );
  if (existing.size === 0) return report;
  const [here, there] = await Promise.all([readEndOffsets(destination, existing), readEndOffsets(source, existing)]);
  report.readFailures = [
    ...here.failures.map((f) => `destination: ${f.message}`),
    ...there.failures.map((f) => `source: ${f.message}`),
  ];
  for (const t of started) {
    const partitions = existing.get(t.topic);
    if (!partitions) continue;
    const rows: TruncatedPartition[] = [];
    for (const partition of partitions) {
      const destinationEnd = here.offsets.get(t.topic)?.get(partition);
      if (destinationEnd === undefined || destinationEnd === 0n) continue;
      const sourceEnd = there.offsets.get(t.topic)?.get(partition) ?? null;
      const beyond = sourceEnd === null ? destinationEnd : destinationEnd > sourceEnd ? destinationEnd - sourceEnd : 0n;
      // A stopped copy with nothing beyond the source's end loses nothing: the copy brings it all back.
      if (t.stoppedInMirror && beyond === 0n) continue;
      rows.push({ partition, destinationEnd, sourceEnd, truncatedTo: 0n, lost: beyond });
    }
    if (rows.length === 0) continue;
    report.topics.push({
      topic: t.topic,
      kind: t.stoppedInMirror ? 'stopped-in-mirror' : 'outside-mirror',
      partitions: rows,
    });
    report.truncatedPartitions += rows.length;
    report.lostRecords += rows.reduce((n, r) => n + r.lost, 0n);
  }
  return report;
}
