// Feature levels in ApiVersions v3+ (PROTOCOL.md §8): supported ones belong to the software, finalized to the cluster.

import { MIRROR_METADATA_VERSION } from '../state/cluster-options.js';

export interface SupportedFeature {
  readonly name: string;
  readonly minVersion: number;
  readonly maxVersion: number;
}

export interface FinalizedFeatures {
  readonly levels: ReadonlyMap<string, number>;
  readonly epoch: bigint;
}

export { MIRROR_METADATA_VERSION };
/** metadata.version 4.1-IV1, the newest level of a release without mirroring. */
export const PRE_MIRROR_METADATA_VERSION = 27;
/** metadata.version 3.3-IV3, the oldest level a Kafka 4 node accepts. */
const MIN_METADATA_VERSION = 7;

/** The prototype broker with `unstable.feature.versions.enable=true` (as its tests run): mirror.version 1 in reach. */
export function supportedFeatures(
  kind: 'prototype' | 'old',
  finalized: readonly { name: string; level: number }[] = [],
): readonly SupportedFeature[] {
  // A level a test finalized beyond the software's own is supported, as by a newer build.
  const reach = (f: SupportedFeature): SupportedFeature => {
    const level = finalized.find((x) => x.name === f.name)?.level ?? 0;
    return level > f.maxVersion ? { ...f, maxVersion: level } : f;
  };
  return ownFeatures(kind).map(reach);
}

function ownFeatures(kind: 'prototype' | 'old'): readonly SupportedFeature[] {
  const common: SupportedFeature[] = [
    {
      name: 'metadata.version',
      minVersion: MIN_METADATA_VERSION,
      maxVersion: kind === 'prototype' ? MIRROR_METADATA_VERSION : PRE_MIRROR_METADATA_VERSION,
    },
    { name: 'kraft.version', minVersion: 0, maxVersion: 1 },
    { name: 'transaction.version', minVersion: 0, maxVersion: 2 },
    { name: 'group.version', minVersion: 0, maxVersion: 1 },
  ];
  if (kind === 'old') return common;
  return [
    ...common,
    { name: 'eligible.leader.replicas.version', minVersion: 0, maxVersion: 1 },
    { name: 'share.version', minVersion: 0, maxVersion: 1 },
    { name: 'streams.version', minVersion: 0, maxVersion: 1 },
    { name: 'mirror.version', minVersion: 0, maxVersion: 1 },
  ];
}
