// Secrets must never reach a terminal or a log unless asked for. The prototype's DescribeConfigs returns the
// source's credentials in clear (PROTOCOL.md §7), so masking goes by key name, value shape and registered values.

export const REDACTED = '[redacted]';

const knownSecrets = new Set<string>();

// A 1–3 character secret would mask those letters everywhere; such values are still masked under a sensitive key.
const MIN_REGISTERED_SECRET_LENGTH = 4;

export function registerSecret(value: string | undefined | null): void {
  if (value && value.length >= MIN_REGISTERED_SECRET_LENGTH) knownSecrets.add(value);
}

export function clearRegisteredSecrets(): void {
  knownSecrets.clear();
}

const SENSITIVE_EXACT = new Set([
  'sasl.jaas.config',
  'ssl.keystore.key',
  'ssl.keystore.certificate.chain',
  'ssl.truststore.certificates',
  'basic.auth.user.info',
  'pfx',
  'authorization',
]);

export function isSensitiveKey(key: string): boolean {
  const k = key.toLowerCase();
  if (SENSITIVE_EXACT.has(k)) return true;
  if (/password|passwd|passphrase|secret|jaas/.test(k)) return true;
  // `oauthToken`, `access_token`, `credentials`; not `tokenCount`, `tokens` or `token.endpoint.url`.
  if (/token$|credentials?$/.test(k)) return true;
  // `ssl.keystore.key`, `private_key`; not a bare `key` (config entries are {key, value}), `apiKey` or `keys`.
  return /[._-]key$/.test(k) || /private[._-]?key$/.test(k);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Only a block with content: the bare marker in a hint ("in PEM form (-----BEGIN CERTIFICATE-----)") stays.
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]{1,64})-----(?=\s*[A-Za-z0-9+/]{4})[\s\S]*?(?:-----END \1-----|$)/g;
const JAAS_KEY = /jaas\.config$/i;
const PLACEHOLDER = /^(?:bearer|(["']?)\u2026\1)$/i;
// The look-behinds start a key or scheme only where a word starts: else a run of key characters is quadratic.
const KEY_VALUE =
  /(?<![A-Za-z0-9_.-])(["']?)([A-Za-z0-9_.-]+)\1(\s*[=:]\s*)("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[^\s,;&"'}\]]+)/g;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;
const URL_PASSWORD = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi;

export interface RedactOptions {
  /** Off for command results: a short password that is also a topic name would blank that name out of the data. */
  readonly registeredSecrets?: boolean;
  readonly onValue?: () => void;
}

export function redactText(text: string, options: RedactOptions = {}): string {
  let out = text.replace(
    PEM_BLOCK,
    (_match, label: string) => `-----BEGIN ${label}----- ${REDACTED} -----END ${label}-----`,
  );
  // Before key=value, which would otherwise take "Bearer" as the value of "Authorization:".
  out = out.replace(BEARER, `$1${REDACTED}`);
  out = out.replace(KEY_VALUE, (match, quote: string, key: string, sep: string, value: string) => {
    if (!isSensitiveKey(key) || JAAS_KEY.test(key) || value.includes(REDACTED) || PLACEHOLDER.test(value)) return match;
    const quoted = value.startsWith('"') ? '"' : value.startsWith("'") ? "'" : '';
    return `${quote}${key}${quote}${sep}${quoted}${REDACTED}${quoted}`;
  });
  out = out.replace(URL_PASSWORD, `$1${REDACTED}@`);
  if (options.registeredSecrets === false) return out;
  // Longest first, so a secret that contains another is masked whole.
  for (const secret of [...knownSecrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(secret)) out = out.replace(new RegExp(escapeRegExp(secret), 'g'), REDACTED);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function redactInner(value: unknown, ancestors: WeakSet<object>, options: RedactOptions): unknown {
  options.onValue?.();
  if (typeof value === 'string') return redactText(value, options);
  if (value === null || typeof value !== 'object') return value;
  // Certificates and keys travel as bytes; nothing binary is worth printing.
  if (value instanceof Uint8Array) return `${REDACTED} (${value.byteLength} bytes)`;
  if (ancestors.has(value)) return '[circular]';
  ancestors.add(value);
  try {
    return redactObject(value, ancestors, options);
  } finally {
    ancestors.delete(value);
  }
}

// A sensitive key masks a string (or bytes) value; numbers and nested objects under it are kept or walked.
const masksValue = (v: unknown): boolean => typeof v === 'string' || v instanceof Uint8Array;

function redactObject(value: object, seen: WeakSet<object>, options: RedactOptions): unknown {
  if (Array.isArray(value)) return value.map((item) => redactInner(item, seen, options));
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    for (const [k, v] of value)
      out.set(
        k,
        typeof k === 'string' && isSensitiveKey(k) && masksValue(v) ? REDACTED : redactInner(v, seen, options),
      );
    return out;
  }
  if (value instanceof Error) {
    const copy = new Error(redactText(value.message, options));
    copy.name = value.name;
    if (value.stack) copy.stack = redactText(value.stack, options);
    return copy;
  }
  if (!isPlainObject(value)) return value;
  // Config entries arrive as {name, value} pairs (DescribeConfigs, config listings).
  const entryName = typeof value.name === 'string' ? value.name : typeof value.key === 'string' ? value.key : undefined;
  const maskEntryValue = entryName !== undefined && isSensitiveKey(entryName);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (masksValue(v) && (isSensitiveKey(k) || (maskEntryValue && k === 'value'))) out[k] = REDACTED;
    else out[k] = redactInner(v, seen, options);
  }
  return out;
}

export function redact<T>(value: T, options: RedactOptions = {}): T extends string ? string : unknown {
  return redactInner(value, new WeakSet(), options) as T extends string ? string : unknown;
}
