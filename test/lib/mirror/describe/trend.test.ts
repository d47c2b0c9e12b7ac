import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addSamples,
  eta,
  scopeKey,
  trendOf,
  trendRows,
  type TrendHistory,
} from '../../../../src/lib/mirror/describe/trend.js';
import { mirror, result, row } from '../result-fixture.js';

/** Two partitions; the source stays at 1000, the destination moves to `destination`. */
function at(destination: number) {
  return result(
    mirror('m1', {
      orders: [row(0, { offsets: [1000, destination] }), row(1, { offsets: [1000, destination] })],
      paused: [row(0, { state: 'PAUSED' })],
    }),
  );
}

describe('trend: records per second, lag trend and ETA from stamped samples', () => {
  it('rates over the window from the first to the last sample', () => {
    let history: TrendHistory = new Map();
    history = addSamples(history, at(400), 10_000);
    history = addSamples(history, at(500), 12_000);
    history = addSamples(history, at(600), 14_000);
    const rows = trendRows(history, at(600));
    assert.deepEqual(
      rows.map((r) => [r.mirror, r.topic]),
      [
        ['m1', null],
        ['m1', 'orders'],
        ['m1', 'paused'],
      ],
    );
    const orders = rows[1];
    assert.equal(orders?.windowMs, 4000);
    assert.equal(orders?.recordsPerSecond, 100, '2 partitions × 200 records in 4 s');
    assert.deepEqual(orders?.lagHistory, [1200, 1000, 800]);
    assert.equal(orders?.lagPerSecond, -100);
    assert.equal(orders?.etaSeconds, 8, '800 left at 100/s');
    assert.deepEqual(rows[0]?.lagHistory, [1200, 1000, 800], 'the mirror sums its topics');
    const paused = rows[2];
    assert.equal(paused?.recordsPerSecond, null);
    assert.deepEqual(paused?.lagHistory, [null, null, null]);
    assert.equal(paused?.etaSeconds, null);
  });

  it('keeps the last N samples only', () => {
    let history: TrendHistory = new Map();
    for (let i = 0; i < 10; i++) history = addSamples(history, at(i * 10), i * 1000, 4);
    const samples = history.get(scopeKey('m1', 'orders')) ?? [];
    assert.deepEqual(
      samples.map((s) => s.atMs),
      [6000, 7000, 8000, 9000],
    );
  });

  it('no ETA while lag grows or stays, 0 when caught up, none from one sample', () => {
    assert.equal(eta(500, 10), null);
    assert.equal(eta(500, 0), null);
    assert.equal(eta(0, 0), 0);
    assert.equal(eta(null, -5), null);
    assert.equal(eta(300, -30), 10);
    const one = trendOf([{ atMs: 5, lag: 7, offsets: new Map() }]);
    assert.equal(one.recordsPerSecond, null);
    assert.equal(one.etaSeconds, null);
  });

  it('a partition whose destination went backwards (truncated) or appeared is not counted in the rate', () => {
    const t = trendOf([
      { atMs: 0, lag: 10, offsets: new Map([['a/0', 100]]) },
      {
        atMs: 1000,
        lag: 5,
        offsets: new Map([
          ['a/0', 50],
          ['a/1', 900],
        ]),
      },
    ]);
    assert.equal(t.recordsPerSecond, null);
    assert.equal(t.lagPerSecond, -5);
  });
});
