// Machine-readable documents for -o json / -o yaml. Results hold int64 offsets and lag as bigint,
// and may hold Maps and Sets; values are made plain first. A bigint is written as an integer
// literal with every digit (JSON numbers have no size limit; JSON.stringify throws on bigint and a
// Number would round past 2^53), so the JSON text is written here rather than by JSON.stringify.

import { createRequire } from 'node:module';

// yaml loads only for -o yaml (it is CommonJS for Node, so a synchronous require keeps formatYaml sync).
const require = createRequire(import.meta.url);

// JSON.stringify escapes C0 controls but leaves DEL, C1 controls (U+009B is a CSI to some terminals) and
// the bidi and line-separator characters raw; written as \u escapes they are the same string to every
// parser and inert on a terminal that shows the document.
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** A JSON string literal (as JSON.stringify writes it) with no character left that acts on a terminal. */
export function jsonString(text: string): string {
  return JSON.stringify(text).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
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

/**
 * JSON text of a plain value, laid out as JSON.stringify(value, null, indent) lays it out, except
 * that a bigint is its decimal digits.
 */
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

/** One pretty JSON document with a trailing newline. */
export function formatJson(value: unknown): string {
  return `${stringifyJson(toJsonValue(value), 2)}\n`;
}

/** One compact JSON document per line, for --watch streams. */
export function formatJsonLine(value: unknown): string {
  return `${stringifyJson(toJsonValue(value))}\n`;
}

export function formatYaml(value: unknown): string {
  const YAML = require('yaml') as typeof import('yaml');
  return YAML.stringify(toJsonValue(value), { lineWidth: 0 });
}

// ---- The same pretty JSON, produced piece by piece for large documents (describe of a million
// partitions). It walks the result itself, converting each value as toJsonValue would when it is
// reached, so neither a plain copy of the result nor the whole text is ever held. The bytes are
// exactly those of formatJson (a test compares both on varied documents).

const PIECE_CHARS = 16 * 1024;

type Container =
  | { readonly kind: 'array'; readonly items: readonly unknown[] }
  | { readonly kind: 'object'; readonly entries: readonly (readonly [string, unknown])[] };

/** The JSON text of a value that converts to a leaf (not an array or object); undefined otherwise. */
function leafText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'bigint':
      return value.toString();
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
function container(value: unknown): Container {
  if (Array.isArray(value)) return { kind: 'array', items: value };
  if (value instanceof Set) return { kind: 'array', items: [...value] };
  if (value instanceof Map) {
    // Keyed through an object, as toJsonValue does: same key order, later duplicates win.
    const byKey: Record<string, unknown> = {};
    for (const [k, v] of value) byKey[String(k)] = v === undefined ? null : v;
    return { kind: 'object', entries: Object.entries(byKey) };
  }
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return container(withToJson.toJSON());
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) kept[k] = v;
  return { kind: 'object', entries: Object.entries(kept) };
}

function size(node: Container): number {
  return node.kind === 'array' ? node.items.length : node.entries.length;
}

/** The text of a container whose children are all leaves (a partition row), or undefined. */
function flatText(node: Container, outer: string, step: string): string | undefined {
  const inner = outer + step;
  const separator = step ? `,\n${inner}` : ',';
  let text = node.kind === 'array' ? `[${step ? `\n${inner}` : ''}` : `{${step ? `\n${inner}` : ''}`;
  for (let i = 0; i < size(node); i++) {
    if (i > 0) text += separator;
    let child: unknown;
    if (node.kind === 'array') child = node.items[i];
    else {
      const [key, value] = node.entries[i] as readonly [string, unknown];
      text += jsonString(key) + (step ? ': ' : ':');
      child = value;
    }
    const leaf = leafText(child);
    if (leaf === undefined) return undefined;
    text += leaf;
  }
  return text + (step ? `\n${outer}` : '') + (node.kind === 'array' ? ']' : '}');
}

function* walk(value: unknown, outer: string, step: string, out: { text: string }): Generator<string> {
  const leaf = leafText(value);
  if (leaf !== undefined) {
    out.text += leaf;
    return;
  }
  const node = container(value);
  const count = size(node);
  if (count === 0) {
    out.text += node.kind === 'array' ? '[]' : '{}';
    return;
  }
  const flat = flatText(node, outer, step);
  if (flat !== undefined) {
    out.text += flat;
    return;
  }
  const inner = outer + step;
  const separator = step ? `,\n${inner}` : ',';
  out.text += (node.kind === 'array' ? '[' : '{') + (step ? `\n${inner}` : '');
  for (let i = 0; i < count; i++) {
    if (i > 0) out.text += separator;
    let child: unknown;
    if (node.kind === 'array') child = node.items[i];
    else {
      const [key, item] = node.entries[i] as readonly [string, unknown];
      out.text += jsonString(key) + (step ? ': ' : ':');
      child = item;
    }
    yield* walk(child, inner, step, out);
    if (out.text.length >= PIECE_CHARS) {
      yield out.text;
      out.text = '';
    }
  }
  out.text += (step ? `\n${outer}` : '') + (node.kind === 'array' ? ']' : '}');
}

/** formatJson(value), byte for byte, as pieces of about 16 KiB made as they are asked for. */
export function* formatJsonPieces(value: unknown): Generator<string> {
  const out = { text: '' };
  yield* walk(value, '', '  ', out);
  yield `${out.text}\n`;
}
