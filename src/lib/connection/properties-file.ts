// Kafka tools read --command-config with java.util.Properties, so this follows Properties.load(Reader); one
// deliberate difference: files are decoded as UTF-8, not ISO-8859-1.

import { readFileSync } from 'node:fs';
import { SettingsError } from './errors.js';

export interface PropertyEntry {
  readonly key: string;
  readonly value: string;
  readonly line: number;
  readonly origin?: string;
}

export class PropertiesSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'PropertiesSyntaxError';
  }
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\f';

interface LogicalLine {
  readonly text: string;
  readonly line: number;
}

function endsWithOddBackslashes(text: string): boolean {
  let count = 0;
  for (let i = text.length - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

function* logicalLines(text: string): Generator<LogicalLine> {
  const natural = text.split(/\r\n|\r|\n/);
  let i = 0;
  while (i < natural.length) {
    const start = i;
    let current = (natural[i] ?? '').replace(/^[ \t\f]+/, '');
    i++;
    if (current === '' || current.startsWith('#') || current.startsWith('!')) continue;
    while (endsWithOddBackslashes(current)) {
      current = current.slice(0, -1);
      if (i >= natural.length) break;
      const next = (natural[i] ?? '').replace(/^[ \t\f]+/, '');
      i++;
      // Java ends the logical line at a continuation onto an empty line.
      if (next === '') break;
      current += next;
    }
    yield { text: current, line: start + 1 };
  }
}

function unescape(raw: string, line: number): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    i++;
    const next = raw[i];
    if (next === undefined) break;
    switch (next) {
      case 't':
        out += '\t';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u': {
        const hex = raw.slice(i + 1, i + 5);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          throw new PropertiesSyntaxError(`malformed \\uXXXX escape '\\u${hex}' (needs exactly four hex digits)`, line);
        }
        out += String.fromCharCode(parseInt(hex, 16));
        i += 4;
        break;
      }
      default:
        out += next;
    }
  }
  return out;
}

function splitKeyValue(text: string): { rawKey: string; rawValue: string } {
  let keyEnd = 0;
  let hasSeparator = false;
  let escaped = false;
  for (; keyEnd < text.length; keyEnd++) {
    const c = text[keyEnd];
    if (escaped) {
      escaped = false;
      continue;
    }
    if (c === '\\') {
      escaped = true;
      continue;
    }
    if (c === '=' || c === ':') {
      hasSeparator = true;
      break;
    }
    if (isBlank(c)) break;
  }
  let valueStart = hasSeparator ? keyEnd + 1 : keyEnd;
  for (; valueStart < text.length; valueStart++) {
    const c = text[valueStart];
    if (isBlank(c)) continue;
    if (!hasSeparator && (c === '=' || c === ':')) {
      hasSeparator = true;
      continue;
    }
    break;
  }
  return { rawKey: text.slice(0, keyEnd), rawValue: text.slice(valueStart) };
}

/** Parses properties text; later keys replace earlier ones, as in Java. */
export function parseProperties(text: string): Map<string, PropertyEntry> {
  const entries = new Map<string, PropertyEntry>();
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (const { text: logical, line } of logicalLines(body)) {
    const { rawKey, rawValue } = splitKeyValue(logical);
    const key = unescape(rawKey, line);
    const value = unescape(rawValue, line);
    entries.set(key, { key, value, line });
  }
  return entries;
}

export function readPropertiesFile(path: string, flag = '--command-config'): Map<string, PropertyEntry> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a directory'
            : (err as Error).message;
    throw new SettingsError(`cannot read ${flag} file '${path}': ${why}`, {
      hint: `${flag} takes a Kafka client properties file (key=value lines, as for kafka-topics.sh --command-config)`,
    });
  }
  try {
    return parseProperties(text);
  } catch (err) {
    if (err instanceof PropertiesSyntaxError) {
      throw new SettingsError(`${flag} file '${path}' line ${err.line}: ${err.message}`, {
        hint: 'a literal backslash is written \\\\ in a properties file',
      });
    }
    throw err;
  }
}
