// Version negotiation and the mirroring gate, as pure functions of one broker's ApiVersions answer:
// the client applies them before sending (and throws), `kmirror check` reports them (and does not).

import { type ApiDefinition, type VersionRange, parseVersions } from './definition.js';
import type { ApiKeyMap } from './mirror-api-keys.js';
import type { BrokerAddress } from './transport.js';

export const MIRROR_FEATURE = 'mirror.version';

export interface BrokerInfo {
  readonly address: BrokerAddress;
  readonly apis: ReadonlyMap<number, VersionRange>;
  readonly supportedFeatures: ReadonlyMap<string, VersionRange>;
  /** A feature at level 0 is absent, as brokers send it. */
  readonly finalizedFeatures: ReadonlyMap<string, number>;
  readonly apiVersionsVersion: number;
}

export interface ApiSupport {
  readonly name: string;
  /** The key the API goes out on (after the API key map). */
  readonly apiKey: number;
  /** The broker's advertised range, null when it does not advertise the key. */
  readonly broker: VersionRange | null;
  /** The highest version both sides speak, null when none overlaps. */
  readonly negotiated: number | null;
}

export function apiSupport(api: ApiDefinition, info: BrokerInfo, apiKeys: ApiKeyMap): ApiSupport {
  const key = apiKeys.keyOf(api);
  const theirs = info.apis.get(key) ?? null;
  const ours = parseVersions(api.request.validVersions);
  let negotiated: number | null = null;
  if (theirs) {
    const max = Math.min(ours.max, theirs.max);
    if (max >= Math.max(ours.min, theirs.min)) negotiated = max;
  }
  return { name: api.name, apiKey: key, broker: theirs ? { min: theirs.min, max: theirs.max } : null, negotiated };
}

/**
 * Kafka 4.4 gives key 94 to UnregisterController, so a key proves nothing on its own: a broker that answered
 * ApiVersions v4 without the mirror.version feature has no mirror RPCs at all (PROTOCOL.md §8).
 */
export function advertisesMirroring(info: BrokerInfo): boolean {
  return info.apiVersionsVersion < 4 || info.supportedFeatures.has(MIRROR_FEATURE);
}

/** The finalized `mirror.version` level (0 when absent: keys are advertised even when the feature is off). */
export function mirroringLevel(info: BrokerInfo): number {
  return info.finalizedFeatures.get(MIRROR_FEATURE) ?? 0;
}

export type MirroringVerdict = 'usable' | 'disabled' | 'unsupported';

export function mirroringVerdict(
  info: BrokerInfo,
  apis: readonly ApiDefinition[],
  apiKeys: ApiKeyMap,
): MirroringVerdict {
  if (!advertisesMirroring(info)) return 'unsupported';
  if (apis.some((api) => apiSupport(api, info, apiKeys).negotiated === null)) return 'unsupported';
  return mirroringLevel(info) >= 1 ? 'usable' : 'disabled';
}
