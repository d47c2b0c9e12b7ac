// Roll-ups over partition rows: what an operator asks first (how far behind, what is broken).
// Offsets and lag are int64 on the wire and stay bigint here: a Number rounds past 2^53.

import { DRAFT_STATES, PROTOTYPE_STATE_OF_DRAFT } from '../../kafka/dialects/kip-draft-states.js';

export interface PartitionRow {
  /** @minimum 0 */
  readonly partition: number;
  /**
   * null where the broker reports -1 (it reports offsets and lag only for MIRRORING partitions,
   * PROTOCOL.md §3).
   * @minimum 0
   */
  readonly sourceOffset: bigint | null;
  /** null where the broker reports -1. @minimum 0 */
  readonly destinationOffset: bigint | null;
  /** null where the broker reports -1. @minimum 0 */
  readonly lag: bigint | null;
  /**
   * As the broker sent it: LOG_TRUNCATION, EPOCH_FENCING, MIRRORING, PAUSING, PAUSED, STOPPING,
   * STOPPED, FAILED, UNKNOWN; a broker speaking the seed KIP (--protocol kip-draft) sends
   * INITIALIZING, PREPARING, MIRRORING, STOPPING, STOPPED, FAILED (a newer broker may send others).
   */
  readonly state: string;
  /**
   * Retries of the partition's last failure; 0 = no failure, -1 = non-retryable.
   * @minimum -1
   */
  readonly retryAttempt: number;
  readonly errorMessage: string | null;
  /**
   * Set when destinationOffset was not reported by DescribeClusterMirrors (STOPPED partitions, whose
   * describe offsets are -1) but read with ListOffsets (the log end, stop marker included), or, with
   * --protocol kip-draft, with LastMirroredOffsets from the mirror's coordinator (where the copy ended).
   */
  readonly destinationOffsetSource?: 'ListOffsets' | 'LastMirroredOffsets';
  /**
   * Lag in time: the age in ms of the oldest record the destination lacks (the source's record at
   * destinationOffset, read with Fetch from the source), by this machine's clock when it was read; 0 when
   * the lag is 0. null when it could not be read (the source not reached from here, --no-source-check,
   * the record deleted by retention): unknown, never 0. Absent when not asked (not MIRRORING).
   * @minimum 0
   */
  readonly lagTimeMs?: number | null;
}

export const PARTITION_STATES = [
  'LOG_TRUNCATION',
  'EPOCH_FENCING',
  'MIRRORING',
  'PAUSING',
  'PAUSED',
  'STOPPING',
  'STOPPED',
  'FAILED',
  'UNKNOWN',
] as const;
export type PartitionStateName = (typeof PARTITION_STATES)[number];

export const KNOWN_STATES: readonly string[] = [...new Set<string>([...PARTITION_STATES, ...DRAFT_STATES])];

/**
 * One display vocabulary for both dialects (INITIALIZING as LOG_TRUNCATION, PREPARING as EPOCH_FENCING);
 * JSON keeps the broker's name.
 */
export function displayState(state: string): string {
  return PROTOTYPE_STATE_OF_DRAFT[state] ?? state;
}

const STATE_RANK = new Map<string, number>(PARTITION_STATES.map((s, i) => [s, i]));

export function orderedStates(states: Readonly<Record<string, number>>): [string, number][] {
  return Object.entries(states).sort(([a], [b]) => {
    const ra = STATE_RANK.get(displayState(a)) ?? PARTITION_STATES.length;
    const rb = STATE_RANK.get(displayState(b)) ?? PARTITION_STATES.length;
    return ra !== rb ? ra - rb : a < b ? -1 : a > b ? 1 : 0;
  });
}

export function displayedStates(states: Readonly<Record<string, number>>): [string, number][] {
  const merged: Record<string, number> = {};
  for (const [state, n] of Object.entries(states)) merged[displayState(state)] = (merged[displayState(state)] ?? 0) + n;
  return orderedStates(merged);
}

export interface Summary {
  /** @minimum 0 */
  readonly partitions: number;
  /** Partition count per state name, as the broker spelled the state. */
  readonly states: Record<string, number>;
  /**
   * Sum of known lags; partitions without a lag are counted in `lagUnknown`. Exact, past 2^63-1 too.
   * @minimum 0
   * @sum
   */
  readonly totalLag: bigint;
  /** null when no partition has a known lag. @minimum 0 */
  readonly maxLag: bigint | null;
  /** Partitions without a known lag (not MIRRORING). @minimum 0 */
  readonly lagUnknown: number;
  /** FAILED partitions. @minimum 0 */
  readonly failing: number;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function summarize(rows: Iterable<PartitionRow>): Summary {
  const states: Record<string, number> = {};
  let partitions = 0;
  let totalLag = 0n;
  // Summed as a Number while exact (a bigint addition allocates), moved into totalLag before 2^53.
  let smallLag = 0;
  let maxLag: bigint | null = null;
  let lagUnknown = 0;
  let failing = 0;
  for (const row of rows) {
    partitions++;
    states[row.state] = (states[row.state] ?? 0) + 1;
    if (row.state === 'FAILED') failing++;
    const lag = row.lag;
    if (lag === null) lagUnknown++;
    else {
      if (lag > MAX_SAFE) totalLag += lag;
      else {
        const n = Number(lag);
        if (smallLag + n > Number.MAX_SAFE_INTEGER) {
          totalLag += BigInt(smallLag);
          smallLag = 0;
        }
        smallLag += n;
      }
      if (maxLag === null || lag > maxLag) maxLag = lag;
    }
  }
  return { partitions, states, totalLag: totalLag + BigInt(smallLag), maxLag, lagUnknown, failing };
}

export function combine(summaries: readonly Summary[]): Summary {
  const states: Record<string, number> = {};
  let maxLag: bigint | null = null;
  for (const s of summaries) {
    for (const [state, n] of Object.entries(s.states)) states[state] = (states[state] ?? 0) + n;
    if (s.maxLag !== null && (maxLag === null || s.maxLag > maxLag)) maxLag = s.maxLag;
  }
  const sum = (pick: (s: Summary) => number) => summaries.reduce((n, s) => n + pick(s), 0);
  return {
    partitions: sum((s) => s.partitions),
    states,
    totalLag: summaries.reduce((n, s) => n + s.totalLag, 0n),
    maxLag,
    lagUnknown: sum((s) => s.lagUnknown),
    failing: sum((s) => s.failing),
  };
}

export function known(value: bigint): bigint | null {
  return value < 0n ? null : value;
}
