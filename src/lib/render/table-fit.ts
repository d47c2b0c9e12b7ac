// A table wider than the terminal (text/table-width.ts) is narrowed column by column, losing as little as it can:
// first headers fold at their spaces, then free text is cut with an ellipsis, then names fold after their
// separators (orders.eu-west_1 → "orders." "eu-west_" "1"; a list between its items first), and only then is a
// name too long for its column cut.
// Numbers and other `keep` columns are never cut. The widest columns give way first; a table that fits is untouched.

export type Fit = 'keep' | 'fold' | 'cut';

/** The narrowest a cut column gets while names are still whole, and the narrowest anything gets. */
const CUT_MIN = 10;
const LAST_MIN = 4;

type Measure = (text: string) => number;

// eslint-disable-next-line no-control-regex -- colour codes are units of no width
const UNITS = /\x1b\[[\d;]*m|[\s\S]/gu;
const SEPARATOR = /^[.\-_\s,/:]$/;
const WORD_END = /^[\s,]$/;
// eslint-disable-next-line no-control-regex -- colour codes are units of no width
const SGR_UNIT = /^\x1b\[/;

/** What a column holds, for the widths it may take. */
export interface ColumnCells {
  readonly fit: Fit;
  readonly header: string;
  /** The widest cell, header left out. */
  readonly cells: number;
  /** The widest piece a fold cannot break (a `fold` column's cells, after their separators). */
  readonly piece: number;
}

/** The widest piece of `text` a fold keeps whole: the runs that end after a separator. */
export function longestPiece(text: string, measure: Measure): number {
  let widest = 0;
  for (const line of text.split('\n'))
    for (const piece of line.split(/(?<=[.\-_\s,/:])/)) widest = Math.max(widest, measure(piece.trimEnd()));
  return widest;
}

const sum = (widths: readonly number[]): number => widths.reduce((a, b) => a + b, 0);

/** `natural` lowered, widest first, towards `floor` until they take `room` at most (or reach the floor). */
function shrink(natural: readonly number[], floor: readonly number[], room: number): number[] {
  const capped = (cap: number) => natural.map((w, i) => Math.max(Math.min(floor[i] ?? 0, w), Math.min(w, cap)));
  let low = 0;
  let high = Math.max(0, ...natural);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (sum(capped(mid)) <= room) low = mid;
    else high = mid - 1;
  }
  return capped(low);
}

export interface Layout {
  readonly widths: number[];
  /** Spaces between columns: two, or one once the table is too narrow for two. */
  readonly gap: number;
}

/** Floors of each column at a stage of narrowing, given the floors of the stage before. */
type Stage = (column: ColumnCells, headerPiece: number, before: number) => number;

// Lossless first: headers fold, names fold; then one space between columns; then free text is cut, then headers
// (names whole, then folded), then names (numbers never).
const STAGES: readonly { readonly gap: number; readonly floor: Stage }[] = [
  { gap: 2, floor: (c, header) => Math.max(c.cells, header) },
  { gap: 2, floor: (c, header, before) => (c.fit === 'fold' ? Math.max(c.piece, header) : before) },
  { gap: 1, floor: (_c, _header, before) => before },
  { gap: 1, floor: (c, header, before) => (c.fit === 'cut' ? Math.max(CUT_MIN, header) : before) },
  { gap: 1, floor: (c) => Math.max(LAST_MIN, c.fit === 'cut' ? CUT_MIN : c.cells) },
  { gap: 1, floor: (c) => Math.max(LAST_MIN, c.fit === 'keep' ? c.cells : c.fit === 'fold' ? c.piece : CUT_MIN) },
  { gap: 1, floor: (c) => Math.max(LAST_MIN, c.fit === 'keep' ? c.cells : 0) },
];

/** The width of each column, and the gap, for a table of `limit` columns; `natural` when it fits. */
export function fittedWidths(
  columns: readonly ColumnCells[],
  natural: readonly number[],
  limit: number,
  measure: Measure,
): Layout {
  const room = (gap: number) => limit - gap * Math.max(0, columns.length - 1);
  if (sum(natural) <= room(2)) return { widths: [...natural], gap: 2 };
  const headers = columns.map((c, i) => Math.min(natural[i] ?? 0, Math.max(1, longestPiece(c.header, measure))));
  let floor = [...natural];
  let layout: Layout = { widths: [...natural], gap: 2 };
  for (const stage of STAGES) {
    floor = columns.map((c, i) => Math.min(natural[i] ?? 0, stage.floor(c, headers[i] ?? 0, floor[i] ?? 0)));
    layout = { widths: shrink(natural, floor, room(stage.gap)), gap: stage.gap };
    if (sum(layout.widths) <= room(stage.gap)) break;
  }
  return layout;
}

/** A header in lines of `width` at most, broken at its spaces, else after its separators. */
export function foldHeader(text: string, width: number, measure: Measure): string {
  return text
    .split('\n')
    .flatMap((line) => foldLine(line, width, measure))
    .join('\n');
}

/** One line of a cell cut to `width` with an ellipsis; colour codes after the cut are kept (they close). */
function cutLine(line: string, width: number, measure: Measure): string {
  if (measure(line) <= width) return line;
  let kept = '';
  let used = 0;
  let closing = '';
  let cut = false;
  for (const unit of line.match(UNITS) ?? []) {
    if (SGR_UNIT.test(unit)) {
      if (cut) closing += unit;
      else kept += unit;
      continue;
    }
    const w = measure(unit);
    if (!cut && used + w <= width - 1) {
      kept += unit;
      used += w;
    } else cut = true;
  }
  return `${kept}…${closing}`;
}

/** The pieces of `line` that end after a unit `ends` matches (colour codes stay with the piece they precede). */
function piecesAfter(line: string, ends: RegExp): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const unit of line.match(UNITS) ?? []) {
    piece += unit;
    if (ends.test(unit)) {
      pieces.push(piece);
      piece = '';
    }
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * One line of a cell folded into lines of `width`: at its spaces and commas where the words between fit (a list of
 * brokers folds between brokers), else after any separator; a piece still too wide is cut.
 */
function foldLine(line: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  let current = '';
  const add = (next: string): void => {
    if (current !== '' && measure((current + next).trimEnd()) > width) {
      lines.push(current.trimEnd());
      current = '';
    }
    current += next;
  };
  for (const word of piecesAfter(line, WORD_END)) {
    if (measure(word.trimEnd()) <= width) {
      add(word);
      continue;
    }
    // An item too wide for any line starts one of its own, so each item of a list begins a line.
    if (current !== '') lines.push(current.trimEnd());
    current = '';
    for (const piece of piecesAfter(word, SEPARATOR)) add(piece);
  }
  lines.push(current.trimEnd());
  return lines.map((text) => cutLine(text, width, measure));
}

/** A cell wider than `width`, fitted as its column says (each of its lines alone). */
export function fitCell(lines: readonly string[], width: number, fit: Fit, measure: Measure): string {
  if (fit === 'keep') return lines.join('\n');
  return lines
    .flatMap((line) => (fit === 'cut' ? [cutLine(line, width, measure)] : foldLine(line, width, measure)))
    .join('\n');
}
