// On a multi-broker destination the prototype copies a group's offset only for partitions with a replica on
// the broker running the sync (PROTOCOL.md §18): promote stops waiting after two sync periods without progress.

import { MirrorError } from '../core/errors.js';
import type { GroupComparison } from '../groups/group-compare.js';

export function partitionsNotArriving(groups: readonly GroupComparison[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const g of groups) {
    if (g.verdict !== 'differs') continue;
    const arrived = g.partitions.some((p) => p.destinationOffset !== null);
    const missing = g.partitions
      .filter((p) => p.sourceOffset !== null && p.destinationOffset === null)
      .map((p) => `${p.topic}-${p.partition}`);
    if (arrived && missing.length > 0) out.set(g.group, missing);
  }
  return out;
}

export class ConvergenceWatch {
  private signature = '';
  private since = 0;
  constructor(private readonly periodMs: number) {}

  /** `suspect` once they outlasted a sync period (a copy ran and skipped them), `givenUp` after two. */
  observe(
    nowMs: number,
    groups: readonly GroupComparison[],
  ): { stuck: Map<string, string[]>; suspect: boolean; givenUp: boolean } {
    const stuck = partitionsNotArriving(groups);
    const signature = JSON.stringify([...stuck]);
    if (signature !== this.signature) {
      this.signature = signature;
      this.since = nowMs;
    }
    const stalled = stuck.size > 0 ? nowMs - this.since : 0;
    return { stuck, suspect: stalled >= this.periodMs, givenUp: stalled >= 2 * this.periodMs };
  }
}

export function convergenceError(stuck: ReadonlyMap<string, readonly string[]>, cause?: unknown): MirrorError {
  const groups = [...stuck].slice(0, 5).map(([group, parts]) => {
    const shown = parts.slice(0, 5).join(', ') + (parts.length > 5 ? `, … (${parts.length} in all)` : '');
    return `${group} (${shown})`;
  });
  const more = stuck.size > 5 ? `, … (${stuck.size} groups in all)` : '';
  return new MirrorError(
    `consumer group offsets never arrived on the destination for some partitions while the same groups' other ` +
      `partitions did: ${groups.join('; ')}${more}. The destination copies a group's offsets only for partitions ` +
      'with a replica on the broker that runs the sync, so this copy may never converge on this destination; ' +
      'nothing was stopped',
    'failed',
    {
      hint:
        'promote with --skip-groups (then set those offsets on the destination yourself, e.g. ' +
        'kafka-consumer-groups.sh --reset-offsets --to-offset), or give the topics a replica on every broker',
      ...(cause === undefined ? {} : { cause }),
    },
  );
}
