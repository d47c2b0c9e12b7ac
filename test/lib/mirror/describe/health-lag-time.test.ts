// `--fail-on lagging-time=DURATION`: parsed before anything is sent, and judged on the lag times describe
// read (an unknown age counts; a caught-up partition does not).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FilterError } from '../../../../src/lib/mirror/describe/describe-filters.js';
import { evaluateHealth, parseHealthConditions, partitionKey } from '../../../../src/lib/mirror/describe/health.js';
import { mirror, result, row } from '../result-fixture.js';

const clock = { nowMs: 0, graceMs: 10_000, failedSince: new Map<string, number>() };

describe('--fail-on lagging-time', () => {
  it('parses durations (a bare number is seconds) and refuses anything else', () => {
    assert.deepEqual(
      parseHealthConditions(['lagging-time=30s', 'lagging-time=2m,lagging-time=1500ms', 'lagging-time=5']),
      [
        { kind: 'lagging-time', aboveMs: 30_000, written: '30s' },
        { kind: 'lagging-time', aboveMs: 120_000, written: '2m' },
        { kind: 'lagging-time', aboveMs: 1500, written: '1500ms' },
        { kind: 'lagging-time', aboveMs: 5000, written: '5' },
      ],
    );
    for (const bad of ['lagging-time', 'lagging-time=', 'lagging-time=-1s', 'lagging-time=1d', 'lagging-time=soon'])
      assert.throws(() => parseHealthConditions([bad]), FilterError, bad);
  });

  it('holds for a lag time above the limit or unknown; not for one below, caught up, or not MIRRORING', () => {
    const rows = [
      { ...row(0, { offsets: [10, 5] }), lagTimeMs: 31_000 },
      { ...row(1, { offsets: [10, 5] }), lagTimeMs: 29_000 },
      { ...row(2, { offsets: [10, 5] }), lagTimeMs: null },
      { ...row(3, { offsets: [10, 10] }), lagTimeMs: 0 },
      row(4, { offsets: [10, 5] }),
      row(5, { state: 'FAILED', retry: 2 }),
    ];
    const view = result(mirror('m1', { t: rows }));
    const verdict = evaluateHealth(view, parseHealthConditions(['lagging-time=30s']), clock);
    assert.deepEqual(
      verdict.offending.map((o) => [o.partition, o.lagTimeMs, o.conditions]),
      [
        [0, 31_000, ['lagging-time=30s']],
        [2, null, ['lagging-time=30s']],
        [4, undefined, ['lagging-time=30s']],
      ],
    );
  });

  it('a reported zero lag the source contradicts, or could not confirm, holds (its age is unknown)', () => {
    const rows = [0, 1, 2].map((p) => ({ ...row(p, { offsets: [10, 10] }), lagTimeMs: 0 }));
    const view = result(mirror('m1', { t: rows }));
    const confirmation = {
      lags: new Map<string, bigint | null>([
        [partitionKey('m1', 't', 0), 0n],
        [partitionKey('m1', 't', 1), 4n],
        [partitionKey('m1', 't', 2), null],
      ]),
      recreated: new Set<string>(),
    };
    const verdict = evaluateHealth(view, parseHealthConditions(['lagging-time=1h']), clock, confirmation);
    assert.deepEqual(
      verdict.offending.map((o) => o.partition),
      [1, 2],
    );
  });
});
