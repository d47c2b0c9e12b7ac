// `describe --fail-on` as a one-shot check: describe, and when the only doubt is partitions FAILED
// with a retriable error (which the broker passes through for a moment on every new topic or
// config change), describe once more after the grace period and judge the second view.

import {
  evaluateHealth,
  trackFailures,
  type HealthConfirmation,
  type HealthCondition,
  type HealthReport,
} from './health.js';
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

/** `confirmed`: what the sources confirmed for a view (zero lags, recreated topics); none: the reported lags stand. */
export async function checkHealth<R extends DescribeResult>(
  describe: () => Promise<R>,
  conditions: readonly HealthCondition[],
  graceMs: number,
  clock: HealthCheckClock,
  confirmed: (view: R) => HealthConfirmation | undefined = () => undefined,
): Promise<HealthCheckOutcome<R>> {
  const firstAt = clock.now();
  const first = await describe();
  const failedSince = trackFailures(new Map(), first, firstAt);
  const health = evaluateHealth(first, conditions, { nowMs: firstAt, graceMs, failedSince }, confirmed(first));
  if (health.holds || health.withinGrace === 0) return { result: first, health };
  await clock.sleep(graceMs);
  const secondAt = clock.now();
  const second = await describe();
  return {
    result: second,
    health: evaluateHealth(
      second,
      conditions,
      { nowMs: secondAt, graceMs, failedSince: trackFailures(failedSince, second, secondAt) },
      confirmed(second),
    ),
  };
}
