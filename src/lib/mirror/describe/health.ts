// Health conditions of `describe --fail-on`: pure functions over a describe result and an injected
// time, so a check, a watch and the tests all judge the same way. A partition FAILED with a
// retriable error only counts once it has stayed FAILED for the grace period: the real broker
// passes every new topic and every mirror config change through ~2 s of FAILED.

import { FilterError } from './describe-filters.js';
import type { PartitionRow } from './lag.js';
import type { DescribeResult } from './describe-types.js';

export type HealthConditionName = 'failing' | 'lagging' | 'not-mirroring';
export const HEALTH_CONDITIONS: readonly HealthConditionName[] = ['failing', 'lagging', 'not-mirroring'];

export type HealthCondition =
  | { readonly kind: 'failing' }
  | { readonly kind: 'not-mirroring' }
  /** Holds for a partition whose known lag is above `above` records. */
  | { readonly kind: 'lagging'; readonly above: number };

export const DEFAULT_GRACE_MS = 10_000;

/** `--fail-on` values (repeatable, comma-separated): `failing`, `lagging`, `lagging=N`, `not-mirroring`. */
export function parseHealthConditions(values: readonly string[]): HealthCondition[] {
  const out: HealthCondition[] = [];
  const hint = 'use failing, lagging, lagging=N (records) or not-mirroring; e.g. --fail-on failing,lagging=10000';
  for (const raw of values.flatMap((v) => v.split(','))) {
    const value = raw.trim();
    const [name, arg] = value.split('=', 2) as [string, string | undefined];
    if (name === 'lagging') {
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
  return c.kind === 'lagging' ? `lagging=${c.above}` : c.kind;
}

/** Where each FAILED partition was first seen FAILED (ms); keys from {@link partitionKey}. */
export type FailedSince = ReadonlyMap<string, number>;

export function partitionKey(mirror: string, topic: string, partition: number): string {
  return `${mirror}\u0000${topic}\u0000${partition}`;
}

/** The partitions FAILED now, each with the time it was first seen FAILED (kept from `previous`). */
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
  readonly retryAttempt: number;
  /** The conditions this partition meets, as written on the command line. */
  readonly conditions: string[];
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
  result: DescribeResult,
  conditions: readonly HealthCondition[],
  clock: HealthClock,
): HealthReport {
  const offending: Offence[] = [];
  let withinGrace = 0;
  // Without conditions (no --fail-on) nothing can offend: no need to visit 100,000 partitions.
  if (conditions.length > 0)
    for (const m of result.mirrors)
      for (const t of m.topics)
        for (const p of t.partitions) {
          const graced = p.state === 'FAILED' && p.retryAttempt !== -1 && isWithinGrace(m.name, t.name, p, clock);
          const met: string[] = [];
          for (const c of conditions) {
            if (c.kind === 'lagging' ? p.lag !== null && p.lag > c.above : !graced && isUnhealthyState(c, p.state))
              met.push(conditionLabel(c));
          }
          if (graced && conditions.some((c) => c.kind !== 'lagging')) withinGrace++;
          if (met.length > 0)
            offending.push({
              mirror: m.name,
              topic: t.name,
              partition: p.partition,
              state: p.state,
              lag: p.lag,
              retryAttempt: p.retryAttempt,
              conditions: met,
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

function isWithinGrace(mirror: string, topic: string, p: PartitionRow, clock: HealthClock): boolean {
  const since = clock.failedSince.get(partitionKey(mirror, topic, p.partition)) ?? clock.nowMs;
  return clock.nowMs - since < clock.graceMs;
}

function isUnhealthyState(c: HealthCondition, state: string): boolean {
  return c.kind === 'failing' ? state === 'FAILED' : state !== 'MIRRORING';
}
