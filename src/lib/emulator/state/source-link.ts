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

/**
 * The fetcher's text when the source broker dies under a fetch in flight (AbstractFetcherThread
 * handlePartitionsWithErrors: "Fetch IO error: " + NetworkClientUtils.sendAndReceive's IOException).
 */
export function fetchDisconnected(sourceNodeId: number): string {
  return `Fetch IO error: Connection to ${sourceNodeId} was disconnected before the response was read`;
}

/**
 * `attempt` is the RetryAttempt the failure record gets: 1 for the first failure. A partition whose
 * fetcher was running when the source went away fails first with {@link fetchDisconnected}; its
 * retries then vary like every other partition's (§18; a one-partition run after a kill -9 showed
 * "Truncation requires source metadata refresh" at attempts 2 to 4).
 */
export function outageMessage(partition: number, attempt: number, fetchingFrom?: number): string {
  if (attempt <= 1 && fetchingFrom !== undefined) return fetchDisconnected(fetchingFrom);
  return OUTAGE_MESSAGES[(partition + Math.max(0, attempt - 1)) % OUTAGE_MESSAGES.length] ?? SOURCE_METADATA_FAILED;
}

/** Why a partition cannot talk to its source; non-retryable problems set RetryAttempt -1. */
export interface SourceProblem {
  readonly retryable: boolean;
  readonly message: string;
  /** The source does not answer: the message then varies per attempt ({@link outageMessage}). */
  readonly unreachable?: boolean;
  /** The node a running fetcher was reading from when the source stopped answering. */
  readonly sourceNodeId?: number;
}

export type SourceStatus =
  { readonly ok: true; readonly cluster: EmulatedCluster } | { readonly ok: false; readonly problem: SourceProblem };

export function sourceStatus(destination: EmulatedCluster, mirrorName: string): SourceStatus {
  const bootstrap = destination.mirrors.config(mirrorName, 'bootstrap.servers');
  const source = bootstrap === undefined ? undefined : destination.registry?.resolve(bootstrap);
  if (!source || !source.reachable || source.liveNodeIds().length === 0) {
    const problem = { retryable: true, message: SOURCE_METADATA_FAILED, unreachable: true };
    return { ok: false, problem: source ? { ...problem, sourceNodeId: source.nodeIds[0] } : problem };
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
