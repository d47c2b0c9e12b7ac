// `describe --fail-on` once: partitions FAILED with a retriable error (every new topic or config change passes
// through it) are judged again after the grace period.

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
  readonly result: R;
  readonly health: HealthReport;
}

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
