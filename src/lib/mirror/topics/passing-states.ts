// States the broker leaves by itself within seconds (the start-up FAILED, retry 1, PROTOCOL.md §18; PAUSING,
// STOPPING, the start's LOG_TRUNCATION): a topic blocked only by these is planned again for a few seconds
// before the command refuses. A longer FAILED is a real failure.

import { SOURCE_METADATA_FAILED } from '../describe/failure-causes.js';
import { nameList } from '../core/name-list.js';
import type { PartitionStateRow, TopicActionPlan, TopicToAct } from './topic-actions.js';

export const PASSING_WAIT_MS = 5_000;
const POLL_MS = 500;

const PASSING = new Set(['PAUSING', 'STOPPING', 'LOG_TRUNCATION']);

export function isPassing(p: Pick<PartitionStateRow, 'state' | 'retryAttempt' | 'errorMessage'>): boolean {
  return (
    PASSING.has(p.state) || (p.state === 'FAILED' && p.retryAttempt === 1 && p.errorMessage === SOURCE_METADATA_FAILED)
  );
}

export function passingTopics(plan: TopicActionPlan): TopicToAct[] {
  const { spec } = plan;
  const fine = new Set([...spec.movable, spec.target, ...spec.transit]);
  return plan.topics.filter(
    (t) =>
      t.verdict === 'blocked' &&
      !(t.causes ?? []).some((c) => c.cause === 'wedged') &&
      t.partitions.some(isPassing) &&
      t.partitions.every((p) => fine.has(p.state) || isPassing(p)),
  );
}

export interface PassingWait {
  readonly limitMs: number;
  sleep(ms: number): Promise<void>;
  now(): number;
  onWait(line: string): void;
}

export function passingLine(topics: readonly TopicToAct[], limitMs: number): string {
  const named = topics.map((t) => `${t.topic} (${t.partitions.filter(isPassing).length} ${statesOf(t)})`);
  return (
    `Waiting up to ${Math.ceil(limitMs / 1000)} s for ${nameList(named)}: states the broker leaves by itself ` +
    `within seconds`
  );
}

function statesOf(t: TopicToAct): string {
  const states = [...new Set(t.partitions.filter(isPassing).map((p) => p.state))].sort();
  return states.join('/');
}

export async function planPastPassingStates(
  first: TopicActionPlan,
  replan: () => Promise<TopicActionPlan>,
  wait: PassingWait,
): Promise<TopicActionPlan> {
  let plan = first;
  let passing = passingTopics(plan);
  if (passing.length === 0 || wait.limitMs <= 0) return plan;
  wait.onWait(passingLine(passing, wait.limitMs));
  const until = wait.now() + wait.limitMs;
  while (passing.length > 0) {
    const left = until - wait.now();
    if (left <= 0) break;
    await wait.sleep(Math.min(POLL_MS, left));
    plan = await replan();
    passing = passingTopics(plan);
  }
  return plan;
}
