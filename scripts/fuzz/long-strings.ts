// A well-formed answer whose strings are long runs of the worst shapes: a client's text handling must stay linear
// on what a broker names (byte-level damage never made these).

import type { ApiDefinition, FieldDefinition, MessageDefinition } from '../../src/lib/kafka/definition.js';
import { decodeResponseAfterCorrelationId, encodeResponseFrame } from '../../src/lib/kafka/frames.js';
import type { Random } from './random.js';
import { worstShapes } from './worst-shapes.js';

const SIZES = [4 << 10, 32 << 10, 100 << 10, 256 << 10];

type Text = () => string;

function structOf(message: MessageDefinition, field: FieldDefinition): readonly FieldDefinition[] | undefined {
  if (field.fields) return field.fields;
  const name = field.type.startsWith('[]') ? field.type.slice(2) : field.type;
  return message.commonStructs?.find((s) => s.name === name)?.fields;
}

function lengthenOne(message: MessageDefinition, field: FieldDefinition, value: unknown, text: Text): unknown {
  const element = field.type.startsWith('[]') ? field.type.slice(2) : field.type;
  if (element === 'string') {
    if (value === null) return field.name.endsWith('ErrorMessage') ? text() : null;
    return typeof value === 'string' ? text() : value;
  }
  const struct = structOf(message, field);
  if (struct && value && typeof value === 'object') return lengthenStruct(message, struct, value as Obj, text);
  return value;
}

type Obj = Record<string, unknown>;

function lengthenStruct(message: MessageDefinition, fields: readonly FieldDefinition[], value: Obj, text: Text): Obj {
  const out: Obj = { ...value };
  for (const field of fields) {
    const v = value[field.name];
    out[field.name] = Array.isArray(v)
      ? v.map((item: unknown) => lengthenOne(message, field, item, text))
      : lengthenOne(message, field, v, text);
  }
  return out;
}

export function withLongStrings(frame: Buffer, response: { api: ApiDefinition; version: number }, rnd: Random): Buffer {
  const correlationId = frame.readInt32BE(4);
  const body = decodeResponseAfterCorrelationId<Obj>(response.api, response.version, frame.subarray(8));
  const shapes = [...worstShapes(rnd.pick(SIZES)).values()];
  const shape = rnd.pick(shapes);
  const text = rnd.next() < 0.5 ? () => shape : () => rnd.pick(shapes);
  return encodeResponseFrame(
    response.api,
    response.version,
    correlationId,
    lengthenStruct(response.api.response, response.api.response.fields, body, text),
  );
}
