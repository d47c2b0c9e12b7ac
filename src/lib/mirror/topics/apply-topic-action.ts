// The flow of remove-topics, pause and resume after the plan: send the movable topics, then with --wait poll
// until every partition reaches the target. A wait that fails keeps the rows seen so far.

import type { KafkaClient } from '../../kafka/client.js';
import { type CatchUpOutcome, type MirrorCatchUpDependencies, waitUntilMirrorCaughtUp } from './caught-up.js';
import { stoppedEndOffsets } from '../describe/end-offsets.js';
import { MirrorError } from '../core/errors.js';
import { causeHint, diagnoseFailure, factsFromRows } from '../describe/failure-causes.js';
import { type TopicActionPlan, type TopicActionResult, sendTopicAction, waitedTopics } from './topic-actions.js';
import { settleViaPattern } from './topic-actions.js';
import { waitForPartitionStates } from './wait.js';
import type { FinalPartition } from './final-partition.js';

export interface TopicActionWait {
  sleep(ms: number, what: string): Promise<void>;
  onProgress?(done: number, total: number): void;
  readonly source: Pick<MirrorCatchUpDependencies, 'openSource' | 'warn' | 'sourceConfig' | 'sourceConfigName'>;
}

export interface AppliedTopicAction {
  readonly result: TopicActionResult;
  readonly waitError?: unknown;
  readonly warnings: string[];
  readonly caughtUp?: CatchUpOutcome;
}

export async function applyTopicAction(
  client: KafkaClient,
  plan: TopicActionPlan,
  wait?: TopicActionWait,
): Promise<AppliedTopicAction> {
  const warnings: string[] = [];
  const result = await sendTopicAction(client, plan, (message) => warnings.push(message));
  if (wait === undefined) return { result, warnings };
  const watched = waitedTopics(plan, result);
  if (watched.length === 0) {
    result.final = [];
    return { result, warnings };
  }
  if (plan.spec.action === 'resume') return waitResumedCaughtUp(client, plan, watched, result, wait);
  try {
    const rows = await waitForPartitionStates(client, plan.mirror, watched, plan.spec.target, {
      sleep: (ms, what) => wait.sleep(ms, what),
      onProgress: ({ done, total, rows }) => {
        result.final = [...rows];
        settleViaPattern(result, rows);
        wait.onProgress?.(done, total);
      },
    });
    result.final = plan.spec.action === 'stop' ? await withEndOffsets(client, rows, warnings) : rows;
    settleViaPattern(result, rows);
  } catch (waitError) {
    return { result, waitError, warnings };
  }
  return { result, warnings };
}

async function waitResumedCaughtUp(
  client: KafkaClient,
  plan: TopicActionPlan,
  watched: readonly string[],
  result: TopicActionResult,
  wait: TopicActionWait,
): Promise<AppliedTopicAction> {
  const counts = new Map(plan.topics.map((t) => [t.topic, t.partitions.length]));
  const topics = new Map(watched.map((t) => [t, counts.get(t) ?? 0]));
  try {
    const caughtUp = await waitUntilMirrorCaughtUp(client, plan.mirror, topics, {
      ...wait.source,
      soFar: 'the topics were resumed',
      sleep: (ms, what) => wait.sleep(ms, what),
      onProgress: (progress) => {
        result.final = [...progress.rows];
        wait.onProgress?.(progress.done, progress.total);
      },
    });
    result.final = caughtUp.rows;
    return { result, warnings: [], caughtUp };
  } catch (waitError) {
    return { result, waitError, warnings: [] };
  }
}

async function withEndOffsets(
  client: KafkaClient,
  rows: FinalPartition[],
  warnings: string[],
): Promise<FinalPartition[]> {
  const stopped = rows.filter((r) => r.state === 'STOPPED');
  if (stopped.length === 0) return rows;
  const { offsets, failures, unsupported } = await stoppedEndOffsets(client, stopped);
  for (const f of failures) warnings.push(`cannot read a destination end offset: ${f.message}`);
  for (const u of unsupported)
    warnings.push(
      `${u.message}, so the destination end offsets of ${u.partitions.length} STOPPED partition(s) it leads ` +
        `are not shown; the partitions did stop`,
    );
  return rows.map((r) => ({ ...r, destinationEndOffset: offsets.get(r.topic)?.get(r.partition) ?? null }));
}

export function unsettledError(result: TopicActionResult, target: string): MirrorError | null {
  const off = (result.final ?? []).filter((r) => r.state !== target);
  if (off.length === 0) return null;
  const list = off
    .map((r) => `${r.topic}-${r.partition} ${r.state}${r.errorMessage ? ` (${r.errorMessage})` : ''}`)
    .join(', ');
  const reached = (result.final ?? []).length > off.length;
  const facts = factsFromRows(off);
  const cause = off.map((r) => diagnoseFailure(result.mirror, r, null, facts)).find((d) => d !== null);
  return new MirrorError(
    `${off.length} partition(s) did not reach ${target}: ${list}`,
    reached ? 'partial' : 'failed',
    {
      hint: cause
        ? causeHint(cause)
        : 'a FAILED partition with a non-retryable error stays FAILED; kmirror describe shows it',
    },
  );
}
