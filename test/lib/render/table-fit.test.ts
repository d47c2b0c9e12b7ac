import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { afterEach, describe, it } from 'node:test';
import { Chalk } from 'chalk';
import { renderTable, type Column } from '../../../src/lib/render/table.js';
import { terminalColumns, useTableWidth } from '../../../src/lib/text/table-width.js';

const stringWidth = createRequire(import.meta.url)('string-width') as (text: string) => number;
// eslint-disable-next-line no-control-regex -- colour codes are stripped to read the text
const plain = (text: string): string => text.replace(/\x1b\[[\d;]*m/g, '');

const COLUMNS: Column[] = [
  { header: 'MIRROR' },
  { header: 'TOPIC' },
  { header: 'PARTITION', align: 'right' },
  { header: 'DESTINATION OFFSET', align: 'right' },
  { header: 'STATE' },
  { header: 'FAILURE', fit: 'cut' },
];
const ROWS = [
  ['eu-orders-failback', 'payments.eu-west_1.events', '12', '9223372036854775807', 'MIRRORING', ''],
  ['eu', 'orders', '0', '5', 'FAILED', 'Failed to get source metadata: the source cluster did not answer in time'],
];

function at(width: number | undefined, columns = COLUMNS, rows: string[][] = ROWS): string {
  const before = useTableWidth(width);
  try {
    return renderTable(columns, rows);
  } finally {
    useTableWidth(before);
  }
}

afterEach(() => useTableWidth(undefined));

describe('tables narrowed to the terminal', () => {
  it('a table that fits is laid out as without a width', () => {
    const natural = at(undefined);
    const widest = Math.max(...natural.split('\n').map(stringWidth));
    assert.equal(at(widest), natural);
    assert.equal(at(200), natural);
    assert.notEqual(at(widest - 1), natural);
  });

  for (const width of [50, 60, 80, 100]) {
    it(`at ${width} columns every line fits, numbers whole, names folded after separators`, () => {
      const text = at(width);
      for (const line of text.split('\n')) assert.ok(stringWidth(line) <= width, `${stringWidth(line)}: ${line}`);
      assert.ok(text.includes('9223372036854775807'), text);
      for (const token of text.split(/\s+/).filter((t) => t !== '')) {
        const whole = ROWS.flat().join(' ') + ' ' + COLUMNS.map((c) => c.header).join(' ');
        const piece = token.replace(/…$/, '');
        assert.ok(whole.includes(piece), `"${token}" is not text of the table`);
        if (!token.endsWith('…') && /[a-z]/.test(token))
          assert.match(whole, new RegExp(`(^|[\\s.\\-_,/:])${piece.replace(/[.\\-]/g, '\\$&')}`), token);
      }
    });
  }

  it('cuts free text with an ellipsis, folds names at separators, drops an empty column only to narrow', () => {
    const text = at(90);
    assert.match(text, /Failed[^…\n]*…\n?$/);
    assert.match(text, /^eu-orders-\s.*\n^failback\s/m);
    const empty = at(50, COLUMNS, [ROWS[0] as string[]]);
    assert.doesNotMatch(empty, /FAILURE/);
    assert.match(at(undefined, COLUMNS, [ROWS[0] as string[]]), /FAILURE/);
  });

  it('folds a list between its items where each item fits, and inside an item only where one does not', () => {
    const brokers = ['broker-1.prod.eu-west-1.example.com:9092', 'broker-2.prod.eu-west-1.example.com:9092'];
    const columns: Column[] = [{ header: 'NAME' }, { header: 'BOOTSTRAP' }];
    const text = at(60, columns, [['prod-eu-west-1', brokers.join(',')]]);
    const cells = text.split('\n').map((line) => line.slice(16).trim());
    assert.deepEqual(cells, ['BOOTSTRAP', `${brokers[0]},`, brokers[1]]);
    const narrow = at(30, columns, [['prod', brokers.join(',')]]);
    for (const line of narrow.split('\n')) assert.ok(stringWidth(line) <= 30, line);
    assert.deepEqual(
      narrow.split('\n').map((line) => line.slice(6)),
      ['BOOTSTRAP', 'broker-1.prod.eu-west-1.', 'example.com:9092,', 'broker-2.prod.eu-west-1.', 'example.com:9092'],
      'each broker begins a line',
    );
  });

  it('keeps a coloured cell coloured on every line it folds into, and counts colour codes as no width', () => {
    const chalk = new Chalk({ level: 3 });
    const rows = ROWS.map((row) => row.map((cell, i) => (i === 1 ? chalk.green(cell) : cell)));
    const text = at(50, COLUMNS, rows);
    for (const line of text.split('\n')) assert.ok(stringWidth(plain(line)) <= 50, line);
    const topicLines = text.split('\n').filter((line) => line.includes('\x1b[32m'));
    assert.ok(topicLines.length >= 2, text);
    for (const line of topicLines) assert.ok(line.includes('\x1b[39m'), `colour closed on ${JSON.stringify(line)}`);
  });
});

describe('terminalColumns', () => {
  it('reads COLUMNS first, then a terminal, and none for a pipe', () => {
    assert.equal(terminalColumns({ COLUMNS: '60' }, { isTTY: false }), 60);
    assert.equal(terminalColumns({ COLUMNS: '60' }, { isTTY: true, columns: 200 }), 60);
    assert.equal(terminalColumns({}, { isTTY: true, columns: 132 }), 132);
    assert.equal(terminalColumns({}, { isTTY: false, columns: 132 }), undefined);
    assert.equal(terminalColumns({ COLUMNS: 'wide' }, {}), undefined);
    assert.equal(terminalColumns({ COLUMNS: '0' }, {}), undefined);
  });
});
