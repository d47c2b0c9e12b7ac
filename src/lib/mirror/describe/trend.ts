import type { DescribeResult } from './describe-types.js';
// Catch-up rate and time to zero lag for `describe --watch`: pure functions over samples stamped by the
// caller's clock.

export interface TrendSample {
  readonly atMs: number;
  readonly lag: number | null;
  readonly offsets: ReadonlyMap<string, number>;
}

export type TrendHistory = ReadonlyMap<string, readonly TrendSample[]>;

export const DEFAULT_TREND_SAMPLES = 20;

export function scopeKey(mirror: string, topic: string | null): string {
  return topic === null ? mirror : `${mirror}\u0000${topic}`;
}

export function addSamples(
  history: TrendHistory,
  result: DescribeResult,
  atMs: number,
  limit = DEFAULT_TREND_SAMPLES,
): Map<string, TrendSample[]> {
  const next = new Map<string, TrendSample[]>();
  const push = (key: string, sample: TrendSample) =>
    next.set(key, [...(history.get(key) ?? []), sample].slice(-Math.max(2, limit)));
  for (const m of result.mirrors) {
    const mirrorOffsets = new Map<string, number>();
    let mirrorLag: number | null = null;
    for (const t of m.topics) {
      const offsets = new Map<string, number>();
      let lag: number | null = null;
      for (const p of t.partitions) {
        if (p.destinationOffset !== null && p.destinationOffsetSource === undefined)
          offsets.set(`${t.name}/${p.partition}`, Number(p.destinationOffset));
        if (p.lag !== null) lag = (lag ?? 0) + Number(p.lag);
      }
      push(scopeKey(m.name, t.name), { atMs, lag, offsets });
      for (const [k, v] of offsets) mirrorOffsets.set(k, v);
      if (lag !== null) mirrorLag = (mirrorLag ?? 0) + lag;
    }
    push(scopeKey(m.name, null), { atMs, lag: mirrorLag, offsets: mirrorOffsets });
  }
  return next;
}

export interface Trend {
  /** Milliseconds between the oldest and newest sample used. */
  readonly windowMs: number;
  /** Records copied to the destination per second over the window (rounded); null with fewer than two samples. */
  readonly recordsPerSecond: number | null;
  /** Change of the total lag per second, rounded (negative: catching up); null when unknown. */
  readonly lagPerSecond: number | null;
  /** The total lag of each sample, oldest first (null where unknown). */
  readonly lagHistory: (number | null)[];
  /** Estimated whole seconds to zero lag at the current rate; null unless lag is falling (0 when caught up). */
  readonly etaSeconds: number | null;
}

export function trendOf(samples: readonly TrendSample[]): Trend {
  const lagHistory = samples.map((s) => s.lag);
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.atMs <= first.atMs)
    return {
      windowMs: 0,
      recordsPerSecond: null,
      lagPerSecond: null,
      lagHistory,
      etaSeconds: last?.lag === 0 ? 0 : null,
    };
  const windowMs = Math.round(last.atMs - first.atMs);
  const windowSeconds = (last.atMs - first.atMs) / 1000;
  let copied = 0;
  let compared = 0;
  for (const [key, end] of last.offsets) {
    const start = first.offsets.get(key);
    if (start === undefined || end < start) continue;
    copied += end - start;
    compared++;
  }
  const recordsPerSecond = compared > 0 ? Math.round(copied / windowSeconds) : null;
  const withLag = samples.filter((s) => s.lag !== null);
  const lagFirst = withLag[0];
  const lagLast = withLag.at(-1);
  const lagPerSecond =
    lagFirst && lagLast && lagLast.atMs > lagFirst.atMs
      ? ((lagLast.lag as number) - (lagFirst.lag as number)) / ((lagLast.atMs - lagFirst.atMs) / 1000)
      : null;
  return {
    windowMs,
    recordsPerSecond,
    lagPerSecond: lagPerSecond === null ? null : Math.round(lagPerSecond),
    lagHistory,
    etaSeconds: eta(last.lag, lagPerSecond),
  };
}

export function eta(lag: number | null, lagPerSecond: number | null): number | null {
  if (lag === 0) return 0;
  if (lag === null || lagPerSecond === null || lagPerSecond >= 0) return null;
  return Math.ceil(lag / -lagPerSecond);
}

/** One line of the trend table / one element of `trends` in `--watch --json`. */
export interface TrendRow extends Trend {
  readonly mirror: string;
  /** null for the mirror's own roll-up. */
  readonly topic: string | null;
}

export function trendRows(history: TrendHistory, result: DescribeResult): TrendRow[] {
  const rows: TrendRow[] = [];
  for (const m of result.mirrors) {
    rows.push({ mirror: m.name, topic: null, ...trendOf(history.get(scopeKey(m.name, null)) ?? []) });
    for (const t of m.topics)
      rows.push({ mirror: m.name, topic: t.name, ...trendOf(history.get(scopeKey(m.name, t.name)) ?? []) });
  }
  return rows;
}
