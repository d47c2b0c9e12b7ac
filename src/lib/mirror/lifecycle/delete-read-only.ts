// Deleting a mirror whose topics are STOPPED makes them refuse writes (134 READ_ONLY_TOPIC) on the prototype
// until the destination brokers restart (PROTOCOL.md §18): delete says so before sending.

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

export function readOnlyConsequence(mirror: string, report: ReadOnlyAfterDelete): string {
  return (
    `deleting mirror '${mirror}' makes its ${report.topics.length} STOPPED topic(s) (${report.partitions} ` +
    `partition(s): ${shown(report.topics)}), which take writes now, refuse them (READ_ONLY_TOPIC) until the ` +
    `destination brokers are restarted (seen on the KIP-1279 prototype broker). The safe order: ${report.safeOrder}`
  );
}

export function readOnlyAction(mirror: string, report: ReadOnlyAfterDelete | null): string {
  return report
    ? `delete mirror '${mirror}' (making ${report.topics.length} topic(s) read-only until a rolling restart)`
    : `delete mirror '${mirror}'`;
}

export function cleanupEffect(result: { readonly cleanup: readonly string[]; readonly mirror: string }): string | null {
  if (result.cleanup.length === 0) return null;
  return (
    `Deleting mirror ${result.mirror} on B makes its STOPPED topics, the ones producers write to now, refuse writes ` +
    `(READ_ONLY_TOPIC) until B's brokers are restarted (seen on the KIP-1279 prototype broker). The safe order: ` +
    `${DELETE_SAFE_ORDER}.`
  );
}
