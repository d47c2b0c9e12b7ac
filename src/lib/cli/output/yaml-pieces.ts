// -o yaml of a large result (describe of a million partitions), made piece by piece so that --timeout can be
// looked at between pieces and the document cut short. Each piece is a run of small members or items written by
// formatYaml and moved to its depth: block YAML reads the same at any indentation, so the text is formatYaml's
// and its escapes are too. A document cut short needs nothing closed: the ending members follow at the top.

import { type Container, type JsonCut, child, container, formatYaml, leafText, size } from './output-format.js';

/** Values (leaves and containers) written by one formatYaml call at most. */
const NODES_PER_PIECE = 512;

interface Walk {
  readonly cut: JsonCut | undefined;
  readonly limit: number;
  done: boolean;
}

/** The nodes of `value` and everything in it, counted up to `limit`. */
function nodesUpTo(value: unknown, limit: number): number {
  if (leafText(value) !== undefined) return 1;
  const node = container(value);
  let count = 1;
  for (let i = 0; i < size(node) && count < limit; i++) count += nodesUpTo(child(node, i), limit - count);
  return count;
}

/** `text` (formatYaml's lines) at `column`: the first line after `lead`, the others after spaces. */
function placed(text: string, lead: string, column: number): string {
  if (column === 0 && lead === '') return text;
  const indent = ' '.repeat(column);
  return lead + text.replace(/\n(?=[^\n])/g, `\n${indent}`);
}

/** `key:` as formatYaml writes it before a block; undefined for a key it writes otherwise (a long one). */
function keyLine(key: string): string | undefined {
  const text = formatYaml({ [key]: [] });
  return text.endsWith(': []\n') && text.indexOf('\n') === text.length - 1 ? `${text.slice(0, -4)}\n` : undefined;
}

function* walk(node: Container, column: number, lead: string, state: Walk, begun?: Set<string>): Generator<string> {
  let first = true;
  const prefix = (): string => {
    const text = first ? lead : ' '.repeat(column);
    first = false;
    return text;
  };
  let batch: unknown[] | Record<string, unknown> = node.kind === 'array' ? [] : {};
  let batched = 0;
  function* piece(text: string): Generator<string> {
    yield text;
    if (state.cut?.due() === true) state.done = true;
  }
  function* flush(): Generator<string> {
    if (batched === 0) return;
    const text = placed(formatYaml(batch), prefix(), column);
    batch = node.kind === 'array' ? [] : {};
    batched = 0;
    yield* piece(text);
  }
  for (let i = 0; i < size(node) && !state.done; i++) {
    const value = child(node, i);
    const key = node.kind === 'object' ? (node.keys[i] as string) : undefined;
    const nodes = nodesUpTo(value, state.limit);
    const header = key === undefined || nodes < state.limit ? undefined : keyLine(key);
    if (key === undefined ? nodes < state.limit : header === undefined) {
      if (Array.isArray(batch)) batch.push(value);
      else batch[key as string] = value;
      begun?.add(key as string);
      batched += nodes;
      if (batched >= state.limit) yield* flush();
      continue;
    }
    yield* flush();
    if (state.done) break;
    begun?.add(key as string);
    if (header === undefined) yield* walk(container(value), column + 2, `${prefix()}- `, state);
    else {
      yield prefix() + header;
      yield* walk(container(value), column + 2, ' '.repeat(column + 2), state);
    }
  }
  yield* flush();
}

/**
 * formatYaml(value) as pieces made as they are asked for; with `cut`, ended early as it says (the ending's members
 * not begun yet follow the top-level members written). `nodesPerPiece` for tests of small documents.
 */
export function* formatYamlPieces(value: unknown, cut?: JsonCut, nodesPerPiece = NODES_PER_PIECE): Generator<string> {
  if (leafText(value) !== undefined || nodesUpTo(value, nodesPerPiece) < nodesPerPiece) {
    yield formatYaml(value);
    return;
  }
  const node = container(value);
  const state: Walk = { cut, limit: nodesPerPiece, done: false };
  const begun = new Set<string>();
  yield* walk(node, 0, '', state, node.kind === 'object' ? begun : undefined);
  if (!state.done || cut === undefined || node.kind !== 'object') return;
  const ending = Object.entries(cut.ending()).filter(([key]) => !begun.has(key));
  if (ending.length > 0) yield formatYaml(Object.fromEntries(ending));
}
