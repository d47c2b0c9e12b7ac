// Round trips for every definition at every version, with values generated from the definition
// itself: a field added to a definition is covered without touching this file. The generator is
// written from Kafka's rules (types, per-version nullability, defaults), not from the codec, so a
// codec that disagrees with the rules fails here even if it agrees with itself.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { DecodeError, decodeMessage, encodeMessage } from '../../../src/lib/kafka/codec.js';
import type { FieldDefinition, MessageDefinition } from '../../../src/lib/kafka/definition.js';
import { inVersions, parseVersions } from '../../../src/lib/kafka/definition.js';
import { ALL_APIS, HEADERS, RECORD_APIS } from '../../../src/lib/kafka/messages/index.js';
import { ZERO_UUID } from '../../../src/lib/kafka/wire/uuid.js';

// FC_RUNS raises the run count for a deeper local or nightly search; FC_SEED=<n> replays a failure.
const RUNS = Number(process.env.FC_RUNS ?? 30) || 30;
const SEED = process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : undefined;
const fcParams = { numRuns: RUNS, ...(SEED !== undefined && Number.isFinite(SEED) ? { seed: SEED } : {}) };

type Obj = Record<string, unknown>;

/** What to hand the encoder, and what the decoder must give back. They differ for int64 numbers and absent fields. */
interface Pair {
  readonly input: unknown;
  readonly expected: unknown;
}

const same = (value: unknown): Pair => ({ input: value, expected: value });

const INT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
};

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const stringArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 6 }), weight: 6 },
  // Long enough to need a two-byte compact length (≥ 127 bytes).
  { arbitrary: fc.string({ unit: 'binary-ascii', minLength: 120, maxLength: 140 }), weight: 1 },
  { arbitrary: fc.constantFrom('', 'MIRRORING', 'é€😀', '\uFFFD', 'a\u0000b'), weight: 2 },
);

const bytesArb: fc.Arbitrary<Pair> = fc.uint8Array({ maxLength: 24 }).map((bytes) => same(Buffer.from(bytes)));

const uuidArb: fc.Arbitrary<Pair> = fc.oneof(
  {
    arbitrary: fc
      .uint8Array({ minLength: 16, maxLength: 16 })
      .map((bytes) => same(Buffer.from(bytes).toString('base64url'))),
    weight: 4,
  },
  { arbitrary: fc.constant(same(ZERO_UUID)), weight: 1 },
);

// The encoder takes int64 as bigint or as a safe-integer number; either way a bigint comes back.
const int64Arb: fc.Arbitrary<Pair> = fc.oneof(
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }).map(same),
  fc.constantFrom(INT64_MIN, INT64_MAX, -1n, 0n).map(same),
  fc.maxSafeInteger().map((n) => ({ input: n, expected: BigInt(n) })),
);

function structFields(
  message: MessageDefinition,
  field: FieldDefinition,
  type: string,
): readonly FieldDefinition[] | undefined {
  return field.fields ?? message.commonStructs?.find((s) => s.name === type)?.fields;
}

/** Builds value generators for one message at one version by walking its definition. */
class ArbitraryBuilder {
  constructor(
    private readonly message: MessageDefinition,
    private readonly version: number,
  ) {}

  struct(fields: readonly FieldDefinition[]): fc.Arbitrary<Pair> {
    const parts: Record<string, fc.Arbitrary<Pair>> = {};
    for (const field of fields) {
      parts[field.name] = inVersions(field.versions, this.version)
        ? this.field(field)
        : fc.constant({ input: undefined, expected: this.defaultOf(field) });
    }
    return fc.record(parts).map((record) => {
      const input: Obj = {};
      const expected: Obj = {};
      for (const [name, pair] of Object.entries(record)) {
        if (pair.input !== undefined) input[name] = pair.input;
        expected[name] = pair.expected;
      }
      return { input, expected };
    });
  }

