// The prototype of KIP-1279 numbers its RPCs 94–105 (97 retired); the KIP still says "TBD", so the numbers live in
// this one table and an operator can remap them (KMIRROR_API_KEYS). The map is a value, never global.

export const DEFAULT_MIRROR_API_KEYS = {
  CreateClusterMirror: 94,
  StartMirrorTopics: 95,
  StopMirrorTopics: 96,
  ListClusterMirrors: 98,
  DescribeClusterMirrors: 99,
  ReadMirrorStates: 100,
  WriteMirrorStates: 101,
  PauseMirrorTopics: 102,
  ResumeMirrorTopics: 103,
  DeleteClusterMirror: 104,
  BumpLeaderEpochs: 105,
} as const;

/** The seed KIP (revision 57) prints `"apiKey": TBD` for every mirror RPC; never put on the wire. */
export const TBD = -1;

export type MirrorApiName = keyof typeof DEFAULT_MIRROR_API_KEYS;

export function isMirrorApi(name: string): name is MirrorApiName {
  return Object.hasOwn(DEFAULT_MIRROR_API_KEYS, name);
}

export interface KeyedApiNames {
  readonly dialect: string;
  readonly keys: Readonly<Record<string, number>>;
  readonly reserved?: ReadonlyMap<number, string>;
  readonly otherDialect?: { readonly flag: string; readonly names: readonly string[] };
}

const PROTOTYPE_NAMES: KeyedApiNames = { dialect: 'the prototype', keys: DEFAULT_MIRROR_API_KEYS };

/** Rejects unknown names, non-numbers and two APIs on one key: a typo cannot send one RPC under another's number. */
export function parseApiKeyOverrides(text: string, names: KeyedApiNames = PROTOTYPE_NAMES): Map<string, number> {
  const result = new Map<string, number>();
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]+)=(\d{1,5})$/.exec(item);
    if (!match) throw new Error(`invalid API key override '${item}': expected Name=number`);
    const [, name = '', key = ''] = match;
    if (!Object.hasOwn(names.keys, name)) {
      const other = names.otherDialect?.names.includes(name)
        ? ` (${name} is an RPC of ${names.otherDialect.flag})`
        : '';
      throw new Error(
        `unknown mirror API '${name}' in API key overrides${other}; ${names.dialect} has: ` +
          `${Object.keys(names.keys).join(', ')}`,
      );
    }
    const value = Number(key);
    if (value > 0x7fff) throw new Error(`API key ${value} for ${name} is out of range (0-32767)`);
    result.set(name, value);
  }
  const effective = new Map<number, string>(names.reserved ?? []);
  for (const name of Object.keys(names.keys)) {
    const key = result.get(name) ?? names.keys[name] ?? TBD;
    if (key === TBD) continue;
    const clash = effective.get(key);
    if (clash) throw new Error(`API key overrides put ${clash} and ${name} on the same key ${key}`);
    effective.set(key, name);
  }
  return result;
}

export class ApiKeyMap {
  static readonly DEFAULT = new ApiKeyMap();

  private readonly overrides: ReadonlyMap<string, number>;

  constructor(overrides: ReadonlyMap<string, number> = new Map()) {
    this.overrides = new Map(overrides);
  }

  static parse(text: string, names?: KeyedApiNames): ApiKeyMap {
    return new ApiKeyMap(parseApiKeyOverrides(text, names));
  }

  keyOf(api: { readonly name: string; readonly apiKey: number }): number {
    return this.overrides.get(api.name) ?? api.apiKey;
  }
}
