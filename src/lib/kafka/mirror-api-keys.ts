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

export type MirrorApiName = keyof typeof DEFAULT_MIRROR_API_KEYS;

export function isMirrorApi(name: string): name is MirrorApiName {
  return Object.hasOwn(DEFAULT_MIRROR_API_KEYS, name);
}

/**
 * Parses `Name=key,Name=key`. Rejects unknown names, non-numbers and two APIs on one key, so a
 * typo cannot silently send one RPC's bytes under another's number.
 */
export function parseApiKeyOverrides(text: string): Map<MirrorApiName, number> {
  const result = new Map<MirrorApiName, number>();
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]+)=(\d{1,5})$/.exec(item);
    if (!match) throw new Error(`invalid API key override '${item}': expected Name=number`);
    const [, name = '', key = ''] = match;
    if (!isMirrorApi(name)) {
      throw new Error(
        `unknown mirror API '${name}' in API key overrides; known: ${Object.keys(DEFAULT_MIRROR_API_KEYS).join(', ')}`,
      );
    }
    const value = Number(key);
    if (value > 0x7fff) throw new Error(`API key ${value} for ${name} is out of range (0-32767)`);
    result.set(name, value);
  }
  const effective = new Map<number, string>();
  for (const name of Object.keys(DEFAULT_MIRROR_API_KEYS) as MirrorApiName[]) {
    const key = result.get(name) ?? DEFAULT_MIRROR_API_KEYS[name];
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

  constructor(overrides: ReadonlyMap<MirrorApiName, number> = new Map()) {
    this.overrides = new Map(overrides);
  }

  /** From `Name=key,Name=key` (see parseApiKeyOverrides). */
  static parse(text: string): ApiKeyMap {
    return new ApiKeyMap(parseApiKeyOverrides(text));
  }

  /** The key to put on the wire for an API. */
  keyOf(api: { readonly name: string; readonly apiKey: number }): number {
    return this.overrides.get(api.name) ?? api.apiKey;
  }
}
