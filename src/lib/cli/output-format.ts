// Machine-readable documents for -o json / -o yaml. Results may hold int64 offsets as bigint, Maps
// and Sets; JSON.stringify throws on bigint and drops Maps, so values are made plain first. A bigint
// within Number's exact range becomes a number (what jq and scripts expect); beyond it, a string.

import YAML from 'yaml';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export function toJsonValue(value: unknown): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value.toString();
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

/** One pretty JSON document with a trailing newline. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(toJsonValue(value), null, 2)}\n`;
}

/** One compact JSON document per line, for --watch streams. */
export function formatJsonLine(value: unknown): string {
  return `${JSON.stringify(toJsonValue(value))}\n`;
}

export function formatYaml(value: unknown): string {
  return YAML.stringify(toJsonValue(value), { lineWidth: 0 });
}
