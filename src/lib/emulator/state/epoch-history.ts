// Which leader epoch wrote each stretch of a partition's log (the leader-epoch checkpoint, OffsetForLeaderEpoch);
// a mirror partition keeps the source's epochs, and failback cuts where the two histories part.

import type { Partition } from './types.js';

export interface EpochStart {
  readonly epoch: number;
  readonly start: bigint;
}

export function noteRecords(p: Partition, epoch: number, start: bigint): void {
  const last = p.epochs[p.epochs.length - 1];
  if (last && last.epoch === epoch) return;
  if (last && last.start >= start) p.epochs.pop();
  const before = p.epochs[p.epochs.length - 1];
  if (before && before.epoch === epoch) return;
  p.epochs.push({ epoch, start });
}

export function copyEpochs(p: Partition, source: readonly EpochStart[], from: bigint, to: bigint): void {
  if (to <= from) return;
  for (const [i, entry] of source.entries()) {
    const next = source[i + 1]?.start ?? to;
    if (next <= from || entry.start >= to) continue;
    noteRecords(p, entry.epoch, entry.start > from ? entry.start : from);
  }
}

export function highestEpochIn(source: readonly EpochStart[], from: bigint, to: bigint): number {
  let highest = -1;
  for (const [i, entry] of source.entries()) {
    const next = source[i + 1]?.start ?? to;
    if (next <= from || entry.start >= to) continue;
    highest = Math.max(highest, entry.epoch);
  }
  return highest;
}

export function truncateEpochs(p: Partition, point: bigint): void {
  while (p.epochs.length > 0 && (p.epochs[p.epochs.length - 1] as EpochStart).start >= point) p.epochs.pop();
}

export function epochsAt(p: Partition, logEnd: bigint, writable: boolean): EpochStart[] {
  const entries = [...p.epochs];
  const last = entries[entries.length - 1];
  const materialized = p.base;
  if (writable && logEnd > materialized && (!last || last.epoch !== p.leaderEpoch))
    entries.push({ epoch: p.leaderEpoch, start: materialized });
  return entries;
}

/** OffsetForLeaderEpoch: largest epoch ≤ `requested` that wrote records and where the next starts; else -1. */
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
