import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Column, renderTable, renderTableLines } from '../../../src/lib/render/table.js';

const columns: Column[] = [{ header: 'NAME' }, { header: 'COUNT', align: 'right' }, { header: 'NOTE' }];

function rows(n: number): string[][] {
  return Array.from({ length: n }, (_, i) => [`name-${'x'.repeat(i % 7)}`, String(i * 37), i % 3 ? `note ${i}` : '']);
}

describe('table as lines', () => {
  it('joins to renderTable byte for byte, small and large, headers styled', () => {
    for (const n of [0, 1, 5, 299, 300, 301, 2500]) {
      const header = (s: string) => `<${s}>`;
      const table = rows(n);
      assert.equal(
        [...renderTableLines(columns, () => table, header)].join('\n'),
        renderTable(columns, table, header),
        `${n} rows`,
      );
    }
  });

  it('makes a large table line by line: rows are made again for the lines, not kept', () => {
    let made = 0;
    const source = function* () {
      for (let i = 0; i < 1000; i++) {
        made++;
        yield [`n${i}`, String(i), ''];
      }
    };
    const lines = renderTableLines(columns, source);
    assert.equal(lines.next().value, 'NAME  COUNT  NOTE');
    assert.equal(made, 1000, 'the widths pass reads every row before the first line');
    lines.next();
    assert.equal(made, 1001, 'the second pass makes one row per line asked for');
  });
});
