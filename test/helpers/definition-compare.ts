// Field-by-field comparison of our message definitions with a schema written in Kafka's JSON
// vocabulary (the prototype's schema files, the seed KIP's code blocks): every difference as a
// readable path, so a failing test says exactly which attribute of which field disagrees.
import { isDeepStrictEqual } from 'node:util';
import type { MessageDefinition } from '../../src/lib/kafka/definition.js';

// Attributes that carry no wire or routing meaning.
const IGNORED_KEYS = new Set(['about']);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// Kafka's schema files carry line comments; a `//` inside a string (a URL) must survive.
export function stripJsonComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      out += ch;
      if (ch === '\\') {
        out += text[i + 1] ?? '';
        i++;
      } else if (ch === '"') {
        inString = false;
      }
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
      out += ' ';
    } else {
      out += ch;
    }
  }
  return out;
}

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

export function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  if (typeof value === 'string' && value !== '' && !/\s/.test(value)) return value;
  return JSON.stringify(value);
}

// Quoted when a string, so "null" (the schema's word for a null default) reads apart from absent.
function showDefault(value: unknown): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

function nameOf(value: unknown): string {
  return isRecord(value) && typeof value.name === 'string' ? value.name : '(unnamed)';
}

function compareAttributes(
  path: string,
  ours: object,
  ref: object,
  structural: ReadonlySet<string>,
  diffs: string[],
): void {
  const ourAttributes = new Map<string, unknown>(Object.entries(ours));
  const refAttributes = new Map<string, unknown>(Object.entries(ref));
  for (const key of new Set([...refAttributes.keys(), ...ourAttributes.keys()])) {
    if (IGNORED_KEYS.has(key) || structural.has(key)) continue;
    const a = ourAttributes.get(key);
    const b = refAttributes.get(key);
    if (key === 'default') {
      // The schema writes defaults both as strings ("-1") and as JSON numbers (-1); the generator
      // reads either the same way, so only their text must agree.
      const same = a === undefined || b === undefined ? a === b : String(a) === String(b);
      if (!same) diffs.push(`${path}.default: ours ${showDefault(a)}, reference ${showDefault(b)}`);
    } else if (!isDeepStrictEqual(a, b)) {
      diffs.push(`${path}.${key}: ours ${show(a)}, reference ${show(b)}`);
    }
  }
}

function compareFieldList(path: string, ours: unknown, ref: unknown, diffs: string[]): void {
  if (ours === undefined && ref === undefined) return;
  if (!isList(ours) || !isList(ref)) {
    const count = (list: unknown): string => (isList(list) ? `${list.length} fields` : show(list));
    diffs.push(`${path}.fields: ours ${count(ours)}, reference ${count(ref)}`);
    return;
  }
  const ourNames = ours.map(nameOf);
  const refNames = ref.map(nameOf);
  if (isDeepStrictEqual(ourNames, refNames)) {
    ref.forEach((field, i) => compareField(path, ours[i], field, diffs));
    return;
  }
  diffs.push(`${path}: fields ours [${ourNames.join(', ')}], reference [${refNames.join(', ')}]`);
  // Still compare the fields both sides have, so one misplaced field does not hide other faults.
  for (const field of ref) {
    const match = ours.find((candidate) => nameOf(candidate) === nameOf(field));
    if (match !== undefined) compareField(path, match, field, diffs);
  }
}

function compareField(parent: string, ours: unknown, ref: unknown, diffs: string[]): void {
  const path = `${parent}.${nameOf(ref)}`;
  if (!isRecord(ours) || !isRecord(ref)) {
    diffs.push(`${path}: not an object (ours ${show(ours)}, reference ${show(ref)})`);
    return;
  }
  compareAttributes(path, ours, ref, new Set(['fields']), diffs);
  const type = typeof ref.type === 'string' ? ref.type : '';
  compareFieldList(type.startsWith('[]') ? `${path}[]` : path, ours.fields, ref.fields, diffs);
}

function compareStructs(path: string, ours: unknown, ref: unknown, diffs: string[]): void {
  if (ours === undefined && ref === undefined) return;
  const ourList = isList(ours) ? ours : [];
  const refList = isList(ref) ? ref : [];
  const ourNames = ourList.map(nameOf);
  const refNames = refList.map(nameOf);
  if (!isDeepStrictEqual([...ourNames].sort(), [...refNames].sort())) {
    diffs.push(`${path}.commonStructs: ours [${ourNames.join(', ')}], reference [${refNames.join(', ')}]`);
  }
  for (const struct of refList) {
    const match = ourList.find((candidate) => nameOf(candidate) === nameOf(struct));
    if (!isRecord(match) || !isRecord(struct)) continue;
    const structPath = `${path}.commonStructs.${nameOf(struct)}`;
    compareAttributes(structPath, match, struct, new Set(['fields']), diffs);
    compareFieldList(structPath, match.fields, struct.fields, diffs);
  }
}

/** Every difference of message, field and struct attributes (`about` aside) between ours and a schema. */
export function compareDefinition(ours: MessageDefinition, ref: Json): string[] {
  const diffs: string[] = [];
  const path = ours.name;
  if (!isRecord(ref)) return [`${path}: reference schema is not a JSON object`];
  compareAttributes(path, ours, ref, new Set(['fields', 'commonStructs']), diffs);
  compareFieldList(path, ours.fields, ref.fields, diffs);
  compareStructs(path, ours.commonStructs, ref.commonStructs, diffs);
  return diffs;
}
