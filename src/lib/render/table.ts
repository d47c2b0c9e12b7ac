// Plain column tables (no box lines: they paste into tickets and grep well), laid out in one linear
// pass whatever the size. The look is cli-table3's with empty borders, zero padding and two-space
// gaps, which the project used before: a property test renders random tables both ways and compares.
// Widths are display columns (string-width, as cli-table3 counts them); a cell may hold several lines.

import { createRequire } from 'node:module';
import { colourEachLine } from './table-colour.js';

export type Align = 'left' | 'right';

export interface Column {
  readonly header: string;
  readonly align?: Align;
}

const GAP = '  ';
// string-width (CommonJS) loads on the first cell that is not plain ASCII; many runs never meet one.
const require = createRequire(import.meta.url);
let stringWidth: ((text: string) => number) | undefined;
// eslint-disable-next-line no-control-regex -- colour codes take no columns
const SGR = /\x1b\[(?:\d*;){0,5}\d*m/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Display columns of one line (colour codes take none, wide characters two). */
export function lineWidth(line: string): number {
  // Most cells are plain ASCII; skipping string-width for them matters at 100,000 rows.
  return PRINTABLE_ASCII.test(line)
    ? line.length
    : (stringWidth ??= require('string-width') as (text: string) => number)(line.replace(SGR, ''));
}

function linesOf(cell: string): readonly string[] {
  if (!cell.includes('\n')) return [cell];
  const lines = cell.split('\n');
  return cell.includes('\x1b') ? colourEachLine(lines) : lines;
}

function widthOf(lines: readonly string[]): number {
  let max = 0;
  for (const line of lines) max = Math.max(max, lineWidth(line));
  return max;
}

// Runs of spaces by length, made once: a million-row table pads every cell.
const SPACES: string[] = [''];
function spaces(count: number): string {
  if (count <= 0) return '';
  return (SPACES[count] ??= ' '.repeat(count));
}

function pad(text: string, size: number, align: Align): string {
  const fill = spaces(size - lineWidth(text));
  return align === 'right' ? fill + text : text + fill;
}

/**
 * The table as lines, computed lazily after one pass for the column widths: a caller that streams
 * need not hold the whole text. `header` styles the header cells (bold on a colour terminal).
 */
export function* tableLines(
  columns: readonly Column[],
  // Read twice (widths, then lines): an array, or an iterable that makes its rows again each time.
  rows: Iterable<readonly string[]>,
  header: (s: string) => string = (s) => s,
): Generator<string, void, undefined> {
  const aligns = columns.map((c) => c.align ?? 'left');
  const last = columns.length - 1;
  const heading = columns.map((c) => linesOf(header(c.header)));
  const widths = heading.map(widthOf);
  for (const row of rows) {
    for (let i = 0; i <= last; i++) {
      const cell = row[i] ?? '';
      const width = cell.includes('\n') ? widthOf(linesOf(cell)) : lineWidth(cell);
      if (width > (widths[i] ?? 0)) widths[i] = width;
    }
  }
  /** A row whose cells are all one line, as its line (most rows: no arrays made for it). */
  const single = (row: readonly string[]): string | undefined => {
    let text = '';
    for (let i = 0; i <= last; i++) {
      const part = row[i] ?? '';
      if (part.includes('\n')) return undefined;
      const align = aligns[i] ?? 'left';
      if (i > 0) text += GAP;
      text += i === last && align === 'left' ? part : pad(part, widths[i] ?? 0, align);
    }
    return text.trimEnd();
  };
  function* physical(cells: readonly (readonly string[])[]): Generator<string, void, undefined> {
    let height = 1;
    for (const lines of cells) height = Math.max(height, lines.length);
    for (let k = 0; k < height; k++) {
      let text = '';
      for (let i = 0; i <= last; i++) {
        const part = cells[i]?.[k] ?? '';
        const align = aligns[i] ?? 'left';
        // The last left-aligned cell needs no fill: the line's trailing spaces are trimmed anyway.
        text += (i > 0 ? GAP : '') + (i === last && align === 'left' ? part : pad(part, widths[i] ?? 0, align));
      }
      yield text.trimEnd();
    }
  }
  yield* physical(heading);
  for (const row of rows) {
    const line = single(row);
    if (line !== undefined) {
      yield line;
      continue;
    }
    const cells = new Array<readonly string[]>(columns.length);
    for (let i = 0; i <= last; i++) cells[i] = linesOf(row[i] ?? '');
    yield* physical(cells);
  }
}

/** Renders rows under headers as one string; `header` styles the header cells. */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  header: (s: string) => string = (s) => s,
): string {
  return Array.from(tableLines(columns, rows, header)).join('\n');
}

/**
 * The table as lines when its rows are made on demand (every partition of a mirror): `rows` is
 * called once for the widths and once for the lines, so no row and no line is kept.
 */
export function renderTableLines(
  columns: readonly Column[],
  rows: () => Iterable<readonly string[]>,
  header: (s: string) => string = (s) => s,
): Generator<string, void, undefined> {
  return tableLines(columns, { [Symbol.iterator]: () => rows()[Symbol.iterator]() }, header);
}
