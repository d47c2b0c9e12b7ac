// One generic encoder/decoder for every message definition. A definition is compiled once per
// version into a plan of small closures, so the per-byte work never consults the definition again
// (a 100,000-partition DescribeClusterMirrors response must decode in well under a second).

import type { FieldDefinition, MessageDefinition, StructDefinition } from './definition.js';
import { inVersions, parseVersions } from './definition.js';
import { WireError } from './wire/errors.js';
import { ByteReader } from './wire/reader.js';
import { ZERO_UUID } from './wire/uuid.js';
import { ByteWriter } from './wire/writer.js';

export class DecodeError extends Error {
  override readonly name = 'DecodeError';
  constructor(
    readonly messageName: string,
    readonly version: number,
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot decode ${messageName} v${version} at ${path || '(start)'}: ${reason}`);
  }
}

export class EncodeError extends Error {
  override readonly name = 'EncodeError';
}

type Obj = Record<string, unknown>;

interface FieldPlan {
  readonly name: string;
  readonly mode: 'regular' | 'tagged' | 'absent';
  readonly tag: number;
  read(r: ByteReader): unknown;
  write(w: ByteWriter, value: unknown): void;
  makeDefault(): unknown;
  isDefault(value: unknown): boolean;
}

interface StructPlan {
  uses: number;
  fast?: (r: ByteReader) => Obj;
  fastWrite?: ((w: ByteWriter, o: Obj) => void) | null;
  readonly fields: readonly FieldPlan[];
  readonly regular: readonly FieldPlan[];
  readonly tagged: readonly FieldPlan[];
  readonly byTag: ReadonlyMap<number, FieldPlan>;
  readonly flexible: boolean;
}

class PathError extends Error {
  constructor(
    readonly steps: string[],
    readonly reason: string,
  ) {
    super(reason);
  }
}

function withStep(err: unknown, step: string): PathError {
  if (err instanceof PathError) {
    err.steps.unshift(step);
    return err;
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new PathError([step], reason);
}

const INT_TYPES = new Set(['int8', 'int16', 'uint16', 'int32', 'uint32']);

interface Scalar {
  read(r: ByteReader): unknown;
  write(w: ByteWriter, value: unknown): void;
}

function parseNumberDefault(field: FieldDefinition): number {
  if (field.default === undefined || field.default === '') return 0;
  const value = Number(field.default);
  if (!Number.isFinite(value)) throw new Error(`field ${field.name}: bad default '${String(field.default)}'`);
  return value;
}

function requireType(value: unknown, check: boolean, expected: string): void {
  if (!check)
    throw new EncodeError(
      `expected ${expected}, got ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    );
}

function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw new EncodeError(`expected an int64 (bigint or safe integer), got ${String(value)}`);
}

class Compiler {
  private readonly cache = new Map<string, StructPlan>();

  constructor(
    private readonly message: MessageDefinition,
    private readonly version: number,
  ) {}

  private get flexible(): boolean {
    return inVersions(this.message.flexibleVersions, this.version);
  }

  root(): StructPlan {
    return this.struct('', this.message.fields);
  }

  private commonStruct(name: string): StructDefinition | undefined {
    return this.message.commonStructs?.find((s) => s.name === name);
  }

  private struct(key: string, fields: readonly FieldDefinition[]): StructPlan {
    const cached = key ? this.cache.get(key) : undefined;
    if (cached) return cached;
    const plans = fields.map((f) => this.field(f));
    const tagged = plans.filter((p) => p.mode === 'tagged').sort((a, b) => a.tag - b.tag);
    const plan: StructPlan = {
      uses: 0,
      fields: plans,
      regular: plans.filter((p) => p.mode === 'regular'),
      tagged,
      byTag: new Map(tagged.map((p) => [p.tag, p])),
      flexible: this.flexible,
    };
    if (key) this.cache.set(key, plan);
    return plan;
  }

