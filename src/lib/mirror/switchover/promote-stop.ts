// promote's step 5: stop, wait for STOPPED, verify each destination end is at least the source's + 1 (the
// PID-reset marker). Once the stop is sent an interruption no longer throws.

import type { KafkaClient } from '../../kafka/client.js';
import { applyTopicAction } from '../topics/apply-topic-action.js';
import type { CatchUpTargets } from '../topics/caught-up.js';
import { readEndOffsets } from '../describe/end-offsets.js';
import { MirrorError } from '../core/errors.js';
import { type PromoteDependencies, type PromotePlan, wantedOf } from './promote-plan.js';
import type { PromoteResult } from './promote-report.js';
import { ACTION_SPECS, planTopicAction } from '../topics/topic-actions.js';
import type { FinalPartition } from '../topics/final-partition.js';

export interface PromoteOutcome {
  readonly result: PromoteResult;
  readonly error?: unknown;
}

export async function stopAndVerify(
  client: KafkaClient,
  source: KafkaClient,
  plan: PromotePlan,
  targets: CatchUpTargets,
  result: PromoteResult,
  deps: PromoteDependencies,
  started: number,
): Promise<PromoteOutcome> {
  const stopPlan = await planTopicAction(
    client,
    ACTION_SPECS.stop,
    { mirror: plan.mirror, topics: plan.topics, patterns: [] },
    { warn: deps.warn },
  );
  const moved = stopPlan.topics.filter((t) => t.verdict !== 'send');
  if (moved.length > 0) {
    throw new MirrorError(
      `${moved.map((t) => `${t.topic} (${t.states})`).join(', ')} left MIRRORING after catching up; nothing ` +
        `was stopped`,
      'failed',
      { hint: `run kmirror promote ${plan.mirror} again once kmirror describe shows them MIRRORING` },
    );
  }
  let applied;
  try {
    applied = await applyTopicAction(client, stopPlan, {
      sleep: deps.sleep,
      onProgress: (done, total) => deps.onProgress?.({ phase: 'stopping', done, total }),
      // Only resume reads the source while it waits; a stop never does.
      source: { openSource: deps.openSource, warn: deps.warn },
    });
  } catch (err) {
    // The broker answered and refused: nothing was stopped.
    if (err instanceof MirrorError) throw err;
    // No answer: the request may have reached the broker.
    result.stopSent = true;
    return finish(result, [], deps, started, err);
  }
  result.stopSent = true;
  for (const warning of applied.warnings) result.warnings.push(warning);
  const failed = applied.result.failed.map((f) => `${f.topic}: ${f.error.message}`);
  const final = applied.result.final ?? [];
  if (applied.waitError !== undefined) return finish(result, final, deps, started, applied.waitError);
  const sourceAfter = await readEndOffsets(source, wantedOf(plan.partitions)).catch(() => null);
  verify(result, final, sourceAfter?.offsets ?? targets);
  if (failed.length > 0)
    return finish(
      result,
      final,
      deps,
      started,
      new MirrorError(`the broker refused to stop ${failed.join('; ')}`, 'partial'),
    );
  return finish(result, final, deps, started);
}

function finish(
  result: PromoteResult,
  final: readonly FinalPartition[],
  deps: PromoteDependencies,
  started: number,
  error?: unknown,
): PromoteOutcome {
  const byTopic = new Map<string, FinalPartition[]>();
  for (const row of final) byTopic.set(row.topic, [...(byTopic.get(row.topic) ?? []), row]);
  result.stopped = result.topics
    .filter((t) => {
      const rows = byTopic.get(t.topic) ?? [];
      return rows.length === t.partitions.length && rows.every((r) => r.state === 'STOPPED');
    })
    .map((t) => t.topic);
  result.notStopped = result.topics.map((t) => t.topic).filter((t) => !result.stopped.includes(t));
  for (const topic of result.topics) {
    for (const [i, p] of topic.partitions.entries()) {
      const row = byTopic.get(topic.topic)?.find((r) => r.partition === p.partition);
      if (row && p.verified === null)
        topic.partitions[i] = { ...p, state: row.state, gap: null, verified: 'unverified' };
    }
  }
  result.elapsedMs = deps.now() - started;
  result.complete = error === undefined && result.notStopped.length === 0;
  if (error !== undefined) {
    result.interruption = error instanceof Error ? error.message : String(error);
    return { result, error };
  }
  return { result };
}

function verify(result: PromoteResult, final: readonly FinalPartition[], sourceEnds: CatchUpTargets): void {
  for (const topic of result.topics) {
    for (const [i, p] of topic.partitions.entries()) {
      const row = final.find((r) => r.topic === topic.topic && r.partition === p.partition);
      const sourceEnd = sourceEnds.get(topic.topic)?.get(p.partition) ?? null;
      const destinationEnd = row?.destinationEndOffset ?? null;
      const base = { ...p, state: row?.state ?? p.state, sourceEnd, destinationEnd, gap: null };
      if (sourceEnd === null || destinationEnd === null || row?.state !== 'STOPPED') {
        topic.partitions[i] = { ...base, verified: 'unverified', controlRecords: null, missing: null };
      } else if (destinationEnd >= sourceEnd + 1n) {
        topic.partitions[i] = {
          ...base,
          verified: 'ok',
          controlRecords: destinationEnd - sourceEnd - 1n,
          missing: null,
        };
      } else {
        topic.partitions[i] = {
          ...base,
          verified: 'source-moved',
          controlRecords: null,
          missing: sourceEnd + 1n - destinationEnd,
        };
      }
    }
  }
}
