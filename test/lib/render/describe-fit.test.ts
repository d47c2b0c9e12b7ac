import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useColours } from '../../../src/lib/text/paint.js';
import { summarize, type PartitionRow } from '../../../src/lib/mirror/describe/lag.js';
import { renderDescribeLines } from '../../../src/lib/render/describe.js';
import { fitToScreen, rowsTaken } from '../../../src/lib/render/describe-fit.js';
import { describeViewFitting, describeViewLines } from '../../../src/lib/render/describe-view.js';
import type { MirrorDescription } from '../../../src/lib/mirror/describe/describe-types.js';
import type { DescribeReport } from '../../../src/lib/mirror/describe/describe-report.js';

function row(partition: number, state: string, lag: number): PartitionRow {
  return {
    partition,
    sourceOffset: 1000n,
    destinationOffset: 1000n - BigInt(lag),
    lag: BigInt(lag),
    state,
    retryAttempt: state === 'FAILED' ? 2 : 0,
    errorMessage: state === 'FAILED' ? 'source unreachable' : null,
  };
}

function reportOf(failed: number, lagging: number): DescribeReport {
  const partitions = [
    ...Array.from({ length: failed }, (_, i) => row(i, 'FAILED', 0)),
    ...Array.from({ length: lagging }, (_, i) => row(failed + i, 'MIRRORING', 10 + i)),
  ];
  const mirror: MirrorDescription = {
    name: 'm1',
    summary: summarize(partitions),
    topics: [{ name: 'orders', summary: summarize(partitions), partitions }],
  };
  return {
    mirrors: [mirror],
    notFound: [],
    errors: [],
    brokerWarnings: [],
    retryMaxAttempts: 5,
    failureCauses: [],
    unavailable: [],
    wedged: [],
    missingPartitions: [],
  };
}

const view =
  (report: DescribeReport, partitions = false) =>
  (limits: object) => [...renderDescribeLines(report, { partitions, sort: 'topic', ...limits })];

describe('describe --watch cut to the terminal', () => {
  before(() => {
    useColours(undefined);
  });

  it('a view that fits is left whole', () => {
    const report = reportOf(2, 3);
    const lines = fitToScreen(report, view(report), { rows: 100, columns: 200 }, true);
    assert.equal(lines.join('\n'), view(report)({}).join('\n'));
  });

  it(
    'too tall: attention rows are cut first, the summary and topic table stay, a last line counts ' + 'what is hidden',
    () => {
      const report = reportOf(30, 25);
      const screen = { rows: 15, columns: 80 };
      const lines = fitToScreen(report, view(report), screen, true);
      assert.ok(rowsTaken(lines, screen.columns) <= screen.rows, lines.join('\n'));
      assert.match(lines[0] ?? '', /^Mirror m1: 55 partitions in 1 topic/);
      assert.ok(
        lines.some((l) => /^orders +55 /.test(l)),
        'the topic table is kept',
      );
      assert.match(lines.join('\n'), /Failed partitions \(30, \d+ shown\):/);
      const shown = lines.filter((l) => /^orders +\d+ +2\/5 /.test(l)).length;
      const lagShown = lines.filter((l) => /^orders +\d+ +1000 /.test(l)).length;
      // 30 failed + the top 10 lagging in the full view; what is not shown is counted.
      assert.equal(
        lines.at(-1),
        `… ${40 - shown - lagShown} attention row(s) hidden to fit 15 terminal rows (all: without --watch)`,
      );
    },
  );

  it('long lines count the rows they wrap onto', () => {
    assert.equal(rowsTaken(['x'.repeat(81), 'y', ''], 80), 4);
  });

  it('--partitions (no attention rows): lines are cut off the end and counted', () => {
    const report = reportOf(0, 40);
    const lines = fitToScreen(report, view(report, true), { rows: 10, columns: 200 }, false);
    assert.equal(lines.length, 10);
    const total = view(report, true)({}).join('\n').split('\n').length;
    assert.equal(lines.at(-1), `… ${total - 9} line(s) hidden to fit 10 terminal rows (all: without --watch)`);
  });
});

describe('describe --watch cut to the terminal, within a time budget', () => {
  it('looks at the budget before each line of every view it tries, and stops when it throws', () => {
    const report = reportOf(40, 40);
    let looks = 0;
    const lines = describeViewFitting(report, { partitions: false, sort: 'topic' }, { rows: 10, columns: 80 }, () => {
      looks++;
    });
    // The whole view did not fit, so more than it was made.
    const whole = [...describeViewLines(report, { partitions: false, sort: 'topic' })];
    assert.ok([...lines].length < whole.join('\n').split('\n').length, 'cut to the screen');
    assert.ok(looks > whole.length, `${looks} looks, ${whole.length} pieces in the whole view`);
    const spent = new Error('past the budget');
    let calls = 0;
    const cut = () =>
      describeViewFitting(report, { partitions: false, sort: 'topic' }, { rows: 10, columns: 80 }, () => {
        if (++calls === 5) throw spent;
      });
    assert.throws(cut, (err) => err === spent);
    assert.equal(calls, 5);
  });
});
