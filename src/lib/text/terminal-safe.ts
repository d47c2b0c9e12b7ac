// Broker-supplied text (error messages, mirror and topic names, config keys and values, hosts) must never
// drive the terminal: an ESC sequence can clear the screen or retitle the window, a newline can forge a
// line of a table, a bidi override can reorder what the operator reads. Text output is built from data
// passed through terminalSafe(), which shows every such character escaped (`\x1b`, `\n`, `\u202e`).
// JSON and YAML documents keep the exact strings: their own escaping already makes them inert.

// C0 controls, DEL, C1 controls, and the invisible format characters that reorder or hide text
// (Arabic letter mark, zero-width and direction marks, line/paragraph separators, bidi embeddings,
// overrides and isolates, word joiners and invisible operators, the byte-order mark).
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

/** Whether `text` holds a character that would act on a terminal instead of being shown. */
export function hasUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

// Short texts already found clean: the keys of every row, states, topic names repeat at every partition of a
// large describe, and a lookup costs less than the scan. Bounded, so a stream of distinct texts cannot grow it.
const CLEAN = new Set<string>();
const CLEAN_LIMIT = 4096;
const CLEAN_MAX_LENGTH = 256;

/** `text` with every control and invisible format character written as an escape; unchanged when clean. */
export function escapeControl(text: string): string {
  if (CLEAN.has(text)) return text;
  if (UNSAFE.test(text)) return text.replace(UNSAFE_ALL, escapeOne);
  if (CLEAN.size < CLEAN_LIMIT && text.length <= CLEAN_MAX_LENGTH) CLEAN.add(text);
  return text;
}

/**
 * A stack trace for --debug: the error's message (which may quote a broker) escaped whole, then each
 * frame line escaped with the line breaks between frames kept.
 */
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
  // Nothing is allocated until something needs escaping: a clean row costs one look at each field (for-in
  // lists no inherited keys here: value's prototype is Object.prototype or null, isPlainObject).
  for (const key in value) {
    const item = value[key];
    const safeKey = escapeControl(key);
    const safe = safeValue(item);
    if (safeKey !== key || safe !== item) return copySafeRecord(value, key, safeKey, safe);
  }
  return value;
}

/** value with its fields made safe, from the first that changed (`changed`, already made safe) on. */
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

/**
 * `value` with every string inside it (object keys, Map and Set members included) passed through
 * escapeControl. Parts without such a character are shared, not copied, so a clean describe of a
 * million partitions costs one walk and no memory. The input is not modified.
 */
export function terminalSafe<T>(value: T): T {
  return safeValue(value) as T;
}

/**
 * `render` with every argument passed through terminalSafe first: each renderer that render/ exports
 * for the terminal is wrapped in it, so whatever data a command hands over (a result, a plan, options)
 * is shown escaped, and the renderer's own colours and line breaks stay what they are.
 */
export function forTerminal<A extends readonly unknown[], R>(render: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => render(...(args.map((arg: unknown) => terminalSafe(arg)) as unknown as A));
}
