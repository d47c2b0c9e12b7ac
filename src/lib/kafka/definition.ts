// Message definitions are data written in Kafka's own JSON vocabulary (the generator's
// `validVersions`, `flexibleVersions`, `taggedVersions`, …) so that a reader of Kafka's message
// JSON recognises every line, and so the conformance test can compare field for field.

export type PrimitiveType =
  | 'bool'
  | 'int8'
  | 'int16'
  | 'uint16'
  | 'int32'
  | 'uint32'
  | 'int64'
  | 'float64'
  | 'string'
  | 'bytes'
  | 'records'
  | 'uuid';

export interface FieldDefinition {
  readonly name: string;
  readonly type: string;
  readonly versions: string;
  readonly nullableVersions?: string;
  readonly taggedVersions?: string;
  readonly tag?: number;
  readonly default?: string | number | boolean;
  readonly ignorable?: boolean;
  readonly mapKey?: boolean;
  readonly entityType?: string;
  readonly zeroCopy?: boolean;
  readonly flexibleVersions?: string;
  readonly fields?: readonly FieldDefinition[];
}

export interface StructDefinition {
  readonly name: string;
  readonly versions: string;
  readonly fields: readonly FieldDefinition[];
}

export interface MessageDefinition {
  readonly apiKey?: number;
  readonly type: 'request' | 'response' | 'header' | 'data';
  readonly name: string;
  readonly listeners?: readonly string[];
  readonly validVersions: string;
  readonly flexibleVersions: string;
  readonly latestVersionUnstable?: boolean;
  readonly fields: readonly FieldDefinition[];
  readonly commonStructs?: readonly StructDefinition[];
}

/**
 * `controller`: the node Metadata/DescribeCluster reports as controller (brokers forward); `coordinator`: the node
 * FindCoordinator names for the definition's `coordinator` key.
 */
export type Route = 'any' | 'every' | 'controller' | 'leader' | 'coordinator';

export interface CoordinatorLookup {
  readonly keyType: number;
  readonly keyField: string;
}

/** Halves a definition's source text does not print (the seed KIP omits some), with the reason for the layout used. */
export interface AssumedHalves {
  readonly request?: string;
  readonly response?: string;
}

export interface ApiDefinition {
  readonly name: string;
  readonly apiKey: number;
  readonly route: Route;
  readonly coordinator?: CoordinatorLookup;
  /**
   * false: a second copy is not harmless, so after a possibly lost answer the client throws AnswerLostError
   * instead of resending, and the caller reads the state back. Absent: true (reads).
   */
  readonly idempotent?: boolean;
  readonly request: MessageDefinition;
  readonly response: MessageDefinition;
  readonly assumed?: AssumedHalves;
}

/** A parsed version range: `"0+"`, `"3-5"`, `"2"`, `"none"`. */
export interface VersionRange {
  readonly min: number;
  readonly max: number;
}

const NONE: VersionRange = { min: 0, max: -1 };

// A few dozen distinct texts ('0+', '1-3', …) over thousands of fields: each is parsed once.
const parsedVersions = new Map<string, VersionRange>();

export function parseVersions(text: string): VersionRange {
  let range = parsedVersions.get(text);
  if (range === undefined) parsedVersions.set(text, (range = parseVersionsText(text)));
  return range;
}

function parseVersionsText(text: string): VersionRange {
  if (text === 'none') return NONE;
  const plus = /^(\d+)\+$/.exec(text);
  if (plus) return { min: Number(plus[1]), max: 0x7fff };
  const span = /^(\d+)-(\d+)$/.exec(text);
  if (span) return { min: Number(span[1]), max: Number(span[2]) };
  if (/^\d+$/.test(text)) return { min: Number(text), max: Number(text) };
  throw new Error(`invalid version range '${text}'`);
}

export function inVersions(text: string | undefined, version: number): boolean {
  if (text === undefined) return false;
  const range = parseVersions(text);
  return version >= range.min && version <= range.max;
}

export interface ApiDeclaration extends Omit<ApiDefinition, 'request' | 'response'> {
  readonly request: Omit<MessageDefinition, 'apiKey'>;
  readonly response: Omit<MessageDefinition, 'apiKey'>;
}

type Keyed<M, K extends number> = M & { readonly apiKey: K };

export function defineApi<const A extends ApiDeclaration>(
  api: A,
): A & { readonly request: Keyed<A['request'], A['apiKey']>; readonly response: Keyed<A['response'], A['apiKey']> } {
  return {
    ...api,
    request: { ...api.request, apiKey: api.apiKey },
    response: { ...api.response, apiKey: api.apiKey },
  };
}

export function layoutOf<const M extends MessageDefinition, const N extends string>(
  message: M,
  name: N,
): Omit<M, 'apiKey' | 'name'> & { readonly name: N } {
  const { apiKey: _key, name: _name, ...rest } = message;
  return { ...rest, name };
}
