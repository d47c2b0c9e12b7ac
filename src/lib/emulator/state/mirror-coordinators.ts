// Which node coordinates a mirror's state: the leader of the `__mirror_state` partition its name (or
// one of its partitions) hashes to, as the prototype's coordinator cache places them.

import type { EmulatedCluster } from './cluster-model.js';
import { javaStringHash } from './java-hash-map.js';

export const MIRROR_STATE_TOPIC = '__mirror_state';

/** Kafka's Utils.abs maps Integer.MIN_VALUE to 0 rather than leaving it negative. */
function stateLeader(cluster: EmulatedCluster, key: string): number {
  const stateTopic = cluster.topics.get(MIRROR_STATE_TOPIC);
  if (!stateTopic || stateTopic.partitions.length === 0) return -1;
  const hash = javaStringHash(key);
  const index = (hash === -2147483648 ? 0 : Math.abs(hash)) % stateTopic.partitions.length;
  return stateTopic.partitions[index]?.leader ?? -1;
}

/** The node coordinating one partition's mirror state; -1 when `__mirror_state` is missing or offline. */
export function coordinatorOf(
  cluster: EmulatedCluster,
  mirrorName: string,
  topicId: string,
  partition: number,
): number {
  return stateLeader(cluster, `${mirrorName}:${topicId}:${partition}`);
}

/**
 * The node coordinating a whole mirror (the prototype's periodic-sync coordinator, and what the seed's
 * FindCoordinator key type MIRROR names): the leader of `abs(hash(name)) % partitions` of `__mirror_state`.
 */
export function mirrorCoordinatorOf(cluster: EmulatedCluster, mirrorName: string): number {
  return stateLeader(cluster, mirrorName);
}
