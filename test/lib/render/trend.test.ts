import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderHealth } from '../../../src/lib/render/health.js';
import { etaText, renderTrends, sparkline } from '../../../src/lib/render/trend.js';
import { joinedRegex } from '../../helpers/joined-regex.js';

describe('trend and health rendering', () => {
  it('sparkline scales between min and max; unknown values are blanks', () => {
    assert.equal(sparkline([0, 2, 14]), '▁▂█');
    assert.equal(sparkline([5, 5]), '▁▁');
    assert.equal(sparkline([null, 3, null, 1]), ' █ ▁');
    assert.equal(sparkline([null]), '');
  });

  it('ETA as a short duration, — when unknown', () => {
    assert.equal(etaText(null), '—');
    assert.equal(etaText(0), '0s');
    assert.equal(etaText(42.4), '42s');
    assert.equal(etaText(125), '2m5s');
    assert.equal(etaText(7500), '2h5m');
  });

  it('the trend table (golden)', () => {
    const text = renderTrends([
      {
        mirror: 'm1',
        topic: null,
        windowMs: 4000,
        recordsPerSecond: 360,
        lagPerSecond: -300,
        lagHistory: [900, 600, 300],
        etaSeconds: 1,
      },
      {
        mirror: 'm1',
        topic: 'paused',
        windowMs: 4000,
        recordsPerSecond: null,
        lagPerSecond: null,
        lagHistory: [null, null, null],
        etaSeconds: null,
      },
    ]);
    assert.equal(
      text,
      [
        'Catch-up over the last 4s (3 refreshes):',
        'MIRROR  TOPIC   RECORDS/S  LAG TREND  LAG/S  ETA',
        'm1      (all)         360  █▅▁         -300   1s',
        'm1      paused          —                 —    —',
      ].join('\n'),
    );
  });

  it('the --fail-on verdict lists the offending partitions', () => {
    const text = renderHealth({
      conditions: ['failing'],
      holds: true,
      offending: [
        {
          mirror: 'm1',
          topic: 'orders',
          partition: 2,
          state: 'FAILED',
          lag: null,
          retryAttempt: -1,
          conditions: ['failing'],
        },
      ],
      withinGrace: 1,
      graceMs: 10_000,
    });
    assert.match(
      text,
      joinedRegex(
        [
          /^--fail-on failing: 1 partition\(s\) meet it \(1 FAILED partition\(s\) with a retriable error within the /,
          /10s grace not counted\):$/,
        ],
        'm',
      ),
    );
    assert.match(text, /^m1\s+orders\s+2\s+FAILED\s+-\s+failing$/m);
    assert.equal(
      renderHealth({ conditions: ['lagging=5'], holds: false, offending: [], withinGrace: 0, graceMs: 0 }),
      '--fail-on lagging=5: no partition meets it.',
    );
  });
});
