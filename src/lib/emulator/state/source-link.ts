// How a destination mirror sees its source now: resolved from the stored `bootstrap.servers`, reachable or not.

import type { EmulatedCluster } from './cluster-model.js';

export const SOURCE_METADATA_FAILED = 'Failed to get source metadata';
export const SOURCE_TOPIC_DELETED = 'The source topic is deleted.';
export const NO_ENDPOINT_INFO = 'No endpoint info in fetch response';
export const TRUNCATION_NEEDS_REFRESH = 'Truncation requires source metadata refresh';

/** What a partition reports while its source does not answer (PROTOCOL.md §18): it varies per attempt. */
const OUTAGE_MESSAGES = [SOURCE_METADATA_FAILED, NO_ENDPOINT_INFO, TRUNCATION_NEEDS_REFRESH] as const;

/** Source died under a fetch (AbstractFetcherThread.handlePartitionsWithErrors: "Fetch IO error: "). */
export function fetchDisconnected(sourceNodeId: number): string {
  return `Fetch IO error: Connection to ${sourceNodeId} was disconnected before the response was read`;
}

export function outageMessage(partition: number, attempt: number, fetchingFrom?: number): string {
  if (attempt <= 1 && fetchingFrom !== undefined) return fetchDisconnected(fetchingFrom);
  return OUTAGE_MESSAGES[(partition + Math.max(0, attempt - 1)) % OUTAGE_MESSAGES.length] ?? SOURCE_METADATA_FAILED;
}

export interface SourceProblem {
  readonly retryable: boolean;
  readonly message: string;
  readonly unreachable?: boolean;
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

/** The periodic sync's cluster-id check: the prototype's message when it differs (non-retryable), else null. */
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
