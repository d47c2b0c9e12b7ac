// Machine-readable documents for -o json / -o yaml. Results hold int64 offsets and lag as bigint,
// and may hold Maps and Sets; values are made plain first. A bigint is written as an integer
// literal with every digit (JSON numbers have no size limit; JSON.stringify throws on bigint and a
// Number would round past 2^53), so the JSON text is written here rather than by JSON.stringify.

import { createRequire } from 'node:module';

// yaml loads only for -o yaml (it is CommonJS for Node, so a synchronous require keeps formatYaml sync).
const require = createRequire(import.meta.url);

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
    out.push(JSON.stringify(value));
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
    out.push(JSON.stringify(key), step ? ': ' : ':');
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
