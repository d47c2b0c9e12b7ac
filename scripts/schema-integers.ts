// Integers in the --json schemas: ts-json-schema-generator writes `number` and `bigint` alike as "number";
// kmirror's results hold only whole numbers, and bigint marks an int64 printed with every digit.

import ts from 'typescript';
import {
  BaseType,
  NullType,
  NumberType,
  UnionType,
  type Definition,
  type SubNodeParser,
  type SubTypeFormatter,
} from 'ts-json-schema-generator';

export const INT64_COMMENT =
  'int64: written as an integer literal with every digit (may exceed 2^53; read it with a parser that keeps ' +
  'big integers)';

export const SUM_COMMENT =
  'a sum of int64 values: an exact integer with no int64 bound (it may exceed 2^63-1), written with every digit; ' +
  'read it with a parser that keeps big integers';

export const SUM_TAG = 'sum';

/** The generator keeps the `@sum` tag as a keyword (config.extraTags); it is no JSON Schema keyword and is dropped. */
export function withSumComments<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withSumComments) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const tagged = SUM_TAG in value;
  for (const [key, item] of Object.entries(value)) {
    if (key === SUM_TAG) continue;
    out[key] = key === '$comment' && tagged ? SUM_COMMENT : withSumComments(item);
  }
  if (tagged) out.$comment = SUM_COMMENT;
  return out as T;
}

export class Int64Type extends BaseType {
  getId(): string {
    return 'int64';
  }
}

export class BigIntNodeParser implements SubNodeParser {
  supportsNode(node: ts.Node): boolean {
    return node.kind === ts.SyntaxKind.BigIntKeyword;
  }
  createType(): BaseType {
    return new Int64Type();
  }
}

function integerDefinition(type: BaseType): Definition | null {
  if (type instanceof Int64Type) return { type: 'integer', $comment: INT64_COMMENT };
  if (type instanceof NumberType) return { type: 'integer' };
  return null;
}

export class IntegerFormatter implements SubTypeFormatter {
  supportsType(type: BaseType): boolean {
    return integerDefinition(type) !== null;
  }
  getDefinition(type: BaseType): Definition {
    return integerDefinition(type) ?? {};
  }
  getChildren(): BaseType[] {
    return [];
  }
}

export class NullableIntegerFormatter implements SubTypeFormatter {
  supportsType(type: BaseType): boolean {
    if (!(type instanceof UnionType)) return false;
    const members = type.getTypes();
    const integers = members.filter((t) => integerDefinition(t) !== null);
    return integers.length === 1 && members.every((t) => t instanceof NullType || integers.includes(t));
  }
  getDefinition(type: UnionType): Definition {
    const integer =
      type
        .getTypes()
        .map(integerDefinition)
        .find((d) => d !== null) ?? {};
    return { ...integer, type: ['integer', 'null'] };
  }
  getChildren(): BaseType[] {
    return [];
  }
}