  private field(field: FieldDefinition): FieldPlan {
    const v = this.version;
    const present = inVersions(field.versions, v);
    const tagged = present && this.flexible && inVersions(field.taggedVersions, v);
    const nullable = inVersions(field.nullableVersions, v);
    const flexibleField = field.flexibleVersions !== undefined ? inVersions(field.flexibleVersions, v) : this.flexible;
    const isArray = field.type.startsWith('[]');
    const elementType = isArray ? field.type.slice(2) : field.type;
    const element = this.element(field, elementType, flexibleField);
    const defaults = this.defaults(field, isArray, elementType);

    let codec: Scalar = element;
    if (isArray) codec = this.array(element, flexibleField, nullable);
    else if (element.kind === 'struct' && nullable) codec = this.nullableStruct(element);
    else if (element.kind === 'string') codec = this.string(flexibleField, nullable);
    else if (element.kind === 'bytes') codec = this.bytes(flexibleField, nullable);

    const read = codec.read.bind(codec);
    const writeValue = codec.write.bind(codec);
    const write = (w: ByteWriter, value: unknown): void => {
      if (value === null && !nullable) {
        throw new EncodeError(`null is not allowed: ${field.name} is not nullable in version ${v}`);
      }
      writeValue(w, value === undefined ? defaults.make() : value);
    };
    if (tagged && field.tag === undefined) throw new Error(`tagged field ${field.name} has no tag`);
    return {
      name: field.name,
      mode: tagged ? 'tagged' : present ? 'regular' : 'absent',
      tag: field.tag ?? -1,
      read,
      write,
      makeDefault: defaults.make,
      isDefault: defaults.is,
    };
  }

  private defaults(field: FieldDefinition, isArray: boolean, elementType: string) {
    const text = field.default === undefined ? undefined : String(field.default);
    if (isArray || (!INT_TYPES.has(elementType) && this.isStruct(field, elementType))) {
      // A nullable struct is null when unset, also in versions that lack it (CreateTopics v2-7 MirrorInfo).
      if (text === 'null' || (!isArray && field.nullableVersions !== undefined)) {
        return { make: () => null, is: (value: unknown) => value === null || value === undefined };
      }
      if (isArray) {
        return {
          make: () => [],
          is: (value: unknown) => value === undefined || (Array.isArray(value) && value.length === 0),
        };
      }
      const plan = this.structPlanFor(field, elementType);
      const make = () => defaultStruct(plan);
      return { make, is: (value: unknown) => value === undefined || structEqualsDefault(plan, value) };
    }
    switch (elementType) {
      case 'bool': {
        const d = text === 'true';
        return { make: () => d, is: (value: unknown) => value === undefined || value === d };
      }
      case 'int64': {
        const d = text === undefined || text === '' ? 0n : BigInt(text);
        return {
          make: () => d,
          is: (value: unknown) => value === undefined || (typeof value !== 'object' && BigInt(value as bigint) === d),
        };
      }
      case 'float64':
      case 'int8':
      case 'int16':
      case 'uint16':
      case 'int32':
      case 'uint32': {
        const d = parseNumberDefault(field);
        return { make: () => d, is: (value: unknown) => value === undefined || value === d };
      }
      case 'uuid':
        return { make: () => ZERO_UUID, is: (value: unknown) => value === undefined || value === ZERO_UUID };
      case 'string': {
        // A "null" default means null also in versions where the field is absent (and so not nullable).
        const d = text === 'null' && field.nullableVersions !== undefined ? null : (text ?? '');
        return { make: () => d, is: (value: unknown) => value === undefined || value === d };
      }
      case 'bytes':
      case 'records': {
        const empty = text !== 'null' && elementType === 'bytes';
        return {
          make: () => (empty ? Buffer.alloc(0) : null),
          is: (value: unknown) =>
            value === undefined || (empty ? value instanceof Uint8Array && value.length === 0 : value === null),
        };
      }
      default:
        throw new Error(`field ${field.name}: unknown type ${elementType}`);
    }
  }

  private isStruct(field: FieldDefinition, type: string): boolean {
    return field.fields !== undefined || this.commonStruct(type) !== undefined;
  }

  private structPlanFor(field: FieldDefinition, type: string): StructPlan {
    if (field.fields) return this.struct(`${type}@${field.name}`, field.fields);
    const common = this.commonStruct(type);
    if (!common) throw new Error(`field ${field.name}: struct type ${type} is not declared`);
    return this.struct(`common:${type}`, common.fields);
  }