  private field(field: FieldDefinition): fc.Arbitrary<Pair> {
    let arb: fc.Arbitrary<Pair>;
    if (field.type.startsWith('[]')) {
      const element = this.element(field, field.type.slice(2));
      arb = fc
        .array(element, { maxLength: 3 })
        .map((pairs) => ({ input: pairs.map((p) => p.input), expected: pairs.map((p) => p.expected) }));
    } else {
      arb = this.element(field, field.type);
    }
    if (inVersions(field.nullableVersions, this.version)) {
      arb = fc.oneof({ arbitrary: fc.constant(same(null)), weight: 1 }, { arbitrary: arb, weight: 3 });
    }
    return arb;
  }

  private element(field: FieldDefinition, type: string): fc.Arbitrary<Pair> {
    const range = INT_RANGES[type];
    if (range) {
      const [min, max] = range;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, 0, min === 0 ? 1 : -1)).map(same);
    }
    switch (type) {
      case 'bool':
        return fc.boolean().map(same);
      case 'int64':
        return int64Arb;
      case 'float64':
        return fc.double().map(same);
      case 'string':
        return stringArb.map(same);
      case 'bytes':
        return bytesArb;
      case 'records':
        return bytesArb;
      case 'uuid':
        return uuidArb;
      default: {
        const fields = structFields(this.message, field, type);
        if (!fields) throw new Error(`${this.message.name}.${field.name}: unknown type ${type}`);
        return this.struct(fields);
      }
    }
  }

  /**
   * The value of a field that is not on the wire in this version, by Kafka's rules: the declared
   * default, else 0 / false / "" / [] / the zero uuid; "null" (only legal on nullable fields)
   * means null. A nullable struct is null: its type admits null and that is what "not sent" means
   * in the versions that carry it.
   */
  defaultOf(field: FieldDefinition): unknown {
    const declared = field.default === undefined ? undefined : String(field.default);
    const nullableSomewhere = field.nullableVersions !== undefined && field.nullableVersions !== 'none';
    if (field.type.startsWith('[]')) return declared === 'null' ? null : [];
    const fields = structFields(this.message, field, field.type);
    if (fields) {
      if (nullableSomewhere || declared === 'null') return null;
      const obj: Obj = {};
      for (const f of fields) obj[f.name] = this.defaultOf(f);
      return obj;
    }
    if (declared === 'null' && nullableSomewhere) return null;
    switch (field.type) {
      case 'bool':
        return declared === 'true';
      case 'int64':
        return BigInt(declared === undefined || declared === '' ? 0 : declared);
      case 'string':
        return declared ?? '';
      case 'uuid':
        return ZERO_UUID;
      case 'bytes':
        return Buffer.alloc(0);
      case 'records':
        return null;
      default:
        return declared === undefined || declared === '' ? 0 : Number(declared);
    }
  }
}

interface Target {
  readonly message: MessageDefinition;
  readonly versions: readonly number[];
}

