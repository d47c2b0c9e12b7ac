// Values made from TypeScript types, read with the compiler's type checker: every string a type allows
// becomes a caller-chosen (hostile) string, every object gets all its properties, arrays and maps get
// entries, unions are chosen among by a seeded random walk. A field added to a type is in the next
// sample without anyone listing it: the terminal-safety test feeds every renderer this way.

import { join } from 'node:path';
import ts from 'typescript';
import { SeededRandom } from '../../src/lib/emulator/state/random.js';

export interface ExportedFunction {
  /** The file under the repository root, e.g. `src/lib/render/list.ts`. */
  readonly file: string;
  readonly name: string;
  readonly signature: ts.Signature;
}

export interface TypeProgram {
  readonly checker: ts.TypeChecker;
  /** Every exported function (or const holding one) of `files`. */
  readonly functions: readonly ExportedFunction[];
}

/** Parses `files` (paths under `root`) and what they import, and lists their exported functions. */
export function readExportedFunctions(root: string, files: readonly string[]): TypeProgram {
  const program = ts.createProgram(
    files.map((f) => join(root, f)),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    },
  );
  const checker = program.getTypeChecker();
  const functions: ExportedFunction[] = [];
  for (const file of files) {
    const source = program.getSourceFile(join(root, file));
    if (!source) throw new Error(`${file} is not in the program`);
    const module = checker.getSymbolAtLocation(source);
    if (!module) continue;
    for (const symbol of checker.getExportsOfModule(module)) {
      if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) continue;
      const signature = checker.getTypeOfSymbolAtLocation(symbol, source).getCallSignatures()[0];
      if (signature) functions.push({ file, name: symbol.getName(), signature });
    }
  }
  return { checker, functions };
}

const NUMBERS = [0, 1, 3, -1, 250];
const BIGINTS = [0n, 7n, -1n, 9223372036854775807n];
const MAX_DEPTH = 9;

export class TypeSampler {
  private readonly random: () => number;

