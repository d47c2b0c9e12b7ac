// The one table engine against the look the project had before: cli-table3 with empty borders, zero
// padding and two-space gaps (kept as a dev dependency for this comparison only). Random tables mix
// colours (chalk at level 3), several lines in one cell, wide and combining characters and empty cells.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Chalk } from 'chalk';
import Table from 'cli-table3';
import fc from 'fast-check';
import { renderTable, tableLines, type Align, type Column } from '../../../src/lib/render/table.js';

const RUNS = Number(process.env.FC_RUNS ?? 300) || 300;
const SEED = process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : undefined;
const fcParams = { numRuns: RUNS, ...(SEED !== undefined && Number.isFinite(SEED) ? { seed: SEED } : {}) };

const chalk = new Chalk({ level: 3 });
const EMPTY_BORDERS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

function withCliTable3(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  header: (s: string) => string,
): string {
  const table = new Table({
    head: columns.map((c) => header(c.header)),
    colAligns: columns.map((c) => c.align ?? 'left'),
    chars: EMPTY_BORDERS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  for (const row of rows) table.push([...row]);
  return table
    .toString()
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
}

const STYLES: readonly ((s: string) => string)[] = [
  (s) => s,
  chalk.bold,
  chalk.dim,
  chalk.green,
  chalk.red.bold,
  chalk.bgBlue.underline,
  chalk.italic.inverse,
  chalk.hex('#ff8800'),
];

const piece = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.string({ unit: fc.constantFrom('a', 'b', 'x', '1', '-', '.', ',', ' ', '_'), maxLength: 12 }),
  },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.constantFrom('日', '本', 'é', 'e\u0301', '🙂', 'ß', 'Ω'), maxLength: 4 }),
  },
  { weight: 1, arbitrary: fc.constantFrom('', '\n', 'a\nb', '\n\n') },
);
const styled = fc.tuple(piece, fc.integer({ min: 0, max: STYLES.length - 1 })).map(([text, i]) => STYLES[i]!(text));
const cell = fc.array(styled, { maxLength: 3 }).map((parts) => parts.join(''));
const align = fc.constantFrom<Align | undefined>('left', 'right', undefined);

const tables = fc.integer({ min: 1, max: 5 }).chain((width) =>
  fc.record({
    columns: fc.array(
      fc
        .record({ header: fc.string({ minLength: 1, maxLength: 8 }), align })
        .map((c): Column => (c.align === undefined ? { header: c.header } : { header: c.header, align: c.align })),
      { minLength: width, maxLength: width },
    ),
    rows: fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 8 }),
    bold: fc.boolean(),
  }),
);

describe('renderTable', () => {
  it('lays out random tables exactly as cli-table3 did', () => {
    fc.assert(
      fc.property(tables, ({ columns, rows, bold }) => {
        const header = bold ? chalk.bold : (s: string) => s;
        assert.equal(renderTable(columns, rows, header), withCliTable3(columns, rows, header));
      }),
      fcParams,
    );
  });

  it('gives the same text as lines, one per physical line', () => {
    const columns: Column[] = [{ header: 'KEY' }, { header: 'N', align: 'right' }, { header: 'VALUE' }];
    const rows = [
      ['a', '1', 'one,\ntwo'],
      ['bb', '22', 'x'],
    ];
    const lines = [...tableLines(columns, rows)];
    assert.deepEqual(lines, ['KEY   N  VALUE', 'a     1  one,', '         two', 'bb   22  x']);
    assert.equal(renderTable(columns, rows), lines.join('\n'));
  });

  it('lays out 10,000 rows and a 10,000-line cell (must finish; the time is the bench’s business)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => [`topic-${i}`, String(i)]);
    const text = renderTable([{ header: 'TOPIC' }, { header: 'N', align: 'right' }], many);
    assert.equal(text.split('\n').length, 10_001);
    assert.equal(text.split('\n')[10_000], 'topic-9999  9999');
    const tall = renderTable(
      [{ header: 'KEY' }, { header: 'VALUE' }, { header: 'SOURCE' }],
      [['mirror.topics.include', many.map(([t]) => t).join(',\n'), 'mirror']],
    );
    const lines = tall.split('\n');
    assert.equal(lines.length, 10_001);
    assert.equal(lines[1], 'mirror.topics.include  topic-0,     mirror');
    assert.equal(lines[10_000], '                       topic-9999');
  });
});
