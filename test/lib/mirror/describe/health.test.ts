import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FilterError } from '../../../../src/lib/mirror/describe/describe-filters.js';
import { checkHealth } from '../../../../src/lib/mirror/describe/health-check.js';
import {
  evaluateHealth,
  parseHealthConditions,
  partitionKey,
  trackFailures,
  type HealthCondition,
} from '../../../../src/lib/mirror/describe/health.js';
import { mirror, result, row } from '../result-fixture.js';

const view = result(
  mirror('m1', {
    orders: [
      row(0, { offsets: [100, 90] }),
      row(1, { offsets: [100, 100] }),
      row(2, { state: 'FAILED', retry: 3, message: 'Failed to get source metadata' }),
    ],
    payments: [
      row(0, { state: 'PAUSED' }),
      row(1, { state: 'FAILED', retry: -1, message: 'The source topic is deleted.' }),
    ],
  }),
);

describe('--fail-on conditions', () => {
  it('parses failing, lagging, lagging=N and not-mirroring, comma-separated and repeated', () => {
    assert.deepEqual(parseHealthConditions(['failing,lagging=500', 'not-mirroring', 'lagging']), [
      { kind: 'failing' },
      { kind: 'lagging', above: 500 },
      { kind: 'not-mirroring' },
      { kind: 'lagging', above: 0 },
    ]);
  });

  it('rejects what it does not know, with a hint', () => {
    for (const bad of ['broken', 'lagging=-1', 'lagging=1e3', 'failing=2', 'lagging=99999999999999999999'])
      assert.throws(
        () => parseHealthConditions([bad]),
        (err: unknown) => err instanceof FilterError && (err.hint ?? '').includes('failing'),
      );
  });

  it('failing: a non-retryable FAILED partition counts at once; a retriable one only after the grace', () => {
    const conditions: HealthCondition[] = [{ kind: 'failing' }];
    const seen = trackFailures(new Map(), view, 1000);
    assert.deepEqual(
      [...seen.keys()].sort(),
      [partitionKey('m1', 'orders', 2), partitionKey('m1', 'payments', 1)].sort(),
    );
    const early = evaluateHealth(view, conditions, { nowMs: 5000, graceMs: 10_000, failedSince: seen });
    assert.equal(early.holds, true);
    assert.deepEqual(
      early.offending.map((o) => `${o.topic}/${o.partition}`),
      ['payments/1'],
    );
    assert.equal(early.withinGrace, 1);
    const later = evaluateHealth(view, conditions, { nowMs: 11_000, graceMs: 10_000, failedSince: seen });
    assert.deepEqual(
      later.offending.map((o) => `${o.topic}/${o.partition}`),
      ['orders/2', 'payments/1'],
    );
    assert.equal(later.withinGrace, 0);
  });

  it('keeps the first time a partition was seen FAILED, and forgets partitions that recovered', () => {
    const first = trackFailures(new Map(), view, 1000);
    const again = trackFailures(first, view, 9000);
    assert.equal(again.get(partitionKey('m1', 'orders', 2)), 1000);
    const recovered = trackFailures(again, result(mirror('m1', { orders: [row(2, { offsets: [5, 5] })] })), 9500);
    assert.equal(recovered.size, 0);
  });

  it('lagging=N: known lag above N; not-mirroring: any other state', () => {
    const clock = { nowMs: 0, graceMs: 0, failedSince: new Map<string, number>() };
    const lagging = evaluateHealth(view, [{ kind: 'lagging', above: 9 }], clock);
    assert.deepEqual(
      lagging.offending.map((o) => [o.topic, o.partition, o.lag, o.conditions]),
      [['orders', 0, 10n, ['lagging=9']]],
    );
    assert.equal(evaluateHealth(view, [{ kind: 'lagging', above: 10 }], clock).holds, false);
    const notMirroring = evaluateHealth(view, [{ kind: 'not-mirroring' }, { kind: 'failing' }], clock);
    assert.deepEqual(
      notMirroring.offending.map((o) => `${o.topic}/${o.partition}:${o.conditions.join('+')}`),
      ['orders/2:not-mirroring+failing', 'payments/0:not-mirroring', 'payments/1:not-mirroring+failing'],
    );
  });

  it('a healthy view holds nothing', () => {
    const healthy = result(mirror('m1', { orders: [row(0, { offsets: [10, 10] })] }));
    const verdict = evaluateHealth(healthy, parseHealthConditions(['failing,not-mirroring,lagging']), {
      nowMs: 0,
      graceMs: 0,
      failedSince: new Map(),
    });
    assert.deepEqual(verdict, {
      conditions: ['failing', 'not-mirroring', 'lagging=0'],
      holds: false,
      offending: [],
      withinGrace: 0,
      graceMs: 0,
    });
  });
});

describe('checkHealth (one-shot --fail-on)', () => {
  const retriable = result(
    mirror('m1', { orders: [row(0, { state: 'FAILED', retry: 1 }), row(1, { offsets: [1, 1] })] }),
  );
  const retriableAndLagging = result(
    mirror('m1', { orders: [row(0, { state: 'FAILED', retry: 1 }), row(1, { offsets: [5, 1] })] }),
  );
  const recovered = result(mirror('m1', { orders: [row(0, { offsets: [3, 3] }), row(1, { offsets: [1, 1] })] }));

  function fakeClock() {
    let now = 50_000;
    const slept: number[] = [];
    return {
      slept,
      now: () => now,
      sleep: async (ms: number) => {
        slept.push(ms);
        now += ms;
      },
    };
  }

  it('asks again after the grace when only retriable failures are in doubt: recovered means healthy', async () => {
    const answers = [retriable, recovered];
    const clock = fakeClock();
    const outcome = await checkHealth(async () => answers.shift() ?? recovered, [{ kind: 'failing' }], 10_000, clock);
    assert.deepEqual(clock.slept, [10_000]);
    assert.equal(outcome.health.holds, false);
    assert.equal(outcome.result, recovered);
  });

  it('still FAILED after the grace: the condition holds', async () => {
    const clock = fakeClock();
    const outcome = await checkHealth(async () => retriable, [{ kind: 'failing' }], 10_000, clock);
    assert.equal(outcome.health.holds, true);
    assert.deepEqual(
      outcome.health.offending.map((o) => o.partition),
      [0],
    );
  });

  it('does not wait when the condition already holds, or when nothing is in doubt, or with no condition', async () => {
    for (const [view, conditions] of [
      [retriableAndLagging, [{ kind: 'failing' }, { kind: 'lagging', above: 0 }]],
      [recovered, [{ kind: 'failing' }]],
      [retriable, []],
    ] as const) {
      const clock = fakeClock();
      let calls = 0;
      await checkHealth(
        async () => {
          calls++;
          return view;
        },
        conditions,
        10_000,
        clock,
      );
      assert.deepEqual(clock.slept, []);
      assert.equal(calls, 1);
    }
  });
});