  private element(field: FieldDefinition, type: string, flexible: boolean): Scalar & { kind: string } {
    switch (type) {
      case 'bool':
        return {
          kind: type,
          read: (r) => r.bool(),
          write: (w, v) => (requireType(v, typeof v === 'boolean', 'a boolean'), w.bool(v as boolean)),
        };
      case 'int8':
        return { kind: type, read: (r) => r.int8(), write: (w, v) => w.int8(v as number) };
      case 'int16':
        return { kind: type, read: (r) => r.int16(), write: (w, v) => w.int16(v as number) };
      case 'uint16':
        return { kind: type, read: (r) => r.uint16(), write: (w, v) => w.uint16(v as number) };
      case 'int32':
        return { kind: type, read: (r) => r.int32(), write: (w, v) => w.int32(v as number) };
      case 'uint32':
        return { kind: type, read: (r) => r.uint32(), write: (w, v) => w.uint32(v as number) };
      case 'int64':
        return { kind: type, read: (r) => r.int64(), write: (w, v) => w.int64(toBigInt(v)) };
      case 'float64':
        return {
          kind: type,
          read: (r) => r.float64(),
          write: (w, v) => (requireType(v, typeof v === 'number', 'a number'), w.float64(v as number)),
        };
      case 'uuid':
        return {
          kind: type,
          read: (r) => r.uuid(),
          write: (w, v) => (requireType(v, typeof v === 'string', 'a uuid string'), w.uuid(v as string)),
        };
      case 'string':
        return { kind: 'string', ...this.string(flexible, false) };
      case 'bytes':
      case 'records':
        return { kind: 'bytes', ...this.bytes(flexible, false) };
      default: {
        const plan = this.structPlanFor(field, type);
        return { kind: 'struct', read: (r) => readStruct(plan, r), write: (w, v) => writeStruct(plan, w, v) };
      }
    }
  }

  private string(flexible: boolean, nullable: boolean): Scalar {
    return {
      read: (r) => {
        const n = flexible ? r.compactLength() : r.string16Length();
        if (n === -1) {
          if (!nullable) throw new WireError('null string in a non-nullable field');
          return null;
        }
        return r.utf8(n);
      },
      write: (w, v) => {
        if (v === null) {
          if (!nullable) throw new EncodeError('null is not allowed in a non-nullable string');
          if (flexible) w.uvarint(0);
          else w.int16(-1);
          return;
        }
        requireType(v, typeof v === 'string', 'a string');
        const length = Buffer.byteLength(v as string, 'utf8');
        if (flexible) w.uvarint(length + 1);
        else {
          if (length > 0x7fff) throw new EncodeError(`string of ${length} bytes exceeds 32767`);
          w.int16(length);
        }
        w.utf8(v as string, length);
      },
    };
  }

  private bytes(flexible: boolean, nullable: boolean): Scalar {
    return {
      read: (r) => {
        const n = flexible ? r.compactLength() : r.int32Length('bytes');
        if (n === -1) {
          if (!nullable) throw new WireError('null bytes in a non-nullable field');
          return null;
        }
        // A view of the frame, not a copy: a Fetch answer's records are held once (verify's memory).
        return r.raw(n);
      },
      write: (w, v) => {
        if (v === null) {
          if (flexible) w.uvarint(0);
          else w.int32(-1);
          return;
        }
        requireType(v, v instanceof Uint8Array, 'bytes (Uint8Array)');
        const bytes = v as Uint8Array;
        if (flexible) w.uvarint(bytes.length + 1);
        else w.int32(bytes.length);
        w.raw(bytes);
      },
    };
  }

  private array(element: Scalar, flexible: boolean, nullable: boolean): Scalar {
    return {
      read: (r) => {
        const n = flexible ? r.compactLength() : r.int32Length('array');
        if (n === -1) {
          if (!nullable) throw new WireError('null array in a non-nullable field');
          return null;
        }
        // Each element takes at least one byte, so a count beyond the bytes left is a lie.
        if (n > r.remaining) throw new WireError(`array of ${n} elements cannot fit in ${r.remaining} bytes`);
        const out = new Array<unknown>(n);
        let i = 0;
        try {
          for (; i < n; i++) out[i] = element.read(r);
        } catch (err) {
          throw withStep(err, `[${i}]`);
        }
        return out;
      },
      write: (w, v) => {
        if (v === null) {
          if (flexible) w.uvarint(0);
          else w.int32(-1);
          return;
        }
        requireType(v, Array.isArray(v), 'an array');
        const items = v as unknown[];
        if (flexible) w.uvarint(items.length + 1);
        else w.int32(items.length);
        let i = 0;
        try {
          for (; i < items.length; i++) element.write(w, items[i]);
        } catch (err) {
          throw withStep(err, `[${i}]`);
        }
      },
    };
  }

