// Which offsets of one partition verify compares (pure): only offsets both logs hold; above the lower end is
// lag, below the higher start is what retention deleted on one side.

import type { LogBounds, NotComparable, Side, VerifyRange } from './verify-types.js';

export type RangeDecision =
  | { readonly kind: 'compare'; readonly from: bigint; readonly to: bigint }
  | { readonly kind: 'tail'; readonly lo: bigint; readonly to: bigint; readonly batches: number }
  | { readonly kind: 'missing'; readonly side: Side }
  | { readonly kind: 'not-comparable'; readonly notComparable: NotComparable };

const other = (side: Side): Side => (side === 'source' ? 'destination' : 'source');

function retention(side: Side, detail: string): RangeDecision {
  return { kind: 'not-comparable', notComparable: { cause: 'retention', side, detail } };
}

export function decideRange(
  source: LogBounds | null,
  destination: LogBounds | null,
  range: VerifyRange,
  resolved: { readonly from?: bigint; readonly to?: bigint } = {},
): RangeDecision {
  if (!source) return { kind: 'missing', side: 'source' };
  if (!destination) return { kind: 'missing', side: 'destination' };
  const sides = { source, destination };
  for (const side of ['source', 'destination'] as const) {
    const mine = sides[side];
    const theirs = sides[other(side)];
    if (mine.start === mine.end && theirs.start < theirs.end) {
      if (mine.end === 0n) return { kind: 'missing', side };
      return retention(side, `the ${side} log is empty from offset ${mine.start} (every record deleted)`);
    }
  }
  const lo = source.start > destination.start ? source.start : destination.start;
  const hi = source.end < destination.end ? source.end : destination.end;
  if (range.kind === 'range') {
    const from = resolved.from ?? lo;
    for (const side of ['source', 'destination'] as const)
      if (from < sides[side].start)
        return retention(side, `the ${side} log starts at offset ${sides[side].start}, after --from ${from}`);
    const to = resolved.to !== undefined && resolved.to < hi ? resolved.to : hi;
    return { kind: 'compare', from, to: to < from ? from : to };
  }
  if (lo > hi) {
    const gone: Side = source.start > destination.start ? 'source' : 'destination';
    return retention(
      gone,
      `the ${gone} log starts at offset ${sides[gone].start}, after the ${other(gone)}'s end ${sides[other(gone)].end}`,
    );
  }
  if (range.kind === 'full') return { kind: 'compare', from: lo, to: hi };
  return { kind: 'tail', lo, to: hi, batches: range.batches };
}
