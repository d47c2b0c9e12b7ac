// Documents for -o json / -o yaml. A bigint is written with every digit (JSON.stringify throws on bigint and a
// Number would round past 2^53), so the JSON text is written here.

import { createRequire } from 'node:module';

// yaml loads only for -o yaml (CommonJS, so a synchronous require keeps formatYaml sync).
let require_: NodeJS.Require | undefined;

// JSON.stringify leaves DEL, C1 controls and bidi characters raw; as \u escapes they are inert on a terminal.
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

function hasRawInJson(text: string): boolean {
  RAW_IN_JSON.lastIndex = 0;
  return RAW_IN_JSON.test(text);
}

const unicodeEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function jsonString(text: string): string {
  return JSON.stringify(text).replace(RAW_IN_JSON, unicodeEscape);
}

export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | { [key: string]: JsonValue };

export function toJsonValue(value: unknown): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value;
    case 'undefined':
    case 'function':
    case 'symbol':
      return null;
    default:
      break;
  }
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value instanceof Set) return [...value].map(toJsonValue);
  if (value instanceof Map) {
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of value) out[String(k)] = toJsonValue(v);
    return out;
  }
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return toJsonValue(withToJson.toJSON());
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    // Absent optional fields stay absent, as JSON.stringify would do.
    if (v === undefined) continue;
    out[k] = toJsonValue(v);
  }
  return out;
}

export function stringifyJson(value: JsonValue, indent = 0): string {
  const parts: string[] = [];
  write(value, '', indent > 0 ? ' '.repeat(indent) : '', parts);
  return parts.join('');
}

function write(value: JsonValue, outer: string, step: string, out: string[]): void {
  if (typeof value === 'bigint') {
    out.push(value.toString());
    return;
  }
  if (value === null || typeof value !== 'object') {
    out.push(typeof value === 'string' ? jsonString(value) : JSON.stringify(value));
    return;
  }
  const inner = outer + step;
  const open = step ? `\n${inner}` : '';
  const separator = step ? `,\n${inner}` : ',';
  const close = step ? `\n${outer}` : '';
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    out.push('[', open);
    value.forEach((item, i) => {
      if (i > 0) out.push(separator);
      write(item, inner, step, out);
    });
    out.push(close, ']');
    return;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) {
    out.push('{}');
    return;
  }
  out.push('{', open);
  entries.forEach(([key, item], i) => {
    if (i > 0) out.push(separator);
    out.push(jsonString(key), step ? ': ' : ':');
    write(item, inner, step, out);
  });
  out.push(close, '}');
}

export function formatJson(value: unknown): string {
  return `${stringifyJson(toJsonValue(value), 2)}\n`;
}

export function formatJsonLine(value: unknown): string {
  return `${stringifyJson(toJsonValue(value))}\n`;
}

// C0 controls but the line break, which a block scalar keeps as a line of its own.
// eslint-disable-next-line no-control-regex -- these characters are what is found
const C0_BUT_LINE_BREAK = /[\x00-\x09\x0b-\x1f]/;

/** The yaml package writes DEL, C1 controls and bidi overrides raw: such a string is written double-quoted, escaped. */
export function formatYaml(value: unknown): string {
  const YAML = (require_ ??= createRequire(import.meta.url))('yaml') as typeof import('yaml');
  const document = new YAML.Document(toJsonValue(value));
  let escaped = false;
  YAML.visit(document, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string') return;
      const raw = hasRawInJson(node.value);
      if (!raw && !C0_BUT_LINE_BREAK.test(node.value)) return;
      node.type = YAML.Scalar.QUOTE_DOUBLE;
      escaped ||= raw;
    },
  });
  const text = document.toString({ lineWidth: 0 });
  return escaped ? text.replace(RAW_IN_JSON, unicodeEscape) : text;
}

// ---- The same pretty JSON, made piece by piece for large documents, byte for byte formatJson's.

