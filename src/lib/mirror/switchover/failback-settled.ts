// When a failing-back partition on A is done (PROTOCOL.md §18). The prototype passes LOG_TRUNCATION →
// MIRRORING → FAILED ("Failed to get source metadata", retry 1) → MIRRORING, and cuts A's log only
// when its fetcher first answers after that; until then A reports its old end offset (and a source
// offset of 0), so a caught-up check would pass on the very records about to be cut.

import type { PartitionRow } from '../describe/lag.js';

/** Polls (100 ms apart) after which a partition MIRRORING without the FAILED step counts as past it. */
export const FAILBACK_SETTLE_POLLS = 50;

/** A real fetch's source high watermark is never below what A holds once cut. */
export function failbackSettled(states: readonly string[], row: PartitionRow, mirroringPolls: number): boolean {
  if (row.state !== 'MIRRORING') return false;
  const pastRefresh = states.slice(0, -1).includes('FAILED') || mirroringPolls >= FAILBACK_SETTLE_POLLS;
  const fetched =
    row.sourceOffset !== null && row.destinationOffset !== null && row.sourceOffset >= row.destinationOffset;
  return pastRefresh && fetched;
}