function versionsOf(message: MessageDefinition): number[] {
  const { min, max } = parseVersions(message.validVersions);
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

const targets: Target[] = [
  ...[...ALL_APIS, ...RECORD_APIS].flatMap((api) => [api.request, api.response]),
  ...HEADERS,
].map((message) => ({
  message,
  versions: versionsOf(message),
}));

/**
 * fc.assert, but a failure re-runs the shrunk counterexample outside fast-check so the report shows
 * the assertion's own diff, with the seed needed to replay it.
 */
function checkProperty<T extends [unknown, ...unknown[]]>(
  arbs: { [K in keyof T]: fc.Arbitrary<T[K]> },
  predicate: (...args: T) => void,
  params: fc.Parameters<T>,
): void {
  const details = fc.check(fc.property<T>(...arbs, predicate), params);
  if (!details.failed) return;
  const replay = `FC_SEED=${details.seed} (path ${details.counterexamplePath ?? '?'})`;
  if (details.counterexample) {
    try {
      predicate(...details.counterexample);
    } catch (err) {
      if (err instanceof Error) err.message = `${err.message}\n[replay with ${replay}]`;
      throw err;
    }
  }
  assert.fail(
    `property failed (${replay}): ` +
      `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
  );
}

function describeValue(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'bigint' ? `${v}n` : Buffer.isBuffer(v) ? `<${v.toString('hex')}>` : v,
  );
}

test('the property tests cover every API (request and response) and both headers', () => {
  assert.equal(targets.length, (ALL_APIS.length + RECORD_APIS.length) * 2 + HEADERS.length);
  assert.ok(targets.every((t) => t.versions.length > 0));
  assert.ok(targets.some((t) => t.message.name === 'RequestHeader'));
  assert.ok(targets.some((t) => t.message.name === 'CreateTopicsRequest' && t.versions.includes(8)));
});

describe('encode → decode round trip for every definition at every version', () => {
  for (const { message, versions } of targets) {
    for (const version of versions) {
      test(`${message.name} v${version}`, () => {
        const arb = new ArbitraryBuilder(message, version).struct(message.fields);
        checkProperty(
          [arb],
          ({ input, expected }) => {
            const bytes = encodeMessage(message, version, input);
            const decoded = decodeMessage(message, version, bytes);
            assert.deepStrictEqual(decoded, expected, `input ${describeValue(input)}`);
            // Encoding is canonical: the decoded value encodes to the very same bytes.
            assert.equal(encodeMessage(message, version, decoded).toString('hex'), bytes.toString('hex'));
          },
          fcParams,
        );
      });
    }
  }
});

type Mutation =
  | { readonly kind: 'set'; readonly at: number; readonly byte: number }
  | { readonly kind: 'flip'; readonly at: number; readonly bit: number }
  | { readonly kind: 'cut'; readonly at: number }
  | { readonly kind: 'insert'; readonly at: number; readonly bytes: Uint8Array };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    at: fc.nat(),
    byte: fc.constantFrom(0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff),
  }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 6 }),
  }),
);

function mutate(original: Buffer, mutations: readonly Mutation[]): Buffer {
  let bytes = Buffer.from(original);
  for (const m of mutations) {
    const at = bytes.length === 0 ? 0 : m.at % (bytes.length + (m.kind === 'insert' ? 1 : 0));
    if (m.kind === 'set' && bytes.length > 0) bytes[at] = m.byte;
    else if (m.kind === 'flip' && bytes.length > 0) bytes[at] = (bytes[at] as number) ^ (1 << m.bit);
    else if (m.kind === 'cut') bytes = bytes.subarray(0, at);
    else if (m.kind === 'insert') bytes = Buffer.concat([bytes.subarray(0, at), m.bytes, bytes.subarray(at)]);
  }
  return bytes;
}

function decodesOrDecodeError(message: MessageDefinition, version: number, bytes: Buffer): void {
  try {
    decodeMessage(message, version, bytes);
  } catch (err) {
    if (err instanceof DecodeError) {
      assert.equal(err.messageName, message.name);
      return;
    }
    throw new Error(
      `${message.name} v${version} threw ` +
        `${err instanceof Error ? `${err.name}: ${err.message}` : String(err)} for ${bytes.toString('hex')}`,
    );
  }
}

describe('damaged bytes decode to a value or a DecodeError, nothing else', () => {
  for (const { message, versions } of targets) {
    test(`${message.name} (all versions)`, () => {
      for (const version of versions) {
        const arb = new ArbitraryBuilder(message, version).struct(message.fields);
        checkProperty(
          [arb, fc.array(mutationArb, { minLength: 1, maxLength: 3 })],
          ({ input }, mutations) =>
            decodesOrDecodeError(message, version, mutate(encodeMessage(message, version, input), mutations)),
          { ...fcParams, numRuns: Math.ceil(RUNS / 3) },
        );
        checkProperty(
          [fc.uint8Array({ maxLength: 48 })],
          (bytes) => decodesOrDecodeError(message, version, Buffer.from(bytes)),
          {
            ...fcParams,
            numRuns: Math.ceil(RUNS / 3),
          },
        );
      }
    });
  }
});
