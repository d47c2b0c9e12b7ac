// A filled-in value for every field of a message at one version, so mutations hit arrays, strings and tagged fields.

import type { FieldDefinition, MessageDefinition } from '../../src/lib/kafka/definition.js';
import { inVersions } from '../../src/lib/kafka/definition.js';

type Obj = Record<string, unknown>;

function structOf(message: MessageDefinition, field: FieldDefinition): readonly FieldDefinition[] | undefined {
  if (field.fields) return field.fields;
  const name = field.type.startsWith('[]') ? field.type.slice(2) : field.type;
  return message.commonStructs?.find((s) => s.name === name)?.fields;
}

function primitive(type: string, i: number): unknown {
  switch (type) {
    case 'bool':
      return i % 2 === 1;
    case 'int8':
      return i % 5;
    case 'int16':
    case 'uint16':
      return (i * 7) % 300;
    case 'int32':
    case 'uint32':
      return 1000 + i;
    case 'int64':
      return 9_007_199_254_740_993n + BigInt(i);
    case 'float64':
      return 0.5 + i;
    case 'string':
      return `name-${i}`;
    case 'uuid':
      return 'AQIDBAUGBwgJCgsMDQ4PEA';
    case 'bytes':
    case 'records':
      return Buffer.from([1, 2, 3, i & 0xff]);
    default:
      return undefined;
  }
}

function fill(message: MessageDefinition, fields: readonly FieldDefinition[], version: number, depth: number): Obj {
  const out: Obj = {};
  fields.forEach((field, i) => {
    if (!inVersions(field.versions, version)) return;
    const isArray = field.type.startsWith('[]');
    const element = isArray ? field.type.slice(2) : field.type;
    const struct = structOf(message, field);
    const one = (n: number): unknown =>
      struct ? (depth > 4 ? {} : fill(message, struct, version, depth + 1)) : primitive(element, i + n);
    out[field.name] = isArray ? (depth > 4 ? [] : depth >= 2 ? [one(0)] : [one(0), one(1)]) : one(0);
  });
  return out;
}

export function sampleBody(message: MessageDefinition, version: number): Obj {
  return fill(message, message.fields, version, 0);
}
