// Producer ids for idempotent producers, handed out in order from 0 as Kafka's first block is.
// Sequence numbers are not checked: a retried batch is stored again (SKIPPED.md).

import type { EmulatedCluster } from './cluster-model.js';

const next = new WeakMap<EmulatedCluster, bigint>();

export function allocateProducerId(cluster: EmulatedCluster): bigint {
  const id = next.get(cluster) ?? 0n;
  next.set(cluster, id + 1n);
  return id;
}
