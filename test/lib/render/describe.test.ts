import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Chalk } from 'chalk';
import { useColours } from '../../../src/lib/text/paint.js';
import { summarize, type PartitionRow } from '../../../src/lib/mirror/describe/lag.js';
import {
  renderDescribe,
  renderPartitionTable,
  retryCell,
  retryText,
  statesText,
} from '../../../src/lib/render/describe.js';
import { joinedRegex } from '../../helpers/joined-regex.js';
import type { MirrorDescription } from '../../../src/lib/mirror/describe/describe-types.js';
import type { DescribeReport } from '../../../src/lib/mirror/describe/describe-report.js';

function row(partition: number, state: string, lag: number | null, extra: Partial<PartitionRow> = {}): PartitionRow {
  return {
    partition,
    sourceOffset: lag !== null ? 1000n : null,
    destinationOffset: lag !== null ? 1000n - BigInt(lag) : null,
    lag: lag !== null ? BigInt(lag) : null,
    state,
    retryAttempt: 0,
    errorMessage: null,
    ...extra,
  };
}

function mirror(name: string, topics: Record<string, PartitionRow[]>): MirrorDescription {
  const described = Object.entries(topics).map(([topic, partitions]) => ({
    name: topic,
    summary: summarize(partitions),
    partitions,
  }));
  return { name, summary: summarize(described.flatMap((t) => t.partitions)), topics: described };
}

function report(mirrors: MirrorDescription[], retryMaxAttempts: number | null = null): DescribeReport {
  return {
    mirrors,
    notFound: [],
    errors: [],
    brokerWarnings: [],
    retryMaxAttempts,
    failureCauses: [],
    unavailable: [],
    wedged: [],
    missingPartitions: [],
  };
}