  constructor(
    private readonly checker: ts.TypeChecker,
    seed: number,
    /** The string put wherever a type allows any string. */
    private readonly text: () => string,
    /** Words that code compares strings with (partition states): one string in four is one of them. */
    private readonly words: readonly string[] = [],
  ) {
    // the same seed gives the same samples (a failure can be replayed)
    const random = new SeededRandom(seed);
    this.random = () => random.next();
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  /** Arguments for a call of `signature`; optional parameters are sometimes left out. */
  arguments(signature: ts.Signature): unknown[] {
    const out: unknown[] = [];
    for (const parameter of signature.getParameters()) {
      const declaration = parameter.valueDeclaration as ts.ParameterDeclaration | undefined;
      const type = this.checker.getTypeOfSymbol(parameter);
      if (declaration?.dotDotDotToken && this.checker.isTupleType(type)) {
        // A wrapped renderer's `(...args: A)`: its parameters are the tuple's elements.
        const target = (type as ts.TypeReference).target as ts.TupleType;
        this.checker.getTypeArguments(type as ts.TypeReference).forEach((element, i) => {
          const optional = (target.elementFlags[i] ?? 0) & ts.ElementFlags.Optional;
          out.push(optional && this.skipOptional(element) ? undefined : this.sample(element));
        });
        continue;
      }
      const optional = declaration !== undefined && this.checker.isOptionalParameter(declaration);
      out.push(optional && this.skipOptional(type) ? undefined : this.sample(type));
    }
    while (out.length > 0 && out[out.length - 1] === undefined) out.pop();
    return out;
  }

  /** Class instances (a renderer's own helpers) are left to their defaults; other optional values half the time. */
  private skipOptional(type: ts.Type): boolean {
    const symbol = type.getNonNullableType().getSymbol();
    if (symbol && symbol.flags & ts.SymbolFlags.Class) return true;
    return this.random() < 0.5;
  }

  sample(type: ts.Type, depth = 0): unknown {
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral))
      return this.words.length > 0 && this.random() < 0.25 ? this.pick(this.words) : this.text();
    if (f & ts.TypeFlags.StringLiteral) return (type as ts.StringLiteralType).value;
    if (f & ts.TypeFlags.NumberLiteral) return (type as ts.NumberLiteralType).value;
    if (f & ts.TypeFlags.Number) return this.pick(NUMBERS);
    if (f & ts.TypeFlags.BigIntLiteral) {
      const v = (type as ts.BigIntLiteralType).value;
      return (v.negative ? -1n : 1n) * BigInt(v.base10Value);
    }
    if (f & ts.TypeFlags.BigInt) return this.pick(BIGINTS);
    if (f & ts.TypeFlags.BooleanLiteral) return (type as { intrinsicName?: string }).intrinsicName === 'true';
    if (f & ts.TypeFlags.Null) return null;
    if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return undefined;
    if (depth > MAX_DEPTH) return null;
    if (type.isUnion()) {
      const members = type.types;
      // Prefer a present value: absent branches are reached often enough at one in four.
      const present = members.filter((m) => !(m.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
      const from = present.length > 0 && this.random() < 0.75 ? present : members;
      return this.sample(this.pick(from), depth + 1);
    }
    if (type.isIntersection()) {
      return Object.assign({}, ...type.types.map((t) => this.sample(t, depth + 1) as object));
    }
    if (f & ts.TypeFlags.Object) return this.object(type as ts.ObjectType, depth);
    if (f & ts.TypeFlags.TypeParameter) return this.text();
    return undefined;
  }

  private typeArgument(type: ts.TypeReference, i: number): ts.Type | undefined {
    return this.checker.getTypeArguments(type)[i];
  }

  private object(type: ts.ObjectType, depth: number): unknown {
    const checker = this.checker;
    const reference = type as ts.TypeReference;
    const signature = type.getCallSignatures()[0];
    if (signature) {
      const returns = checker.getReturnTypeOfSignature(signature);
      return () => this.sample(returns, depth + 1);
    }
    if (checker.isArrayType(type) || checker.isTupleType(type)) {
      if (checker.isTupleType(type)) return checker.getTypeArguments(reference).map((t) => this.sample(t, depth + 1));
      const element = this.typeArgument(reference, 0);
      const count = this.pick([0, 1, 2, 2, 3]);
      return element ? Array.from({ length: count }, () => this.sample(element, depth + 1)) : [];
    }
    const name = type.getSymbol()?.getName();
    if (name === 'Map' || name === 'ReadonlyMap') {
      const [k, v] = [this.typeArgument(reference, 0), this.typeArgument(reference, 1)];
      const map = new Map<unknown, unknown>();
      if (k && v) for (let i = 0; i < 2; i++) map.set(this.sample(k, depth + 1), this.sample(v, depth + 1));
      return map;
    }
    if (name === 'Set' || name === 'ReadonlySet') {
      const element = this.typeArgument(reference, 0);
      return new Set(element ? [this.sample(element, depth + 1), this.sample(element, depth + 1)] : []);
    }
    if (name === 'Iterable' || name === 'IterableIterator' || name === 'Generator') {
      const element = this.typeArgument(reference, 0);
      return element ? [this.sample(element, depth + 1), this.sample(element, depth + 1)] : [];
    }
    if (name === 'Date') return new Date(0);
    if (name === 'Uint8Array' || name === 'Buffer') return Buffer.from('sample');
    const out: Record<string, unknown> = {};
    for (const info of checker.getIndexInfosOfType(type)) {
      if (!(info.keyType.flags & ts.TypeFlags.String)) continue;
      for (let i = 0; i < 2; i++) out[this.text()] = this.sample(info.type, depth + 1);
    }
    for (const property of checker.getPropertiesOfType(type)) {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      if (optional && this.random() < 0.2) continue;
      const value = this.sample(checker.getTypeOfSymbol(property), depth + 1);
      if (value !== undefined) out[property.getName()] = value;
    }
    return out;
  }
}
