// `describe --fail-on` as a one-shot check: describe, and when the only doubt is partitions FAILED
// with a retriable error (which the broker passes through for a moment on every new topic or
// config change), describe once more after the grace period and judge the second view.

import { evaluateHealth, trackFailures, type HealthCondition, type HealthReport } from './health.js';
import type { DescribeResult } from './describe-types.js';

export interface HealthCheckClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface HealthCheckOutcome<R extends DescribeResult> {
  /** The view that was judged (the second one when the check waited). */
  readonly result: R;
  readonly health: HealthReport;
}

export async function checkHealth<R extends DescribeResult>(
  describe: () => Promise<R>,
  conditions: readonly HealthCondition[],
  graceMs: number,
  clock: HealthCheckClock,
): Promise<HealthCheckOutcome<R>> {
  const firstAt = clock.now();
  const first = await describe();
  const failedSince = trackFailures(new Map(), first, firstAt);
  const health = evaluateHealth(first, conditions, { nowMs: firstAt, graceMs, failedSince });
  if (health.holds || health.withinGrace === 0) return { result: first, health };
  await clock.sleep(graceMs);
  const secondAt = clock.now();
  const second = await describe();
  return {
    result: second,
    health: evaluateHealth(second, conditions, {
      nowMs: secondAt,
      graceMs,
      failedSince: trackFailures(failedSince, second, secondAt),
    }),
  };
}