describe('describe renderer', () => {
  before(() => {
    useColours(undefined);
  });

  it('a MIRRORING partition still carrying the retry and message of its start shows no failure', () => {
    assert.equal(retryCell({ state: 'MIRRORING', retryAttempt: 1 }, 100), '');
    assert.equal(retryCell({ state: 'FAILED', retryAttempt: 1 }, 100), '1/100');
    assert.equal(retryCell({ state: 'MIRRORING', retryAttempt: 0 }, 100), '');
  });

  it('explains LOG_TRUNCATION and EPOCH_FENCING in plain words and does not count them as failing', () => {
    const text = renderDescribe(
      report([
        mirror('rev', {
          orders: [row(0, 'LOG_TRUNCATION', null), row(1, 'EPOCH_FENCING', null), row(2, 'EPOCH_FENCING', null)],
        }),
      ]),
      { partitions: false, sort: 'topic' },
    );
    assert.match(text, /^Mirror rev: 3 partitions in 1 topic \(1 LOG_TRUNCATION, 2 EPOCH_FENCING\); .*; 0 failing$/m);
    assert.doesNotMatch(text, /Failed partitions/);
    assert.match(
      text,
      joinedRegex(
        [
          /^LOG_TRUNCATION \(1 partition, not failing\): starting to mirror\. .*cuts off local records the source /,
          /never had \(after a failback: what was written here after the failover\)/,
        ],
        'm',
      ),
    );
    assert.match(
      text,
      /^EPOCH_FENCING \(2 partitions, not failing\): the source's leader epoch moved past this partition's/m,
    );
    const plain = renderDescribe(report([mirror('m1', { orders: [row(0, 'MIRRORING', 0)] })]), {
      partitions: false,
      sort: 'topic',
    });
    assert.doesNotMatch(plain, /not failing/);
  });

  it('retry text: n/max, n without a known max, non-retryable for -1, empty without failure', () => {
    assert.equal(retryText(3, 100), '3/100');
    assert.equal(retryText(3, null), '3');
    assert.equal(retryText(-1, 100), 'non-retryable');
    assert.equal(retryText(0, 100), '');
  });

  it('states in lifecycle order, unknown names last', () => {
    assert.equal(
      statesText({ FAILED: 1, MIRRORING: 3, SHINY_NEW: 2, LOG_TRUNCATION: 1 }),
      '1 LOG_TRUNCATION, 3 MIRRORING, 1 FAILED, 2 SHINY_NEW',
    );
  });

  it('default view: summary, roll-up, failed partitions with retry and error, lagging ones', () => {
    const text = renderDescribe(
      report(
        [
          mirror('m1', {
            orders: [
              row(0, 'MIRRORING', 5),
              row(1, 'FAILED', null, { retryAttempt: 4, errorMessage: 'Failed to get source metadata' }),
              row(2, 'MIRRORING', 0),
            ],
            payments: [
              row(0, 'FAILED', null, { retryAttempt: -1, errorMessage: 'The source topic is deleted.' }),
              row(1, 'MIRRORING', 20),
            ],
          }),
        ],
        100,
      ),
      { partitions: false, sort: 'topic' },
    );
    assert.equal(
      text,
      [
        'Mirror m1: 5 partitions in 2 topics (3 MIRRORING, 2 FAILED); total lag 25, max lag 20; 2 failing',
        '',
        'TOPIC     PARTITIONS  STATES                 TOTAL LAG  MAX LAG',
        'orders             3  2 MIRRORING, 1 FAILED          5        5',
        'payments           2  1 MIRRORING, 1 FAILED         20       20',
        '',
        'Failed partitions (2):',
        'TOPIC     PARTITION  RETRY          ERROR',
        'orders            1  4/100          Failed to get source metadata',
        'payments          0  non-retryable  The source topic is deleted.',
        '',
        'Most lagging partitions:',
        'TOPIC     PARTITION  SOURCE OFFSET  DESTINATION OFFSET  LAG  STATE',
        'payments          1           1000                 980   20  MIRRORING',
        'orders            0           1000                 995    5  MIRRORING',
      ].join('\n'),
    );
  });

  it('caps the lagging list and names --partitions; keeps the largest lags', () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(i, 'MIRRORING', ((i * 7) % 25) + 1));
    const text = renderDescribe(report([mirror('m1', { t: rows })]), { partitions: false, sort: 'topic' });
    assert.match(text, /Most lagging partitions \(top 10 of 25; see all with --partitions --sort lag\):/);
    const lags = text
      .slice(text.indexOf('Most lagging'))
      .split('\n')
      .filter((l) => /^t\s/.test(l))
      .map((l) => Number(l.trim().split(/\s+/)[4]));
    assert.deepEqual(lags, [25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
  });

  it('explains "-" once, and the ListOffsets marker once', () => {
    const text = renderDescribe(
      report([
        mirror('m1', {
          a: [
            row(0, 'PAUSED', null),
            row(1, 'STOPPED', null, { destinationOffset: 51n, destinationOffsetSource: 'ListOffsets' }),
          ],
          b: [row(0, 'PAUSED', null)],
        }),
      ]),
      { partitions: true, sort: 'topic' },
    );
    assert.equal(text.match(/^- = not known/gm)?.length, 1);
    assert.equal(text.match(/^\* = destination log-end offset read with ListOffsets/gm)?.length, 1);
    assert.match(text, /^m1\s+a\s+1\s+-\s+51\*\s+-\s+STOPPED$/m);
    const noDash = renderDescribe(report([mirror('m1', { a: [row(0, 'MIRRORING', 0)] })]), {
      partitions: true,
      sort: 'topic',
    });
    assert.doesNotMatch(noDash, /not known/);
  });

  it('--partitions --sort lag orders every row by lag across topics, unknown last', () => {
    const text = renderPartitionTable(
      report([
        mirror('m1', {
          a: [row(0, 'MIRRORING', 1), row(1, 'PAUSED', null)],
          b: [row(0, 'MIRRORING', 9), row(1, 'MIRRORING', 3)],
        }),
      ]),
      'lag',
    );
    const order = text
      .split('\n')
      .slice(1)
      .map((l) => l.split(/\s+/).slice(1, 3).join('-'));
    assert.deepEqual(order, ['b-0', 'b-1', 'a-0', 'a-1']);
  });

  it('a large table is laid out row by row with the same columns (linear layout)', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => row(i, i % 2 ? 'MIRRORING' : 'PAUSED', i % 2 ? i : null));
    const text = renderDescribe(report([mirror('m1', { big: rows })]), { partitions: true, sort: 'topic' });
    const lines = text.split('\n');
    assert.equal(lines.filter((l) => l.startsWith('m1 ')).length, 5000);
    assert.match(lines[1] ?? '', /^m1\s+big\s+0\s+-\s+-\s+-\s+PAUSED$/);
    assert.match(lines[5000] ?? '', /^m1\s+big\s+4999\s+1000\s+-3999\s+4999\s+MIRRORING$/);
  });

  it('a mirror without topics, and nothing left after filters', () => {
    assert.match(
      renderDescribe(report([mirror('m1', {})]), { partitions: false, sort: 'topic', reach: ' -b h:9092' }),
      joinedRegex(
        [
          /No topics yet\. To preview the source topics a pattern would add: kmirror add-topics m1 -b h:9092 /,
          /--pattern '\.\*' --dry-run$/,
        ],
        'm',
      ),
    );
    assert.match(
      renderDescribe(report([mirror('m1', {})]), { partitions: false, sort: 'topic', filtered: true }),
      /No partitions match the filters\./,
    );
    assert.equal(renderDescribe(report([]), { partitions: false, sort: 'topic' }), 'No mirrors.');
  });

  it('colours states when colour is on', () => {
    const coloured = new Chalk({ level: 1 });
    const before = useColours(coloured);
    try {
      const text = renderDescribe(report([mirror('m1', { a: [row(0, 'FAILED', null, { retryAttempt: 1 })] })]), {
        partitions: true,
        sort: 'topic',
      });
      assert.ok(text.includes(coloured.red('FAILED')));
    } finally {
      useColours(before);
    }
  });
});
