// Broker-supplied text must never drive the terminal (ESC sequences, forged newlines, bidi overrides): text
// output passes through terminalSafe(); JSON and YAML keep the exact strings, their escaping makes them inert.

// C0 and C1 controls, DEL, and the invisible format characters that reorder or hide text.
// eslint-disable-next-line no-control-regex -- these characters are exactly what this file finds
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
// eslint-disable-next-line no-control-regex -- as above, for replacing every one
const UNSAFE_ALL = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

export function hasUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

// Short texts already found clean (keys, states, topic names repeat at every partition); bounded.
const CLEAN = new Set<string>();
const CLEAN_LIMIT = 4096;
const CLEAN_MAX_LENGTH = 256;

export function escapeControl(text: string): string {
  if (CLEAN.has(text)) return text;
  if (UNSAFE.test(text)) return text.replace(UNSAFE_ALL, escapeOne);
  if (CLEAN.size < CLEAN_LIMIT && text.length <= CLEAN_MAX_LENGTH) CLEAN.add(text);
  return text;
}

export function escapeStackTrace(stack: string, message: string): string {
  const at = message === '' ? -1 : stack.indexOf(message);
  const head = at === -1 ? '' : stack.slice(0, at + message.length);
  const frames = at === -1 ? stack : stack.slice(at + message.length);
  return escapeControl(head) + frames.split('\n').map(escapeControl).join('\n');
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function safeArray(value: readonly unknown[]): readonly unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    const safe = safeValue(item);
    if (safe !== item) (out ??= value.slice())[i] = safe;
  }
  return out ?? value;
}

function safeRecord(value: Record<string, unknown>): Record<string, unknown> {
  for (const key in value) {
    const item = value[key];
    const safeKey = escapeControl(key);
    const safe = safeValue(item);
    if (safeKey !== key || safe !== item) return copySafeRecord(value, key, safeKey, safe);
  }
  return value;
}

function copySafeRecord(
  value: Record<string, unknown>,
  changed: string,
  safeChangedKey: string,
  safeChanged: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = Object.getPrototypeOf(value) === null ? Object.create(null) : {};
  let before = true;
  for (const key of Object.keys(value)) {
    if (key === changed) {
      before = false;
      out[safeChangedKey] = safeChanged;
    } else if (before) out[key] = value[key];
    else out[escapeControl(key)] = safeValue(value[key]);
  }
  return out;
}

function safeValue(value: unknown): unknown {
  if (typeof value === 'string') return escapeControl(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return safeArray(value);
  if (value instanceof Map) {
    let changed = false;
    const out = new Map<unknown, unknown>();
    for (const [k, v] of value) {
      const key = safeValue(k);
      const item = safeValue(v);
      if (key !== k || item !== v) changed = true;
      out.set(key, item);
    }
    return changed ? out : value;
  }
  if (value instanceof Set) {
    const items = safeArray([...value]);
    return items.some((item) => !value.has(item)) ? new Set(items) : value;
  }
  if (value instanceof Error) {
    const message = escapeControl(value.message);
    if (message === value.message) return value;
    const copy = new Error(message);
    copy.name = value.name;
    return copy;
  }
  return isPlainObject(value) ? safeRecord(value) : value;
}

export function terminalSafe<T>(value: T): T {
  return safeValue(value) as T;
}

/** Each renderer render/ exports for the terminal is wrapped in this, so every argument is shown escaped. */
export function forTerminal<A extends readonly unknown[], R>(render: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => render(...(args.map((arg: unknown) => terminalSafe(arg)) as unknown as A));
}
