// The offsets a stop took on the destination at the stop point (PROTOCOL.md §18, transactions at a stop):
// the MIRROR_PID_RESET marker, and before it an ABORT marker for each transaction open on the source. They
// are the broker's own batches, not records written there since the stop, so they are read (one Fetch per
// partition at its stop point) rather than assumed to be one offset.

import type { KafkaClient } from '../../kafka/client.js';
import { ControlType } from '../../kafka/record-batch.js';
import { nextOf } from '../verify/batch-summary.js';
import { fetchRound, partitionKey } from '../verify/fetch-round.js';
import { locatePartitions, readTarget } from '../verify/log-bounds.js';

const STOP_MARKERS: ReadonlySet<number | null> = new Set([ControlType.ABORT, ControlType.MIRROR_PID_RESET]);

/**
 * topic → partition → offsets the stop's markers take from the stop point on `destination`; a partition
 * that cannot be read (or shows none) counts the one PID-reset marker every stop writes.
 */
export async function stopMarkerOffsets(
  destination: KafkaClient,
  points: ReadonlyMap<string, ReadonlyMap<number, bigint>>,
): Promise<Map<string, Map<number, bigint>>> {
  const asks = [...points].flatMap(([topic, byPartition]) =>
    [...byPartition].map(([partition, offset]) => ({ topic, partition, offset })),
  );
  const counts = new Map<string, Map<number, bigint>>();
  for (const a of asks) counts.set(a.topic, (counts.get(a.topic) ?? new Map()).set(a.partition, 1n));
  if (asks.length === 0) return counts;
  try {
    const located = await locatePartitions(destination, asks);
    const answers = await fetchRound(readTarget(destination, located), asks, () => undefined);
    for (const ask of asks) {
      let end = ask.offset;
      for (const b of answers.get(partitionKey(ask))?.batches ?? []) {
        if (nextOf(b) <= end) continue;
        if (b.baseOffset > end || !STOP_MARKERS.has(b.controlType)) break;
        end = nextOf(b);
      }
      if (end > ask.offset) counts.get(ask.topic)?.set(ask.partition, end - ask.offset);
    }
  } catch {
    // Not readable (authorization, a leader away): the one marker every stop writes is assumed.
  }
  return counts;
}
