// Health conditions of `describe --fail-on`: pure functions over a result and an injected time. A retriable
// FAILED counts only after the grace period: the real broker passes every new topic and mirror config change
// through ~2 s of FAILED.

import { FilterError } from './describe-filters.js';
import type { PartitionRow } from './lag.js';
import type { DescribeResult } from './describe-types.js';
import type { WedgedTopic } from './wedged-topics.js';
import { isMissingState } from './describe-coverage.js';

export type HealthConditionName = 'failing' | 'lagging' | 'lagging-time' | 'not-mirroring';
export const HEALTH_CONDITIONS: readonly HealthConditionName[] = [
  'failing',
  'lagging',
  'lagging-time',
  'not-mirroring',
];

export type HealthCondition =
  | { readonly kind: 'failing' }
  | { readonly kind: 'not-mirroring' }
  | { readonly kind: 'lagging'; readonly above: number }
  | { readonly kind: 'lagging-time'; readonly aboveMs: number; readonly written: string };

export const DEFAULT_GRACE_MS = 10_000;

const TIME_UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function parseAge(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text);
  if (!match) return null;
  const ms = Math.round(Number(match[1]) * (TIME_UNIT_MS[match[2] ?? 's'] ?? 1000));
  return Number.isSafeInteger(ms) ? ms : null;
}

export function parseHealthConditions(values: readonly string[]): HealthCondition[] {
  const out: HealthCondition[] = [];
  const hint =
    'use failing, lagging, lagging=N (records), lagging-time=DURATION (e.g. 30s) or not-mirroring; e.g. ' +
    '--fail-on failing,lagging=10000';
  for (const raw of values.flatMap((v) => v.split(','))) {
    const value = raw.trim();
    const [name, arg] = value.split('=', 2) as [string, string | undefined];
    if (name === 'lagging-time') {
      const aboveMs = arg === undefined ? null : parseAge(arg.trim().toLowerCase());
      if (aboveMs === null)
        throw new FilterError(`--fail-on ${value}: give the age as a duration (30s, 2m, 500ms, 1h)`, hint);
      out.push({ kind: 'lagging-time', aboveMs, written: arg as string });
    } else if (name === 'lagging') {
      if (arg !== undefined && !/^\d+$/.test(arg))
        throw new FilterError(`--fail-on lagging=${arg}: not a whole number of records`, hint);
      const above = arg === undefined ? 0 : Number(arg);
      if (!Number.isSafeInteger(above)) throw new FilterError(`--fail-on lagging=${arg}: too large`, hint);
      out.push({ kind: 'lagging', above });
    } else if ((name === 'failing' || name === 'not-mirroring') && arg === undefined) {
      out.push({ kind: name });
    } else {
      throw new FilterError(`unknown --fail-on condition '${value}'`, hint);
    }
  }
  return out;
}

export function conditionLabel(c: HealthCondition): string {
  return c.kind === 'lagging' ? `lagging=${c.above}` : c.kind === 'lagging-time' ? `lagging-time=${c.written}` : c.kind;
}

export type FailedSince = ReadonlyMap<string, number>;

export function partitionKey(mirror: string, topic: string, partition: number): string {
  return `${mirror}\u0000${topic}\u0000${partition}`;
}

export function trackFailures(previous: FailedSince, result: DescribeResult, nowMs: number): Map<string, number> {
  const next = new Map<string, number>();
  for (const m of result.mirrors)
    for (const t of m.topics)
      for (const p of t.partitions) {
        if (p.state !== 'FAILED') continue;
        const key = partitionKey(m.name, t.name, p.partition);
        next.set(key, previous.get(key) ?? nowMs);
      }
  return next;
}

export interface Offence {
  readonly mirror: string;
  readonly topic: string;
  readonly partition: number;
  readonly state: string;
  readonly lag: PartitionRow['lag'];
  /** Its lag time (ms; null unknown), when describe read one. */
  readonly lagTimeMs?: number | null;
  readonly retryAttempt: number;
  /** The conditions this partition meets, as written on the command line. */
  readonly conditions: string[];
  /**
   * Its reported zero lag checked on the source: the lag found there, or null when it could not be
   * confirmed (an unknown lag meets lagging and not-mirroring). Absent when not checked.
   */
  readonly confirmedLag?: bigint | null;
  /** The topic copies nothing: its source was recreated under a new topic id (counts as failing). */
  readonly recreatedSource?: boolean;
}

export interface HealthConfirmation {
  readonly lags: ReadonlyMap<string, bigint | null>;
  readonly recreated: ReadonlySet<string>;
}

