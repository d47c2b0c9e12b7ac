// Which offsets verify compares, from both logs' bounds.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideRange } from '../../../../src/lib/mirror/verify/partition-range.js';

const tail = { kind: 'tail', batches: 10 } as const;
const full = { kind: 'full' } as const;
const ranged = { kind: 'range', from: null, to: null } as const;
const b = (start: bigint, end: bigint) => ({ start, end });

describe('verify partition range', () => {
  it('compares only what both logs hold: lag above the destination end is left out', () => {
    assert.deepEqual(decideRange(b(0n, 100n), b(0n, 80n), full), { kind: 'compare', from: 0n, to: 80n });
    assert.deepEqual(decideRange(b(10n, 100n), b(0n, 100n), tail), { kind: 'tail', lo: 10n, to: 100n, batches: 10 });
  });

  it('a partition on one side only is missing there; a log emptied by retention is not comparable', () => {
    assert.deepEqual(decideRange(null, b(0n, 5n), tail), { kind: 'missing', side: 'source' });
    assert.deepEqual(decideRange(b(0n, 5n), b(0n, 0n), tail), { kind: 'missing', side: 'destination' });
    const emptied = decideRange(b(0n, 5n), b(5n, 5n), tail);
    assert.equal(emptied.kind, 'not-comparable');
  });

  it('retention past the other side’s end, or a --from before a log start, is not comparable, naming the side', () => {
    const gone = decideRange(b(200n, 300n), b(0n, 150n), full);
    assert.deepEqual(gone.kind === 'not-comparable' && [gone.notComparable.cause, gone.notComparable.side], [
      'retention',
      'source',
    ]);
    const early = decideRange(b(0n, 300n), b(50n, 300n), ranged, { from: 10n });
    assert.deepEqual(early.kind === 'not-comparable' && early.notComparable.side, 'destination');
    assert.deepEqual(decideRange(b(0n, 300n), b(0n, 300n), ranged, { from: 10n, to: 20n }), {
      kind: 'compare',
      from: 10n,
      to: 20n,
    });
  });
});
