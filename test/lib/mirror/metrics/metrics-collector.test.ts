import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MetricsCollector, type Collected } from '../../../../src/lib/mirror/metrics/metrics-collector.js';
import { mirror, result, row } from '../result-fixture.js';

const collected: Collected = {
  result: result(mirror('m1', { orders: [row(0, { offsets: [10, 4] })] })),
  brokers: [
    { broker: '127.0.0.1:1', nodeId: 1, answered: true, message: null },
    { broker: '127.0.0.1:2', nodeId: 2, answered: false, message: 'timed out' },
  ],
};

describe('MetricsCollector', () => {
  it('one collection per minimum interval, shared by concurrent scrapes', async () => {
    let now = 1000;
    let calls = 0;
    const collector = new MetricsCollector(
      async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 20));
        return collected;
      },
      { minIntervalMs: 5000, timeoutMs: 1000, now: () => now },
    );
    const [a, b, c] = await Promise.all([collector.snapshot(), collector.snapshot(), collector.snapshot()]);
    assert.equal(calls, 1);
    assert.equal(a, b);
    assert.equal(b, c);
    assert.equal(a.up, true, 'one broker answered');
    assert.equal(a.stale, false);
    now += 4999;
    await collector.snapshot();
    assert.equal(calls, 1);
    now += 1;
    await collector.snapshot();
    assert.equal(calls, 2);
  });

  it('a collection that outlasts the timeout: the older values, marked stale, every broker marked', async () => {
    let hang = false;
    let now = 0;
    const collector = new MetricsCollector(
      () => (hang ? new Promise<Collected>(() => undefined) : Promise.resolve(collected)),
      { minIntervalMs: 0, timeoutMs: 50, now: () => now },
    );
    const fresh = await collector.snapshot();
    hang = true;
    now = 10_000;
    const started = Date.now();
    const stale = await collector.snapshot();
    assert.ok(Date.now() - started < 1000);
    assert.equal(stale.stale, true);
    assert.equal(stale.up, false);
    assert.equal(stale.result, fresh.result);
    assert.equal(stale.collectedAtMs, fresh.collectedAtMs, 'the values say when they are from');
    assert.deepEqual(
      stale.brokers.map((b) => b.answered),
      [false, false],
    );
  });

  it('a failed collection before any success: up 0, no result, the error kept', async () => {
    const collector = new MetricsCollector(() => Promise.reject(new Error('no broker reachable')), {
      minIntervalMs: 0,
      timeoutMs: 1000,
      now: () => 0,
    });
    const snapshot = await collector.snapshot();
    assert.equal(snapshot.up, false);
    assert.equal(snapshot.result, null);
    assert.equal(snapshot.error, 'no broker reachable');
  });
});
