// The 26 bodies in reference/vectors/bodies.json come from an encoder written independently of
// kmirror, so agreeing with them byte for byte is evidence our codec matches the schemas, not
// merely itself. Each vector is checked in both directions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeMessage, encodeMessage } from '../../../src/lib/kafka/codec.js';
import type { FieldDefinition, MessageDefinition } from '../../../src/lib/kafka/definition.js';
import { inVersions } from '../../../src/lib/kafka/definition.js';
import { ALL_APIS } from '../../../src/lib/kafka/messages/index.js';
import { withReferenceFile } from '../../helpers/reference.js';

interface Vector {
  readonly message: string;
  readonly version: number;
  readonly value: Record<string, unknown>;
  readonly body_hex: string;
}

const EXPECTED_VECTOR_COUNT = 26;

const definitions = new Map<string, MessageDefinition>(
  ALL_APIS.flatMap((api) => [
    [api.request.name, api.request],
    [api.response.name, api.response],
  ]),
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function show(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (Buffer.isBuffer(value)) return `<Buffer ${value.toString('hex')}>`;
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

function structFields(
  message: MessageDefinition,
  field: FieldDefinition,
  type: string,
): readonly FieldDefinition[] | undefined {
  return field.fields ?? message.commonStructs?.find((s) => s.name === type)?.fields;
}

/** Whether `value` is what a field holds when it was not sent (tagged fields the vector leaves out). */
function isUnsetValue(field: FieldDefinition, value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  const d = field.default;
  if (typeof value === 'bigint') return value === BigInt(d === undefined || d === '' ? 0 : d);
  if (typeof value === 'number') return value === Number(d ?? 0);
  if (typeof value === 'boolean') return value === (d === true || d === 'true');
  if (typeof value === 'string') return value === (d === undefined ? '' : String(d));
  return false;
}

class VectorComparer {
  readonly problems: string[] = [];

  constructor(
    private readonly message: MessageDefinition,
    private readonly version: number,
  ) {}

  struct(fields: readonly FieldDefinition[], ours: unknown, expected: unknown, path: string): void {
    if (!isRecord(ours) || !isRecord(expected)) {
      this.problems.push(`${path || '(body)'}: ours ${show(ours)}, vector ${show(expected)}`);
      return;
    }
    const known = new Set(fields.map((f) => f.name));
    for (const key of Object.keys(expected)) {
      if (!known.has(key)) this.problems.push(`${path}${key}: in the vector but not in our definition`);
    }
    for (const key of Object.keys(ours)) {
      if (!known.has(key)) this.problems.push(`${path}${key}: decoded by us but not in our definition`);
    }
    for (const field of fields) {
      if (!inVersions(field.versions, this.version)) continue;
      const at = `${path}${field.name}`;
      if (!Object.hasOwn(ours, field.name)) {
        this.problems.push(`${at}: missing from our decoded value`);
        continue;
      }
      if (Object.hasOwn(expected, field.name)) {
        this.value(field, ours[field.name], expected[field.name], at);
      } else if (!inVersions(field.taggedVersions, this.version)) {
        this.problems.push(`${at}: the vector omits a field that is not tagged (ours ${show(ours[field.name])})`);
      } else if (!isUnsetValue(field, ours[field.name])) {
        this.problems.push(`${at}: the vector omits this tagged field but we decoded ${show(ours[field.name])}`);
      }
    }
  }

  value(field: FieldDefinition, ours: unknown, expected: unknown, path: string): void {
    if (expected === null || ours === null) {
      if (ours !== expected) this.problems.push(`${path}: ours ${show(ours)}, vector ${show(expected)}`);
      return;
    }
    if (field.type.startsWith('[]')) {
      if (!Array.isArray(ours) || !Array.isArray(expected) || ours.length !== expected.length) {
        this.problems.push(`${path}: ours ${show(ours)}, vector ${show(expected)}`);
        return;
      }
      const element = field.type.slice(2);
      for (let i = 0; i < expected.length; i++) this.element(field, element, ours[i], expected[i], `${path}[${i}]`);
      return;
    }
    this.element(field, field.type, ours, expected, path);
  }

  element(field: FieldDefinition, type: string, ours: unknown, expected: unknown, path: string): void {
    const fields = structFields(this.message, field, type);
    if (fields !== undefined) {
      this.struct(fields, ours, expected, `${path}.`);
      return;
    }
    switch (type) {
      case 'int64':
        // The vectors write int64 as JSON numbers; ours must be a bigint of the same value.
        if (typeof ours !== 'bigint' || typeof expected !== 'number' || ours !== BigInt(expected)) {
          this.problems.push(`${path}: ours ${show(ours)}, vector ${show(expected)} (int64 must decode to a bigint)`);
        }
        return;
      case 'bytes':
      case 'records':
        if (
          !Buffer.isBuffer(ours) ||
          typeof expected !== 'string' ||
          (ours.toString('hex') !== expected && ours.toString('base64') !== expected)
        ) {
          this.problems.push(`${path}: ours ${show(ours)}, vector ${show(expected)}`);
        }
        return;
      default:
        if (!Object.is(ours, expected)) this.problems.push(`${path}: ours ${show(ours)}, vector ${show(expected)}`);
    }
  }
}

function isVector(value: unknown): value is Vector {
  return (
    isRecord(value) &&
    typeof value.message === 'string' &&
    typeof value.version === 'number' &&
    isRecord(value.value) &&
    typeof value.body_hex === 'string' &&
    /^([0-9a-f]{2})*$/.test(value.body_hex)
  );
}

withReferenceFile('vectors/bodies.json', 'reference vectors decode and encode byte for byte', (path, text) => {
  const parsed: unknown = JSON.parse(text);
  const vectors = Array.isArray(parsed) ? parsed : [];

  test(`bodies.json holds ${EXPECTED_VECTOR_COUNT} well-formed vectors for messages we define`, () => {
    assert.ok(Array.isArray(parsed), `${path} is not a JSON array`);
    assert.equal(vectors.length, EXPECTED_VECTOR_COUNT, `${path} holds ${vectors.length} vectors`);
    vectors.forEach((entry: unknown, index: number) => {
      assert.ok(isVector(entry), `vector #${index} lacks message/version/value/body_hex`);
      assert.ok(definitions.has(entry.message), `vector #${index} names ${entry.message}, which we do not define`);
    });
  });

  vectors.forEach((entry: unknown, index: number) => {
    if (!isVector(entry)) return;
    const definition = definitions.get(entry.message);
    test(`${entry.message} v${entry.version} #${index}`, () => {
      assert.ok(definition, `no definition named ${entry.message}`);
      const bytes = Buffer.from(entry.body_hex, 'hex');

      const decoded = decodeMessage(definition, entry.version, bytes);
      const comparer = new VectorComparer(definition, entry.version);
      comparer.struct(definition.fields, decoded, entry.value, '');
      assert.deepEqual(comparer.problems, [], `decoding vector #${index} differs:\n${comparer.problems.join('\n')}`);

      const encoded = encodeMessage(definition, entry.version, entry.value);
      assert.equal(encoded.toString('hex'), entry.body_hex, `encoding vector #${index}'s value`);

      // What we decode must also encode back to the same bytes (the decoded form, with bigints).
      assert.equal(encodeMessage(definition, entry.version, decoded).toString('hex'), entry.body_hex);
    });
  });
});