const PIECE_CHARS = 16 * 1024;

export type Container =
  | { readonly kind: 'array'; readonly items: readonly unknown[] }
  | { readonly kind: 'object'; readonly keys: readonly string[]; readonly values: Readonly<Record<string, unknown>> };

// Strings that repeat on every row (states, a message shared by many partitions) are quoted once.
const quotedStrings = new Map<string, string>();
function quoted(value: string): string {
  if (value.length > 256) return jsonString(value);
  let text = quotedStrings.get(value);
  if (text === undefined) {
    text = jsonString(value);
    if (quotedStrings.size >= 10_000) quotedStrings.clear();
    quotedStrings.set(value, text);
  }
  return text;
}

/** The JSON text of a value that converts to a leaf (not an array or object); undefined otherwise. */
export function leafText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quoted(value);
    case 'number':
      return Number.isFinite(value) ? `${value}` : 'null';
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return 'null';
    default:
      break;
  }
  if (value === null) return 'null';
  if (value instanceof Date) return jsonString(value.toISOString());
  if (value instanceof Uint8Array) return JSON.stringify(Buffer.from(value).toString('base64'));
  if (Array.isArray(value) || value instanceof Set || value instanceof Map) return undefined;
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return leafText(withToJson.toJSON());
  return undefined;
}

/** One level of toJsonValue for a value that is not a leaf: its unconverted children. */
export function container(value: unknown): Container {
  if (Array.isArray(value)) return { kind: 'array', items: value };
  if (value instanceof Set) return { kind: 'array', items: [...value] };
  if (value instanceof Map) {
    // Keyed through an object, as toJsonValue does: same key order, later duplicates win.
    const byKey: Record<string, unknown> = {};
    for (const [k, v] of value) byKey[String(k)] = v === undefined ? null : v;
    return { kind: 'object', keys: Object.keys(byKey), values: byKey };
  }
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return container(withToJson.toJSON());
  const values = value as Record<string, unknown>;
  // Object.keys order is the order a copy without the undefined members would have.
  return { kind: 'object', keys: Object.keys(values).filter((k) => values[k] !== undefined), values };
}

export function size(node: Container): number {
  return node.kind === 'array' ? node.items.length : node.keys.length;
}

export function child(node: Container, i: number): unknown {
  return node.kind === 'array' ? node.items[i] : node.values[node.keys[i] as string];
}

interface Lead {
  readonly first: string;
  readonly next: string;
}

class Indent {
  private readonly leads = new Map<string | null, Lead>();
  private deeperIndent: Indent | undefined;
  readonly closeArray: string;
  readonly closeObject: string;
  private readonly inner: string;

  constructor(
    outer: string,
    private readonly step: string,
  ) {
    this.inner = outer + step;
    this.closeArray = `${step ? `\n${outer}` : ''}]`;
    this.closeObject = `${step ? `\n${outer}` : ''}}`;
  }

  get deeper(): Indent {
    return (this.deeperIndent ??= new Indent(this.inner, this.step));
  }

  lead(key: string | null): Lead {
    let lead = this.leads.get(key);
    if (lead === undefined) {
      const name = key === null ? '' : jsonString(key) + (this.step ? ': ' : ':');
      const first = (this.step ? `\n${this.inner}` : '') + name;
      lead = { first, next: `,${first}` };
      if (this.leads.size < 10_000) this.leads.set(key, lead);
    }
    return lead;
  }
}

function plainObject(value: unknown): Readonly<Record<string, unknown>> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  const values = value as Record<string, unknown>;
  return typeof values.toJSON === 'function' ? undefined : values;
}

function flatObjectText(values: Readonly<Record<string, unknown>>, indent: Indent): string | undefined {
  let text = '{';
  let first = true;
  for (const key of Object.keys(values)) {
    const value = values[key];
    if (value === undefined) continue;
    const leaf = leafText(value);
    if (leaf === undefined) return undefined;
    const lead = indent.lead(key);
    text += (first ? lead.first : lead.next) + leaf;
    first = false;
  }
  return first ? '{}' : text + indent.closeObject;
}

