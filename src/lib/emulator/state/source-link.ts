// How a destination mirror sees its source at a given moment: resolved through the registry from
// the stored `bootstrap.servers`, reachable or not, and still the cluster it was created against.

import type { EmulatedCluster } from './cluster-model.js';

export const SOURCE_METADATA_FAILED = 'Failed to get source metadata';
export const SOURCE_TOPIC_DELETED = 'The source topic is deleted.';
export const NO_ENDPOINT_INFO = 'No endpoint info in fetch response';
export const TRUNCATION_NEEDS_REFRESH = 'Truncation requires source metadata refresh';

/**
 * What a partition reports while its source does not answer (PROTOCOL.md §18): the text varies
 * from attempt to attempt and from partition to partition, so none of the three is proof of one cause.
 */
const OUTAGE_MESSAGES = [SOURCE_METADATA_FAILED, NO_ENDPOINT_INFO, TRUNCATION_NEEDS_REFRESH] as const;

/** `attempt` is the RetryAttempt the failure record gets: 1 for the first failure. */
export function outageMessage(partition: number, attempt: number): string {
  return OUTAGE_MESSAGES[(partition + Math.max(0, attempt - 1)) % OUTAGE_MESSAGES.length] ?? SOURCE_METADATA_FAILED;
}

/** Why a partition cannot talk to its source; non-retryable problems set RetryAttempt -1. */
export interface SourceProblem {
  readonly retryable: boolean;
  readonly message: string;
  /** The source does not answer: the message then varies per attempt ({@link outageMessage}). */
  readonly unreachable?: boolean;
}

export type SourceStatus =
  { readonly ok: true; readonly cluster: EmulatedCluster } | { readonly ok: false; readonly problem: SourceProblem };

export function sourceStatus(destination: EmulatedCluster, mirrorName: string): SourceStatus {
  const bootstrap = destination.mirrors.config(mirrorName, 'bootstrap.servers');
  const source = bootstrap === undefined ? undefined : destination.registry?.resolve(bootstrap);
  if (!source || !source.reachable || source.liveNodeIds().length === 0) {
    return { ok: false, problem: { retryable: true, message: SOURCE_METADATA_FAILED, unreachable: true } };
  }
  return { ok: true, cluster: source };
}

/**
 * The periodic sync's check of the source's cluster id against the stored one: the prototype's
 * message when they differ (every partition then goes FAILED, non-retryable), else null.
 */
export function sourceIdMismatch(
  destination: EmulatedCluster,
  mirrorName: string,
  source: EmulatedCluster,
): string | null {
  const expected = destination.mirrors.config(mirrorName, 'mirror.source.cluster.id');
  if (!destination.verifySourceClusterId || !expected || expected === source.clusterId) return null;
  return (
    `Source cluster ID changed for mirror ${mirrorName}: expected ${expected}, got ${source.clusterId}. ` +
    'This may indicate a misconfiguration or that the source cluster has been replaced. ' +
    'Moving all partitions to non-retryable failed state.'
  );
}
