// Plain column tables (no box lines: they paste into tickets and grep well), laid out in one linear pass; the look
// is cli-table3's with empty borders (a property test compares). Widths are display columns (string-width).

import { createRequire } from 'node:module';
import { colourEachLine } from './table-colour.js';
import { type Fit, type Layout, fitCell, fittedWidths, foldHeader, longestPiece } from './table-fit.js';
import { tableWidth } from '../text/table-width.js';

export type Align = 'left' | 'right';

export interface Column {
  readonly header: string;
  readonly align?: Align;
  /**
   * How the column narrows on a narrow terminal (table-fit.ts): `keep` (the default when right-aligned: numbers)
   * never, `fold` (the default otherwise: names) after separators, `cut` (free text) with an ellipsis.
   */
  readonly fit?: Fit;
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
  const limit = tableWidth();
  const fits = columns.map((c) => c.fit ?? (c.align === 'right' ? 'keep' : 'fold'));
  // For a table that may have to narrow: the widest cell and unbreakable piece of each column.
  const cellWidths = columns.map(() => 0);
  const pieces = columns.map(() => 0);
  // A column's cell is often its previous row's (the mirror, the topic, the state): its width, and its
  // padded text, are then taken from that row instead of made again.
  const lastCell: (string | undefined)[] = [];
  for (const row of rows) {
    for (let i = 0; i <= last; i++) {
      const cell = row[i] ?? '';
      if (cell === lastCell[i]) continue;
      const one = singleLineWidth(cell);
      const width = one >= 0 ? one : widthOf(linesOf(cell));
      lastCell[i] = cell;
      if (width > (widths[i] ?? 0)) widths[i] = width;
      if (limit === undefined || width <= (cellWidths[i] ?? 0)) continue;
      cellWidths[i] = width;
      if (fits[i] === 'fold') pieces[i] = Math.max(pieces[i] ?? 0, longestPiece(cell, lineWidth));
    }
  }
  const fitted = limit === undefined ? undefined : narrowed(columns, fits, widths, cellWidths, pieces, limit);
  // A table too wide for the terminal first loses its columns without a cell to show (FAILURE when none failed).
  const shown = columns.flatMap((_, i) => (cellWidths[i] === 0 ? [] : [i]));
  if (fitted && shown.length < columns.length && shown.length > 0) {
    const project = (row: readonly string[]) => shown.map((i) => row[i] ?? '');
    const projected = { [Symbol.iterator]: () => mapped(rows, project) };
    yield* tableLines(
      shown.map((i) => columns[i] as Column),
      projected,
      header,
    );
    return;
  }
  const gap = fitted === undefined ? GAP : spaces(fitted.gap);
  fitted?.widths.forEach((width, i) => {
    if (width >= (widths[i] ?? 0)) return;
    heading[i] = linesOf(header(foldHeader(columns[i]?.header ?? '', width, lineWidth)));
    widths[i] = width;
  });
  /** A row with each cell wider than its narrowed column folded or cut to it. */
  const fitRow = (row: readonly string[]): readonly string[] => {
    let out: string[] | undefined;
    for (let i = 0; i <= last; i++) {
      const cell = row[i] ?? '';
      const one = singleLineWidth(cell);
      if ((one >= 0 ? one : widthOf(linesOf(cell))) <= (widths[i] ?? 0)) continue;
      (out ??= [...row])[i] = fitCell(linesOf(cell), widths[i] ?? 0, fits[i] ?? 'fold', lineWidth);
    }
    return out ?? row;
  };
  const lastPart: (string | undefined)[] = [];
  const lastPadded: string[] = [];
  /** Empty cells at the end add only spaces: the line stops at the last cell with text, so it needs no trimming. */
  const single = (row: readonly string[]): string | undefined => {
    let end = last;
    while (end > 0 && (row[end] ?? '') === '') end--;
    let text = '';
    for (let i = 0; i <= end; i++) {
      const part = row[i] ?? '';
      if (i > 0) text += gap;
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
        text += (i > 0 ? gap : '') + (i === last && align === 'left' ? part : pad(part, widths[i] ?? 0, align));
      }
      yield text.trimEnd();
    }
  }
  yield* physical(heading);
  for (const given of rows) {
    const row = fitted ? fitRow(given) : given;
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

function* mapped<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

/** The layout of a table narrowed to `limit` columns; undefined when it fits as it is. */
function narrowed(
  columns: readonly Column[],
  fits: readonly Fit[],
  widths: readonly number[],
  cellWidths: readonly number[],
  pieces: readonly number[],
  limit: number,
): Layout | undefined {
  const cells = columns.map((c, i) => ({
    fit: fits[i] ?? 'fold',
    header: c.header,
    cells: cellWidths[i] ?? 0,
    piece: pieces[i] ?? 0,
  }));
  const layout = fittedWidths(cells, widths, limit, lineWidth);
  return layout.gap < GAP.length || layout.widths.some((width, i) => width < (widths[i] ?? 0)) ? layout : undefined;
}

/** Renders rows under headers as one string; `header` styles the header cells. */
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
