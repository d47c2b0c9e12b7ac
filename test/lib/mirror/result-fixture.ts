// Describe results built by hand for the pure health, trend and metrics functions.

import { combine, summarize, type PartitionRow } from '../../../src/lib/mirror/describe/lag.js';
import type { DescribeResult, MirrorDescription } from '../../../src/lib/mirror/describe/describe-types.js';

export interface RowSpec {
  readonly state?: string;
  /** [source, destination] offsets; lag is their difference. Omitted: not known. */
  readonly offsets?: readonly [number, number];
  readonly retry?: number;
  readonly message?: string;
}

export function row(partition: number, spec: RowSpec = {}): PartitionRow {
  const [source, destination] = spec.offsets ?? [null, null];
  return {
    partition,
    sourceOffset: source === null ? null : BigInt(source),
    destinationOffset: destination === null ? null : BigInt(destination),
    lag: source === null || destination === null ? null : BigInt(Math.max(0, source - destination)),
    state: spec.state ?? (spec.offsets ? 'MIRRORING' : 'PAUSED'),
    retryAttempt: spec.retry ?? 0,
    errorMessage: spec.message ?? null,
  };
}

export function mirror(name: string, topics: Readonly<Record<string, readonly PartitionRow[]>>): MirrorDescription {
  const described = Object.entries(topics).map(([topic, partitions]) => ({
    name: topic,
    summary: summarize(partitions),
    partitions: [...partitions],
  }));
  return { name, summary: combine(described.map((t) => t.summary)), topics: described };
}

export function result(...mirrors: MirrorDescription[]): DescribeResult {
  return { mirrors, notFound: [], errors: [], brokerWarnings: [] };
}
