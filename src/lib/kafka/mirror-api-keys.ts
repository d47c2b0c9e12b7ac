// The prototype of KIP-1279 numbers its RPCs 94–105 (97 retired); the KIP itself still says "TBD"
// and public drafts of unrelated KIPs already claim 93 and 94. So the numbers live in this one
// table, and an operator can remap them (KMIRROR_API_KEYS="CreateClusterMirror=120,…") without a
// new release. The map is a value: the client and the emulator each get one (no global state), so
// two clients with different maps can live in one process.

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

/**
 * The seed KIP (revision 57) prints `"apiKey": TBD` for every mirror RPC: its definitions carry this
 * instead of a number, and the key comes from --api-keys. It is never put on the wire.
 */
export const TBD = -1;

export type MirrorApiName = keyof typeof DEFAULT_MIRROR_API_KEYS;

export function isMirrorApi(name: string): name is MirrorApiName {
  return Object.hasOwn(DEFAULT_MIRROR_API_KEYS, name);
}

/** What an override may name: the RPCs of one dialect, each with the key its definition carries. */
export interface KeyedApiNames {
  /** The dialect's words for error messages, e.g. `the prototype` or `the KIP draft`. */
  readonly dialect: string;
  /** Name → the definition's key ({@link TBD} when it has none). */
  readonly keys: Readonly<Record<string, number>>;
  /** Keys already taken by other APIs the client sends (FindCoordinator, DescribeConfigs, …): name by key. */
  readonly reserved?: ReadonlyMap<number, string>;
  /** Names of the other dialect, to say which --protocol an unknown name belongs to. */
  readonly otherDialect?: { readonly flag: string; readonly names: readonly string[] };
}

const PROTOTYPE_NAMES: KeyedApiNames = { dialect: 'the prototype', keys: DEFAULT_MIRROR_API_KEYS };

/**
 * Parses `Name=key,Name=key`. Rejects unknown names, non-numbers and two APIs on one key, so a
 * typo cannot silently send one RPC's bytes under another's number.
 */
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

/** Which key each API goes out on: its definition's, or an override for a mirror API. */
export class ApiKeyMap {
  /** No overrides: every API on its definition's key. */
  static readonly DEFAULT = new ApiKeyMap();

  private readonly overrides: ReadonlyMap<string, number>;

  constructor(overrides: ReadonlyMap<string, number> = new Map()) {
    this.overrides = new Map(overrides);
  }

  /** From `Name=key,Name=key` (see parseApiKeyOverrides); the prototype's names unless others are given. */
  static parse(text: string, names?: KeyedApiNames): ApiKeyMap {
    return new ApiKeyMap(parseApiKeyOverrides(text, names));
  }

  /** The key to put on the wire for an API ({@link TBD} for a seed definition nobody numbered). */
  keyOf(api: { readonly name: string; readonly apiKey: number }): number {
    return this.overrides.get(api.name) ?? api.apiKey;
  }
}
