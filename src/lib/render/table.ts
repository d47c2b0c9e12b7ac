// Plain column tables (no box lines: they paste into tickets and grep well). cli-table3 lays out
// small tables; its layout cost grows quadratically with rows, so past a few hundred rows the same
// columns are laid out here in one linear pass. Both produce identical text for the same rows.

import Table from 'cli-table3';
import { stripVTControlCharacters } from 'node:util';

export type Align = 'left' | 'right';

export interface Column {
  readonly header: string;
  readonly align?: Align;
}

const LINEAR_FROM_ROWS = 300;
const GAP = '  ';

function width(text: string): number {
  // Most cells carry no colour codes; skipping the regex for them matters at 100,000 rows.
  return text.includes('\x1b') ? stripVTControlCharacters(text).length : text.length;
}

function pad(text: string, size: number, align: Align): string {
  const fill = ' '.repeat(Math.max(0, size - width(text)));
  return align === 'right' ? fill + text : text + fill;
}

function linear(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  header: (s: string) => string,
): string {
  const widths = columns.map((c) => width(c.header));
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, width(cell))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 && (columns[i]?.align ?? 'left') === 'left'
          ? cell
          : pad(cell, widths[i] ?? 0, columns[i]?.align ?? 'left'),
      )
      .join(GAP)
      .trimEnd();
  const out = new Array<string>(rows.length + 1);
  out[0] = line(columns.map((c) => header(c.header)));
  for (let i = 0; i < rows.length; i++) out[i + 1] = line(rows[i] as readonly string[]);
  return out.join('\n');
}

function small(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  header: (s: string) => string,
): string {
  const table = new Table({
    head: columns.map((c) => header(c.header)),
    colAligns: columns.map((c) => c.align ?? 'left'),
    chars: {
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
      middle: GAP,
    },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  for (const row of rows) table.push([...row]);
  return table
    .toString()
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
}

/** Renders rows under headers; `header` styles the header cells (bold on a colour terminal). */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  header: (s: string) => string = (s) => s,
): string {
  return rows.length >= LINEAR_FROM_ROWS ? linear(columns, rows, header) : small(columns, rows, header);
}

/** Exposed so a test can prove both layouts agree. */
export const layouts = { linear, small };