function flatText(node: Container, indent: Indent): string | undefined {
  let text = node.kind === 'array' ? '[' : '{';
  for (let i = 0; i < size(node); i++) {
    const leaf = leafText(child(node, i));
    if (leaf === undefined) return undefined;
    const lead = indent.lead(node.kind === 'array' ? null : (node.keys[i] as string));
    text += (i === 0 ? lead.first : lead.next) + leaf;
  }
  return text + (node.kind === 'array' ? indent.closeArray : indent.closeObject);
}

function appendSimple(value: unknown, indent: Indent, out: { text: string }): Container | undefined {
  const values = plainObject(value);
  if (values !== undefined) {
    // Rows are plain objects of leaves: their text needs no Container nor a filtered key list.
    const flat = flatObjectText(values, indent);
    if (flat !== undefined) {
      out.text += flat;
      return undefined;
    }
  } else {
    const leaf = leafText(value);
    if (leaf !== undefined) {
      out.text += leaf;
      return undefined;
    }
  }
  const node = container(value);
  if (size(node) === 0) {
    out.text += node.kind === 'array' ? '[]' : '{}';
    return undefined;
  }
  const flat = values === undefined ? flatText(node, indent) : undefined;
  if (flat === undefined) return node;
  out.text += flat;
  return undefined;
}

/** Asked between pieces, it closes every open container where it stands and ends with `ending`'s members. */
export interface JsonCut {
  readonly due: () => boolean;
  readonly ending: () => Readonly<Record<string, unknown>>;
}

interface CutState {
  readonly cut: JsonCut;
  done: boolean;
}

/** The outermost depth: the document itself, pretty or on one line. */
const TOP = new Indent('', '  ');
const TOP_COMPACT = new Indent('', '');

// A generator only for containers that hold containers: rows are appended without one (most of the time saved).
function* walk(node: Container, indent: Indent, out: { text: string }, cut?: CutState): Generator<string> {
  out.text += node.kind === 'array' ? '[' : '{';
  const count = size(node);
  const members = indent.deeper;
  let begun = 0;
  while (begun < count && cut?.done !== true) {
    const i = begun++;
    const lead = indent.lead(node.kind === 'array' ? null : (node.keys[i] as string));
    out.text += i === 0 ? lead.first : lead.next;
    const nested = appendSimple(child(node, i), members, out);
    if (nested !== undefined) yield* walk(nested, members, out, cut);
    if (out.text.length >= PIECE_CHARS) {
      yield out.text;
      out.text = '';
      if (cut?.cut.due() === true) cut.done = true;
    }
  }
  if (cut?.done === true && (indent === TOP || indent === TOP_COMPACT) && node.kind === 'object') {
    const before = new Set(node.keys.slice(0, begun));
    for (const [key, value] of Object.entries(cut.cut.ending())) {
      if (before.has(key)) continue;
      const lead = indent.lead(key);
      out.text += begun++ === 0 ? lead.first : lead.next;
      const nested = appendSimple(value, members, out);
      if (nested !== undefined) yield* walk(nested, members, out);
    }
  }
  out.text += node.kind === 'array' ? indent.closeArray : indent.closeObject;
}

/**
 * formatJson(value), byte for byte, as pieces of about 16 KiB made as they are asked for; with `cut`, ended
 * early as it says. `compact`: formatJsonLine(value) instead.
 */
export function* formatJsonPieces(value: unknown, cut?: JsonCut, compact = false): Generator<string> {
  const out = { text: '' };
  const top = compact ? TOP_COMPACT : TOP;
  const node = appendSimple(value, top, out);
  if (node !== undefined) yield* walk(node, top, out, cut === undefined ? undefined : { cut, done: false });
  yield `${out.text}\n`;
}
