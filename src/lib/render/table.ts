// Plain column tables (no box lines: they paste into tickets and grep well), laid out in one linear pass; the look
// is cli-table3's with empty borders (a property test compares). Widths are display columns (string-width).

import { createRequire } from 'node:module';
import { colourEachLine } from './table-colour.js';

export type Align = 'left' | 'right';

export interface Column {
  readonly header: string;
  readonly align?: Align;
}

const GAP = '  ';
// string-width (CommonJS) loads on the first cell that is not plain ASCII; many runs never meet one.
let require_: NodeJS.Require | undefined;
let stringWidth: ((text: string) => number) | undefined;
// eslint-disable-next-line no-control-regex -- colour codes take no columns
const SGR = /\x1b\[(?:\d*;){0,5}\d*m/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function lineWidth(line: string): number {
  // Most cells are plain ASCII; skipping string-width for them matters at 100,000 rows.
  return PRINTABLE_ASCII.test(line)
    ? line.length
    : (stringWidth ??= (require_ ??= createRequire(import.meta.url))('string-width') as (text: string) => number)(
        line.replace(SGR, ''),
      );
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

function pad(text: string, size: number, align: Align, width = lineWidth(text)): string {
  const fill = spaces(size - width);
  return align === 'right' ? fill + text : text + fill;
}

function singleLineWidth(cell: string): number {
  if (PRINTABLE_ASCII.test(cell)) return cell.length;
  return cell.includes('\n') ? -1 : lineWidth(cell);
}

// The whitespace String.prototype.trimEnd removes (\s is the same set).
const TRAILING_SPACE = /\s$/;

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
  // A column's cell is often its previous row's: its width and padded text are then reused.
  const lastCell: (string | undefined)[] = [];
  for (const row of rows) {
    for (let i = 0; i <= last; i++) {
      const cell = row[i] ?? '';
      if (cell === lastCell[i]) continue;
      const one = singleLineWidth(cell);
      const width = one >= 0 ? one : widthOf(linesOf(cell));
      lastCell[i] = cell;
      if (width > (widths[i] ?? 0)) widths[i] = width;
    }
  }
  const lastPart: (string | undefined)[] = [];
  const lastPadded: string[] = [];
  /** Empty cells at the end add only spaces: the line stops at the last cell with text, so it needs no trimming. */
  const single = (row: readonly string[]): string | undefined => {
    let end = last;
    while (end > 0 && (row[end] ?? '') === '') end--;
    let text = '';
    for (let i = 0; i <= end; i++) {
      const part = row[i] ?? '';
      if (i > 0) text += GAP;
      const align = aligns[i] ?? 'left';
      if (i === end && align === 'left') {
        if (part.includes('\n')) return undefined;
        text += part;
      } else if (part === lastPart[i]) text += lastPadded[i] as string;
      else {
        const width = singleLineWidth(part);
        if (width < 0) return undefined;
        const padded = pad(part, widths[i] ?? 0, align, width);
        lastPart[i] = part;
        lastPadded[i] = padded;
        text += padded;
      }
    }
    const tail = row[end] ?? '';
    return tail === '' || TRAILING_SPACE.test(tail) ? text.trimEnd() : text;
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

export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  header: (s: string) => string = (s) => s,
): string {
  return Array.from(tableLines(columns, rows, header)).join('\n');
}

/** `rows` is called once for the widths and once for the lines, and may hand out one array refilled each time. */
export function renderTableLines(
  columns: readonly Column[],
  rows: () => Iterable<readonly string[]>,
  header: (s: string) => string = (s) => s,
): Generator<string, void, undefined> {
  return tableLines(columns, { [Symbol.iterator]: () => rows()[Symbol.iterator]() }, header);
}
