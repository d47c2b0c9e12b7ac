// Deleting a mirror whose topics are STOPPED, and so take writes (the cleanup after a failover or a
// failback), made those topics refuse writes (Produce → 134 READ_ONLY_TOPIC) on the prototype until the
// destination brokers were restarted (PROTOCOL.md §18). delete says so before sending, with the count,
// and offers the safe order; failback's cleanup advice says the same.

import type { DeleteTopicState } from './delete.js';

/** The --json report: the STOPPED topics that the delete makes read-only until a rolling restart. */
export interface ReadOnlyAfterDelete {
  topics: string[];
  /** @minimum 0 */
  partitions: number;
  /** What to do instead, in order. */
  safeOrder: string;
}

export const DELETE_SAFE_ORDER =
  'keep the stopped mirror until a restart window (its topics stay writable meanwhile), then delete it and ' +
  'restart the destination brokers one at a time right after';

/** Null when no topic of the mirror has a STOPPED partition. */
export function readOnlyAfterDelete(topics: readonly DeleteTopicState[]): ReadOnlyAfterDelete | null {
  const stopped = topics.filter((t) => (t.partitions.STOPPED ?? 0) > 0);
  if (stopped.length === 0) return null;
  return {
    topics: stopped.map((t) => t.topic),
    partitions: stopped.reduce((n, t) => n + (t.partitions.STOPPED ?? 0), 0),
    safeOrder: DELETE_SAFE_ORDER,
  };
}

function shown(topics: readonly string[]): string {
  return topics.slice(0, 5).join(', ') + (topics.length > 5 ? `, … (${topics.length} in all)` : '');
}

/** "deleting mirror 'm1' makes its 2 STOPPED topic(s) (4 partitions) … read-only until …" */
export function readOnlyConsequence(mirror: string, report: ReadOnlyAfterDelete): string {
  return (
    `deleting mirror '${mirror}' makes its ${report.topics.length} STOPPED topic(s) (${report.partitions} ` +
    `partition(s): ${shown(report.topics)}), which take writes now, refuse them (READ_ONLY_TOPIC) until the ` +
    `destination brokers are restarted (seen on the KIP-1279 prototype broker). The safe order: ${report.safeOrder}`
  );
}

/** What a confirmation without a terminal names as refused. */
export function readOnlyAction(mirror: string, report: ReadOnlyAfterDelete | null): string {
  return report
    ? `delete mirror '${mirror}' (making ${report.topics.length} topic(s) read-only until a rolling restart)`
    : `delete mirror '${mirror}'`;
}

/** What deleting the old mirror on B costs on the prototype (§18), and the safe order; null when no cleanup. */
export function cleanupEffect(result: { readonly cleanup: readonly string[]; readonly mirror: string }): string | null {
  if (result.cleanup.length === 0) return null;
  return (
    `Deleting mirror ${result.mirror} on B makes its STOPPED topics, the ones producers write to now, refuse writes ` +
    `(READ_ONLY_TOPIC) until B's brokers are restarted (seen on the KIP-1279 prototype broker). The safe order: ` +
    `${DELETE_SAFE_ORDER}.`
  );
}
