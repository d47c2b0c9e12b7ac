// Types inferred from the definitions themselves (they are declared `as const`), so a field added
// to a definition appears in the type of every request and response without a second declaration.

import type { ApiDefinition, FieldDefinition, MessageDefinition, StructDefinition } from './definition.js';

interface PrimitiveValues {
  bool: boolean;
  int8: number;
  int16: number;
  uint16: number;
  int32: number;
  uint32: number;
  int64: bigint;
  float64: number;
  string: string;
  bytes: Buffer;
  records: Buffer | null;
  uuid: string;
}

type Common = readonly StructDefinition[] | undefined;

type Nullable<F, T> = F extends { readonly nullableVersions: string } ? T | null : T;

type StructFields<F, Name extends string, C extends Common> = F extends {
  readonly fields: infer FS extends readonly FieldDefinition[];
}
  ? FS
  : C extends readonly StructDefinition[]
    ? Extract<C[number], { readonly name: Name }>['fields']
    : never;

type ElementValue<F, T extends string, C extends Common> = T extends keyof PrimitiveValues
  ? PrimitiveValues[T]
  : StructValue<StructFields<F, T, C>, C>;

type FieldValue<F extends FieldDefinition, C extends Common> = F['type'] extends `[]${infer E}`
  ? Nullable<F, ElementValue<F, E, C>[]>
  : Nullable<F, ElementValue<F, F['type'], C>>;

export type StructValue<FS, C extends Common> = FS extends readonly FieldDefinition[]
  ? { [F in FS[number] as F['name']]: FieldValue<F, C> }
  : never;

export type MessageValue<M extends MessageDefinition> = StructValue<M['fields'], M['commonStructs']>;

export type MessageInput<T> = T extends bigint
  ? bigint | number
  : T extends Buffer
    ? Uint8Array
    : T extends readonly (infer E)[]
      ? readonly MessageInput<E>[]
      : T extends object
        ? { [K in keyof T]?: MessageInput<T[K]> }
        : T;

export type RequestOf<A extends ApiDefinition> = MessageValue<A['request']>;
export type ResponseOf<A extends ApiDefinition> = MessageValue<A['response']>;
export type RequestInput<A extends ApiDefinition> = MessageInput<RequestOf<A>>;

// Fields with a default or tagged may be left out, so a decoded body and a hand-written one both fit.
type Defaulted<F> = F extends { readonly default: string | number | boolean }
  ? true
  : F extends { readonly taggedVersions: string }
    ? true
    : false;

type BodyElement<F, T extends string, C extends Common> = T extends keyof PrimitiveValues
  ? PrimitiveValues[T]
  : BodyStruct<StructFields<F, T, C>, C>;

type BodyField<F extends FieldDefinition, C extends Common> = F['type'] extends `[]${infer E}`
  ? Nullable<F, readonly BodyElement<F, E, C>[]>
  : Nullable<F, BodyElement<F, F['type'], C>>;

type Flatten<T> = { [K in keyof T]: T[K] };

export type BodyStruct<FS, C extends Common> = FS extends readonly FieldDefinition[]
  ? Flatten<
      { readonly [F in FS[number] as Defaulted<F> extends true ? never : F['name']]: BodyField<F, C> } & {
        readonly [F in FS[number] as Defaulted<F> extends true ? F['name'] : never]?: BodyField<F, C>;
      }
    >
  : never;

export type RequestBody<A extends ApiDefinition> = BodyStruct<A['request']['fields'], A['request']['commonStructs']>;