  private nullableStruct(element: Scalar): Scalar {
    return {
      read: (r) => {
        const marker = r.int8();
        if (marker === -1) return null;
        if (marker !== 1) throw new WireError(`nullable struct marker must be -1 or 1, got ${marker}`);
        return element.read(r);
      },
      write: (w, v) => {
        if (v === null) {
          w.int8(-1);
          return;
        }
        w.int8(1);
        element.write(w, v);
      },
    };
  }
}

function defaultStruct(plan: StructPlan): Obj {
  const obj: Obj = {};
  for (const f of plan.fields) obj[f.name] = f.makeDefault();
  return obj;
}

function structEqualsDefault(plan: StructPlan, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const obj = value as Obj;
  return plan.fields.every((f) => f.mode === 'absent' || f.isDefault(obj[f.name]));
}

/**
 * One object literal per struct, so V8 gives every decoded struct of a kind the same shape at once; on any
 * failure the caller re-reads the struct with the path-tracking reader.
 */
function fastReader(plan: StructPlan): (r: ByteReader) => Obj {
  const props = plan.fields.map(
    (f, i) => `${JSON.stringify(f.name)}: ${f.mode === 'regular' ? `f[${i}].read(r)` : `f[${i}].makeDefault()`}`,
  );
  const body =
    `return function (r) { const o = { ${props.join(', ')} }; ` +
    `${plan.flexible ? 'tags(plan, r, o);' : ''} return o; };`;
  const make = new Function('f', 'plan', 'tags', body) as (
    f: readonly FieldPlan[],
    p: StructPlan,
    t: typeof readTaggedFields,
  ) => (r: ByteReader) => Obj;
  return make(plan.fields, plan, readTaggedFields);
}

/** Generated code is a `new Function` that V8 compiles at every run: worth it for thousands of partitions only. */
const GENERATE_AFTER = 32;

function readStruct(plan: StructPlan, r: ByteReader): Obj {
  if (plan.fast === undefined && plan.uses++ >= GENERATE_AFTER) plan.fast = fastReader(plan);
  if (plan.fast === undefined) return readStructTracked(plan, r);
  const start = r.pos;
  try {
    return plan.fast(r);
  } catch {
    r.pos = start;
    return readStructTracked(plan, r);
  }
}

function readStructTracked(plan: StructPlan, r: ByteReader): Obj {
  const obj: Obj = {};
  const fields = plan.fields;
  let current = '';
  try {
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i] as FieldPlan;
      current = f.name;
      obj[f.name] = f.mode === 'regular' ? f.read(r) : f.makeDefault();
    }
    if (plan.flexible) {
      current = '(tagged fields)';
      readTaggedFields(plan, r, obj);
    }
  } catch (err) {
    throw withStep(err, current);
  }
  return obj;
}

function readTaggedFields(plan: StructPlan, r: ByteReader, obj: Obj): void {
  const count = r.uvarint();
  let previous = -1;
  for (let i = 0; i < count; i++) {
    const tag = r.uvarint();
    if (tag <= previous) throw new WireError(`tag ${tag} follows tag ${previous}: tags must ascend`);
    previous = tag;
    const size = r.uvarint();
    if (size > r.remaining) throw new WireError(`tagged field ${tag} claims ${size} bytes but ${r.remaining} remain`);
    const field = plan.byTag.get(tag);
    if (!field) {
      r.pos += size; // unknown tags are skipped, as Kafka does for newer peers
      continue;
    }
    const sub = new ByteReader(r.buf, r.pos, r.pos + size);
    try {
      obj[field.name] = field.read(sub);
    } catch (err) {
      throw withStep(err, field.name);
    }
    if (sub.pos !== sub.end) {
      throw withStep(new WireError(`tagged field used ${sub.pos - r.pos} of its ${size} bytes`), field.name);
    }
    r.pos += size;
  }
}

/**
 * Each field by its literal name (a property looked up by a name in a variable is the slow generic lookup); on any
 * failure the path-tracking writer writes it again and says where.
 */
function fastWriter(plan: StructPlan): ((w: ByteWriter, o: Obj) => void) | null {
  if (plan.tagged.length > 0) return null;
  const writes = plan.regular.map((f, i) => `f[${i}].write(w, o[${JSON.stringify(f.name)}]);`);
  const body = `return function (w, o) { ${writes.join(' ')} ${plan.flexible ? 'w.uvarint(0);' : ''} };`;
  const make = new Function('f', body) as (f: readonly FieldPlan[]) => (w: ByteWriter, o: Obj) => void;
  return make(plan.regular);
}

