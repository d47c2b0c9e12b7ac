import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type PartitionRow,
  combine,
  known,
  orderedStates,
  summarize,
} from '../../../../src/lib/mirror/describe/lag.js';

function row(partition: number, state: string, lag: bigint | null): PartitionRow {
  return {
    partition,
    sourceOffset: lag === null ? null : 100n + BigInt(partition),
    destinationOffset: lag === null ? null : 100n + BigInt(partition) - lag,
    lag,
    state,
    retryAttempt: 0,
    errorMessage: state === 'FAILED' ? 'source unreachable' : null,
  };
}

describe('lag roll-ups', () => {
  it('summarize counts states, sums known lag, keeps the largest and counts the unknown ones', () => {
    const summary = summarize([
      row(0, 'MIRRORING', 5n),
      row(1, 'MIRRORING', 0n),
      row(2, 'FAILED', null),
      row(3, 'PAUSED', 12n),
      row(4, 'STOPPED', null),
    ]);
    assert.deepEqual(summary, {
      partitions: 5,
      states: { MIRRORING: 2, FAILED: 1, PAUSED: 1, STOPPED: 1 },
      totalLag: 17n,
      maxLag: 12n,
      lagUnknown: 2,
      failing: 1,
    });
  });

  it('summarize sums exactly past 2^53 (int64 lags near and beyond the double range, in any order)', () => {
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    const lags = [max, 1n, max - 1n, 3n, 2n ** 62n, 7n, max, 9n];
    for (const order of [lags, [...lags].reverse()]) {
      const summary = summarize(order.map((lag, i) => row(i, 'MIRRORING', lag)));
      assert.equal(
        summary.totalLag,
        order.reduce((a, b) => a + b, 0n),
      );
      assert.equal(summary.maxLag, 2n ** 62n);
    }
  });

  it('summarize of nothing has no max lag (not 0)', () => {
    assert.deepEqual(summarize([]), {
      partitions: 0,
      states: {},
      totalLag: 0n,
      maxLag: null,
      lagUnknown: 0,
      failing: 0,
    });
    assert.equal(summarize([row(0, 'STOPPED', null)]).maxLag, null, 'only unknown lags: no max either');
  });

  it('combine adds topics into a mirror: sums, merged states, the largest max lag', () => {
    const a = summarize([row(0, 'MIRRORING', 3n), row(1, 'FAILED', null)]);
    const b = summarize([row(0, 'MIRRORING', 9n), row(1, 'PAUSED', 1n)]);
    const none = summarize([row(0, 'STOPPED', null)]);
    assert.deepEqual(combine([a, b, none]), {
      partitions: 5,
      states: { MIRRORING: 2, FAILED: 1, PAUSED: 1, STOPPED: 1 },
      totalLag: 13n,
      maxLag: 9n,
      lagUnknown: 2,
      failing: 1,
    });
    assert.deepEqual(combine([]), summarize([]));
  });

  it('orderedStates follows the lifecycle; states a newer broker invents come last, by name', () => {
    const order = orderedStates({ UNKNOWN: 1, ZETA: 1, FAILED: 2, ALPHA: 1, MIRRORING: 3, LOG_TRUNCATION: 1 });
    assert.deepEqual(order, [
      ['LOG_TRUNCATION', 1],
      ['MIRRORING', 3],
      ['FAILED', 2],
      ['UNKNOWN', 1],
      ['ALPHA', 1],
      ['ZETA', 1],
    ]);
  });

  it('known: -1 and other negatives mean "not known", the rest is the value', () => {
    assert.equal(known(-1n), null);
    assert.equal(known(-5n), null);
    assert.equal(known(0n), 0n);
    assert.equal(String(known(123456789n)), '123456789');
  });
});
