// Open transactions at a stop (PROTOCOL.md §18): the destination aborts what is still open when a topic
// stops; the source shows them as a last stable offset below the high watermark.

import type { KafkaClient } from '../../kafka/client.js';
import { readEndOffsets } from './end-offsets.js';

export interface OpenTransactionPartition {
  readonly topic: string;
  /** @minimum 0 */
  readonly partition: number;
  /** @minimum 0 */
  readonly highWatermark: bigint;
  /** @minimum 0 */
  readonly lastStableOffset: bigint;
  /** Records from the last stable offset to the high watermark: at most this many are aborted. @minimum 0 */
  readonly records: bigint;
}

export async function readOpenTransactions(
  source: KafkaClient,
  wanted: ReadonlyMap<string, readonly number[]>,
): Promise<OpenTransactionPartition[]> {
  const [uncommitted, committed] = await Promise.all([
    readEndOffsets(source, wanted),
    readEndOffsets(source, wanted, { readCommitted: true }),
  ]);
  const out: OpenTransactionPartition[] = [];
  for (const [topic, partitions] of [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const partition of [...partitions].sort((a, b) => a - b)) {
      const hw = uncommitted.offsets.get(topic)?.get(partition);
      const lso = committed.offsets.get(topic)?.get(partition);
      if (hw === undefined || lso === undefined || lso >= hw) continue;
      out.push({ topic, partition, highWatermark: hw, lastStableOffset: lso, records: hw - lso });
    }
  }
  return out;
}