function writeStruct(plan: StructPlan, w: ByteWriter, value: unknown): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new EncodeError(`expected an object, got ${value === null ? 'null' : typeof value}`);
  }
  if (plan.fastWrite === undefined && plan.uses++ >= GENERATE_AFTER) plan.fastWrite = fastWriter(plan);
  const fast = plan.fastWrite;
  if (fast) {
    const start = w.pos;
    try {
      fast(w, value as Obj);
      return;
    } catch {
      w.pos = start;
    }
  }
  writeStructTracked(plan, w, value as Obj);
}

function writeStructTracked(plan: StructPlan, w: ByteWriter, obj: Obj): void {
  let current = '';
  try {
    for (const f of plan.regular) {
      current = f.name;
      f.write(w, obj[f.name]);
    }
    if (plan.flexible) {
      current = '(tagged fields)';
      // Most structs have no tagged fields: skip the filter's allocation for them.
      const present = plan.tagged.length === 0 ? plan.tagged : plan.tagged.filter((f) => !f.isDefault(obj[f.name]));
      w.uvarint(present.length);
      for (const f of present) {
        current = f.name;
        const sub = new ByteWriter(64);
        f.write(sub, obj[f.name]);
        const bytes = sub.toBuffer();
        w.uvarint(f.tag);
        w.uvarint(bytes.length);
        w.raw(bytes);
      }
    }
  } catch (err) {
    throw withStep(err, current);
  }
}

const plans = new WeakMap<MessageDefinition, Map<number, StructPlan>>();

function planFor(message: MessageDefinition, version: number): StructPlan {
  let byVersion = plans.get(message);
  if (!byVersion) {
    byVersion = new Map();
    plans.set(message, byVersion);
  }
  let plan = byVersion.get(version);
  if (!plan) {
    const range = parseVersions(message.validVersions);
    if (!Number.isInteger(version) || version < range.min || version > range.max) {
      throw new EncodeError(`${message.name} has no version ${version} (valid: ${message.validVersions})`);
    }
    plan = new Compiler(message, version).root();
    byVersion.set(version, plan);
  }
  return plan;
}

export function isFlexible(message: MessageDefinition, version: number): boolean {
  return inVersions(message.flexibleVersions, version);
}

function joinPath(messageName: string, steps: readonly string[]): string {
  return (
    steps.reduce((path, step) => (step.startsWith('[') || path === '' ? path + step : `${path}.${step}`), '') ||
    messageName
  );
}

export function writeMessage(message: MessageDefinition, version: number, value: unknown, w: ByteWriter): void {
  const plan = planFor(message, version);
  try {
    writeStruct(plan, w, value ?? {});
  } catch (err) {
    if (err instanceof PathError) {
      throw new EncodeError(
        `cannot encode ${message.name} v${version} at ${joinPath(message.name, err.steps)}: ${err.reason}`,
      );
    }
    throw err;
  }
}

/** Encodes a body (no size prefix, no header). Missing fields take their schema defaults. */
export function encodeMessage(message: MessageDefinition, version: number, value: unknown): Buffer {
  const w = new ByteWriter(256);
  writeMessage(message, version, value, w);
  return w.toBuffer();
}

export function readMessage<T = Obj>(message: MessageDefinition, version: number, reader: ByteReader): T {
  try {
    // planFor is inside the try so that an unknown version is a DecodeError like any other.
    return readStruct(planFor(message, version), reader) as T;
  } catch (err) {
    if (err instanceof PathError) throw new DecodeError(message.name, version, joinPath('', err.steps), err.reason);
    throw new DecodeError(message.name, version, '', err instanceof Error ? err.message : String(err));
  }
}

export function decodeMessage<T = Obj>(message: MessageDefinition, version: number, bytes: Uint8Array): T {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const reader = new ByteReader(buf);
  const value = readMessage<T>(message, version, reader);
  if (reader.remaining !== 0) {
    throw new DecodeError(message.name, version, '', `${reader.remaining} bytes left over after the message`);
  }
  return value;
}

export function skipTagBuffer(reader: ByteReader, messageName: string, version: number): void {
  try {
    readTaggedFields({ uses: 0, fields: [], regular: [], tagged: [], byTag: new Map(), flexible: true }, reader, {});
  } catch (err) {
    throw new DecodeError(
      messageName,
      version,
      '(header tagged fields)',
      err instanceof Error ? err.message : String(err),
    );
  }
}
