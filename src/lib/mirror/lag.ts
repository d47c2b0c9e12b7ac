// Roll-ups over partition rows: what an operator asks first (how far behind, what is broken).

export interface PartitionRow {
  readonly partition: number;
  /** null where the broker reports -1 (outside MIRRORING, PROTOCOL.md §3). */
  readonly sourceOffset: number | null;
  readonly destinationOffset: number | null;
  readonly lag: number | null;
  readonly state: string;
  readonly retryAttempt: number;
  readonly errorMessage: string | null;
}

export interface Summary {
  readonly partitions: number;
  /** Partition count per state name, as the broker spelled the state. */
  readonly states: Record<string, number>;
  /** Sum of known lags; partitions without a lag are counted in `lagUnknown`. */
  readonly totalLag: number;
  readonly maxLag: number | null;
  readonly lagUnknown: number;
  /** FAILED partitions. */
  readonly failing: number;
}

export function summarize(rows: Iterable<PartitionRow>): Summary {
  const states: Record<string, number> = {};
  let partitions = 0;
  let totalLag = 0;
  let maxLag: number | null = null;
  let lagUnknown = 0;
  let failing = 0;
  for (const row of rows) {
    partitions++;
    states[row.state] = (states[row.state] ?? 0) + 1;
    if (row.state === 'FAILED') failing++;
    if (row.lag === null) lagUnknown++;
    else {
      totalLag += row.lag;
      if (maxLag === null || row.lag > maxLag) maxLag = row.lag;
    }
  }
  return { partitions, states, totalLag, maxLag, lagUnknown, failing };
}

/** Adds summaries together (a mirror's summary is the sum of its topics'). */
export function combine(summaries: readonly Summary[]): Summary {
  const states: Record<string, number> = {};
  let maxLag: number | null = null;
  for (const s of summaries) {
    for (const [state, n] of Object.entries(s.states)) states[state] = (states[state] ?? 0) + n;
    if (s.maxLag !== null && (maxLag === null || s.maxLag > maxLag)) maxLag = s.maxLag;
  }
  const sum = (pick: (s: Summary) => number) => summaries.reduce((n, s) => n + pick(s), 0);
  return { partitions: sum((s) => s.partitions), states, totalLag: sum((s) => s.totalLag), maxLag, lagUnknown: sum((s) => s.lagUnknown), failing: sum((s) => s.failing) };
}

/** -1 (and anything negative) means "not known" on the wire. */
export function known(value: bigint): number | null {
  return value < 0n ? null : Number(value);
}
