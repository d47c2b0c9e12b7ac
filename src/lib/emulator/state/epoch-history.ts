// Which leader epoch wrote each stretch of a partition's log: the leader-epoch checkpoint a Kafka
// broker keeps, and what OffsetForLeaderEpoch answers from. The emulator holds offsets, not records,
// so the history is a list of (epoch, first offset) entries. A writable partition's records carry its
// leader epoch; a mirror partition's records keep the epochs they had on the source. Failback rests on
// it: the old destination's end offset of the last epoch it mirrored is where the two logs part.

import type { Partition } from './types.js';

export interface EpochStart {
  readonly epoch: number;
  /** Offset of the first record written in this epoch. */
  readonly start: bigint;
}

/** Notes that records from `start` on were written in `epoch` (a no-op while the epoch is unchanged). */
export function noteRecords(p: Partition, epoch: number, start: bigint): void {
  const last = p.epochs[p.epochs.length - 1];
  if (last && last.epoch === epoch) return;
  // A stretch that never received a record is dropped: it would answer lookups with an empty range.
  if (last && last.start >= start) p.epochs.pop();
  const before = p.epochs[p.epochs.length - 1];
  if (before && before.epoch === epoch) return;
  p.epochs.push({ epoch, start });
}

/** Copies the epochs of the source's records in [from, to) onto a mirror partition. */
export function copyEpochs(p: Partition, source: readonly EpochStart[], from: bigint, to: bigint): void {
  if (to <= from) return;
  for (const [i, entry] of source.entries()) {
    const next = source[i + 1]?.start ?? to;
    if (next <= from || entry.start >= to) continue;
    noteRecords(p, entry.epoch, entry.start > from ? entry.start : from);
  }
}

/** The highest epoch among the source's records in [from, to); -1 when there are none. */
export function highestEpochIn(source: readonly EpochStart[], from: bigint, to: bigint): number {
  let highest = -1;
  for (const [i, entry] of source.entries()) {
    const next = source[i + 1]?.start ?? to;
    if (next <= from || entry.start >= to) continue;
    highest = Math.max(highest, entry.epoch);
  }
  return highest;
}

/** Log truncation: what lies at or beyond `point` is gone, and so are the epochs that only wrote there. */
export function truncateEpochs(p: Partition, point: bigint): void {
  while (p.epochs.length > 0 && (p.epochs[p.epochs.length - 1] as EpochStart).start >= point) p.epochs.pop();
}

/**
 * The history as a reader sees it at `logEnd`: records a writable partition grew since it was last
 * materialized were written in its current leader epoch.
 */
export function epochsAt(p: Partition, logEnd: bigint, writable: boolean): EpochStart[] {
  const entries = [...p.epochs];
  const last = entries[entries.length - 1];
  const materialized = p.base;
  if (writable && logEnd > materialized && (!last || last.epoch !== p.leaderEpoch))
    entries.push({ epoch: p.leaderEpoch, start: materialized });
  return entries;
}

/**
 * OffsetForLeaderEpoch: the largest epoch at or below `requested` that wrote records, and the offset
 * where the next epoch starts (the log end for the latest one). Both -1 when no epoch that old wrote.
 */
export function endOffsetForEpoch(
  entries: readonly EpochStart[],
  requested: number,
  logEnd: bigint,
): { readonly epoch: number; readonly endOffset: bigint } {
  let found = -1;
  for (const [i, entry] of entries.entries()) if (entry.epoch <= requested) found = i;
  const entry = entries[found];
  if (!entry) return { epoch: -1, endOffset: -1n };
  return { epoch: entry.epoch, endOffset: entries[found + 1]?.start ?? logEnd };
}