/** The verdict of `--fail-on`: part of describe's JSON when the flag is given. */
export interface HealthReport {
  readonly conditions: string[];
  /** True when any partition meets a condition: the command exits 7. */
  readonly holds: boolean;
  readonly offending: Offence[];
  /** FAILED with a retriable error for less than the grace period: not counted (yet). */
  readonly withinGrace: number;
  readonly graceMs: number;
}

export interface HealthClock {
  readonly nowMs: number;
  readonly graceMs: number;
  readonly failedSince: FailedSince;
}

export function evaluateHealth(
  result: DescribeResult & { readonly wedged?: readonly WedgedTopic[] },
  conditions: readonly HealthCondition[],
  clock: HealthClock,
  confirmation?: HealthConfirmation,
): HealthReport {
  const offending: Offence[] = [];
  let withinGrace = 0;
  if (conditions.length > 0)
    for (const m of result.mirrors)
      for (const t of m.topics)
        for (const p of t.partitions) {
          const graced = p.state === 'FAILED' && p.retryAttempt !== -1 && isWithinGrace(m.name, t.name, p, clock);
          const key = partitionKey(m.name, t.name, p.partition);
          const checked = confirmation?.lags.has(key) === true;
          const confirmed = checked ? (confirmation?.lags.get(key) ?? null) : p.lag;
          const recreated = confirmation?.recreated.has(`${m.name}\u0000${t.name}`) === true;
          const met: string[] = [];
          for (const c of conditions) {
            // A partition no broker reported meets every condition: nothing says it is well.
            const holds =
              isMissingState(p.state) ||
              (c.kind === 'lagging'
                ? checked
                  ? confirmed === null || confirmed > c.above
                  : p.lag !== null && p.lag > c.above
                : c.kind === 'lagging-time'
                  ? lagTimeHolds(p, c.aboveMs, checked, confirmed)
                  : c.kind === 'failing'
                    ? (!graced && isUnhealthyState(c, p.state)) || recreated
                    : (!graced && isUnhealthyState(c, p.state)) || (checked && confirmed === null) || recreated);
            if (holds) met.push(conditionLabel(c));
          }
          if (graced && conditions.some((c) => c.kind !== 'lagging')) withinGrace++;
          if (met.length > 0)
            offending.push({
              mirror: m.name,
              topic: t.name,
              partition: p.partition,
              state: p.state,
              lag: p.lag,
              ...(p.lagTimeMs !== undefined ? { lagTimeMs: p.lagTimeMs } : {}),
              retryAttempt: p.retryAttempt,
              conditions: met,
              ...(checked ? { confirmedLag: confirmed } : {}),
              ...(recreated ? { recreatedSource: true } : {}),
            });
        }
  // A wedged topic's MIRRORING partitions look healthy but will never stop: failing too (its FAILED ones are above).
  const failing = conditions.find((c) => c.kind === 'failing');
  const wedgedLabel = failing ? `${conditionLabel(failing)} (wedged)` : '';
  for (const w of failing ? (result.wedged ?? []) : [])
    for (const p of w.partitions) {
      if (p.state === 'FAILED') continue;
      const row = result.mirrors
        .find((m) => m.name === w.mirror)
        ?.topics.find((t) => t.name === w.topic)
        ?.partitions.find((r) => r.partition === p.partition);
      const known = offending.find((o) => o.mirror === w.mirror && o.topic === w.topic && o.partition === p.partition);
      if (known) known.conditions.push(wedgedLabel);
      else
        offending.push({
          mirror: w.mirror,
          topic: w.topic,
          partition: p.partition,
          state: p.state,
          lag: row?.lag ?? null,
          retryAttempt: row?.retryAttempt ?? 0,
          conditions: [wedgedLabel],
        });
    }
  return {
    conditions: conditions.map(conditionLabel),
    holds: offending.length > 0,
    offending,
    withinGrace,
    graceMs: clock.graceMs,
  };
}

/** A lag of unknown age is never taken for 0. */
function lagTimeHolds(p: PartitionRow, aboveMs: number, checked: boolean, confirmed: bigint | null): boolean {
  if (p.state !== 'MIRRORING' || p.lag === null) return false;
  if (checked) return confirmed === null || confirmed > 0n;
  if (p.lag <= 0n) return false;
  return p.lagTimeMs === undefined || p.lagTimeMs === null || p.lagTimeMs > aboveMs;
}

function isWithinGrace(mirror: string, topic: string, p: PartitionRow, clock: HealthClock): boolean {
  const since = clock.failedSince.get(partitionKey(mirror, topic, p.partition)) ?? clock.nowMs;
  return clock.nowMs - since < clock.graceMs;
}

function isUnhealthyState(c: HealthCondition, state: string): boolean {
  return c.kind === 'failing' ? state === 'FAILED' : state !== 'MIRRORING';
}
