// promote: the planned switchover (Confluent's `mirror promote`). Unlike remove-topics, which stops
// mirroring whatever the lag, it stops only once nothing can be lost: (1) the source answers and the
// topics are MIRRORING, (2) the source end offsets stand still (producers stopped), (3) every
// destination partition has reached them (the one caught-up definition, never the reported lag,
// which reads 0 between fetches), (4) the groups' offsets agree, (5) stop and verify that each
// destination end offset is at least the source's + 1 (the PID-reset marker). Until the stop is sent
// nothing changes; once it is, an interruption still reports which topics stopped.

import type { ConnectionConfig } from '../connection/connection-config.js';
import type { PropertyEntry } from '../connection/properties-file.js';
import type { KafkaClient } from '../kafka/client.js';
import {
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
  StopMirrorTopics,
} from '../kafka/messages/index.js';
import { applyTopicAction } from './apply-topic-action.js';
import { type CatchUpTargets, notCaughtUpError, readCatchUpTargets, waitUntilCaughtUp } from './caught-up.js';
import { readEndOffsets } from './end-offsets.js';
import { MirrorError, NotFoundError, SourceClusterError } from './errors.js';
import type { PartitionRow } from './lag.js';
import { describeMirrorConfigs, sourceConnection } from './source-client.js';
import {
  ACTION_SPECS,
  type FinalPartition,
  type TopicActionInput,
  planTopicAction,
  selectMirrorTopics,
} from './topic-actions.js';

export const PROMOTE_APIS = [StopMirrorTopics, DescribeClusterMirrors, ListClusterMirrors, DescribeConfigs] as const;

/** Less than this left of --timeout and promote does not start the stop: it could not verify it. */
export const STOP_RESERVE_MS = 5000;

/** States a partition passes through on its own on the way (back) to MIRRORING: promote waits for them. */
const PASSING_STATES = new Set(['LOG_TRUNCATION', 'EPOCH_FENCING']);

export interface PromoteInput extends TopicActionInput {
  /** Wait until the source end offsets stop moving; false: check once and refuse if they move. */
  readonly waitForQuiet: boolean;
  /** Skip the quiet check altogether. */
  readonly force: boolean;
  /** How long the source end offsets must stand still to count as quiet. */
  readonly quietPeriodMs: number;
  readonly sourceConfig?: ReadonlyMap<string, PropertyEntry>;
  readonly sourceConfigName?: string;
}

export type PromoteProgress =
  | { readonly phase: 'mirroring'; readonly waiting: string[] }
  | { readonly phase: 'quiet'; readonly moved: bigint; readonly periodMs: number }
  | { readonly phase: 'catching-up'; readonly done: number; readonly total: number; readonly remaining: bigint }
  | { readonly phase: 'stopping'; readonly done: number; readonly total: number };

export interface PromoteDependencies {
  /** Opens a client to the source cluster; promote closes it. */
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
  /** Sleeps between polls; throws when --timeout runs out (or the operator interrupts). */
  sleep(ms: number, what: string): Promise<void>;
  /** Throws the timeout error when less than `ms` of the budget is left. */
  requireTimeLeft(ms: number, what: string): void;
  onProgress?(progress: PromoteProgress): void;
  now(): number;
}

export interface PromotePartition {
  /** @minimum 0 */
  readonly partition: number;
  /** Source end offset (ListOffsets on the source): when planned, or after the stop. @minimum 0 */
  readonly sourceEnd: bigint | null;
  /** Destination end offset (ListOffsets on the destination). @minimum 0 */
  readonly destinationEnd: bigint | null;
  readonly state: string;
  /** Before the stop: records the destination still lacks (source end − destination end); null after it. */
  readonly gap: bigint | null;
  /**
   * After the stop: `ok` when the destination end is at least the source end + 1 (the PID-reset marker);
   * `source-moved` when records written to the source are missing; `unverified` when it was not read.
   */
  readonly verified: 'ok' | 'source-moved' | 'unverified' | null;
  /** After the stop: destination records beyond source end + 1 (abort markers of open transactions). @minimum 0 */
  readonly controlRecords: bigint | null;
  /** After the stop, `source-moved`: records of the source that the destination does not have. @minimum 0 */
  readonly missing: bigint | null;
}

export interface PromoteTopic {
  readonly topic: string;
  readonly partitions: PromotePartition[];
}

export interface PromoteResult {
  readonly mirror: string;
  readonly dryRun: boolean;
  /** Every selected topic was stopped and verified. */
  complete: boolean;
  readonly topics: PromoteTopic[];
  quiet: {
    /** Whether the quiet check ran (false with --force or --dry-run). */
    readonly checked: boolean;
    /** @minimum 0 */
    readonly periodMs: number;
    /** How long promote waited for the producers to stop. @minimum 0 */
    readonly waitedMs: number;
  };
  groups: {
    readonly compared: boolean;
    /** Why they were not compared, when they were not. */
    readonly note: string | null;
  };
  /** Topics confirmed STOPPED. */
  stopped: string[];
  /** Selected topics not (yet) confirmed STOPPED; empty when complete. */
  notStopped: string[];
  /** Whether a stop was sent at all (false: nothing changed). */
  stopSent: boolean;
  /** The kmirror command that finishes the job when promote was interrupted after the stop (set by the command). */
  finishCommand: string | null;
  /** Why promote ended before it verified every topic (a timeout, an interruption, a failed request). */
  interruption: string | null;
  /** @minimum 0 */
  elapsedMs: number;
  readonly warnings: string[];
}

export interface PromotePlan {
  readonly mirror: string;
  readonly topics: readonly string[];
  /** topic → partition count. */
  readonly partitions: ReadonlyMap<string, number>;
  readonly rows: ReadonlyMap<string, readonly PartitionRow[]>;
  readonly sourceLabel: string;
  readonly sourceSettings: ConnectionConfig;
  /** Source and destination end offsets when planned. */
  readonly sourceEnds: CatchUpTargets;
  readonly destinationEnds: CatchUpTargets;
  readonly warnings: string[];
}

type Verdict = 'ready' | 'passing' | 'refused';

function verdictOf(rows: readonly PartitionRow[] | undefined): Verdict {
  if (!rows || rows.length === 0) return 'refused';
  if (rows.every((r) => r.state === 'MIRRORING')) return 'ready';
  const passing = rows.every(
    (r) => r.state === 'MIRRORING' || PASSING_STATES.has(r.state) || (r.state === 'FAILED' && r.retryAttempt !== -1),
  );
  return passing ? 'passing' : 'refused';
}

function statesOf(rows: readonly PartitionRow[] | undefined): string {
  if (!rows || rows.length === 0) return 'no partition state reported';
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.state, (counts.get(r.state) ?? 0) + 1);
  return [...counts].map(([state, n]) => `${n} ${state}`).join(', ');
}

/**
 * Step 1: the mirror, the selected topics (every partition MIRRORING; topics passing through
 * LOG_TRUNCATION, EPOCH_FENCING or a retrying FAILED are waited for), the source reachable, and
 * both sides' end offsets. Changes nothing.
 */
export async function planPromote(
  client: KafkaClient,
  input: PromoteInput,
  deps: PromoteDependencies,
): Promise<PromotePlan> {
  await client.requireMirroring(PROMOTE_APIS);
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
    deps.warn(message);
  };
  let selection = await selectMirrorTopics(client, input, { warn });
  if (selection.notInMirror.length > 0) {
    const names = selection.notInMirror.map((n) => n.topic);
    throw new NotFoundError('topic', names.join(', '), {
      hint: `promote stops only topics of mirror '${input.mirror}'; kmirror describe ${input.mirror} lists them`,
    });
  }
  if (selection.selected.length === 0) {
    throw new MirrorError(`no topic of mirror '${input.mirror}' matches the pattern(s)`, 'not-found', {
      hint: `kmirror describe ${input.mirror} lists the mirror's topics`,
    });
  }
  // A pattern also matches topics promoted (or failed over) before: those are left out, not refused.
  const done = selection.selected.filter(
    (t) => !selection.named.has(t) && (selection.rows.get(t) ?? []).every((r) => r.state === 'STOPPED'),
  );
  if (done.length > 0) {
    warn(`already STOPPED, left out: ${done.join(', ')}`);
    selection = { ...selection, selected: selection.selected.filter((t) => !done.includes(t)) };
    if (selection.selected.length === 0)
      throw new MirrorError(`every topic the pattern(s) match is already STOPPED: nothing to promote`, 'failed', {
        hint: `kmirror describe ${input.mirror} shows the states`,
      });
  }
  for (;;) {
    const verdicts = selection.selected.map((t) => [t, verdictOf(selection.rows.get(t))] as const);
    const refused = verdicts.filter(([, v]) => v === 'refused').map(([t]) => t);
    if (refused.length > 0) {
      const detail = refused.map((t) => `${t} (${statesOf(selection.rows.get(t))})`).join(', ');
      throw new MirrorError(
        `promote needs every partition MIRRORING; not so for ${detail}; nothing was stopped`,
        'failed',
        {
          hint:
            'a STOPPED topic is already promoted, a PAUSED one must be resumed first (kmirror resume), and a topic FAILED ' +
            'for good needs its cause fixed (kmirror describe shows it); leave such topics out with --topic',
        },
      );
    }
    const waiting = verdicts.filter(([, v]) => v === 'passing').map(([t]) => t);
    if (waiting.length === 0) break;
    deps.onProgress?.({ phase: 'mirroring', waiting });
    await deps.sleep(500, `waiting for ${waiting.join(', ')} to be MIRRORING`);
    selection = await selectMirrorTopics(client, { ...input, topics: selection.selected, patterns: [] }, { warn });
  }

  const partitions = new Map(selection.selected.map((t) => [t, selection.rows.get(t)?.length ?? 0]));
  const stored = await describeMirrorConfigs(client, input.mirror);
  const sourceSettings = await sourceConnection(
    {
      mirror: input.mirror,
      stored,
      ...(input.sourceConfig ? { override: input.sourceConfig } : {}),
      ...(input.sourceConfigName ? { overrideName: input.sourceConfigName } : {}),
    },
    warn,
  );
  const sourceLabel = `the source cluster (${sourceSettings.bootstrap.join(',')})`;
  const sourceEnds = await withSource(deps, sourceSettings, sourceLabel, (source) =>
    readCatchUpTargets(source, partitions, sourceLabel),
  );
  const destinationEnds = (await readEndOffsets(client, wantedOf(partitions))).offsets;
  return {
    mirror: input.mirror,
    topics: selection.selected,
    partitions,
    rows: selection.rows,
    sourceLabel,
    sourceSettings,
    sourceEnds,
    destinationEnds,
    warnings,
  };
}

function wantedOf(partitions: ReadonlyMap<string, number>): Map<string, number[]> {
  return new Map([...partitions].map(([t, n]) => [t, Array.from({ length: n }, (_, i) => i)]));
}

async function withSource<T>(
  deps: PromoteDependencies,
  settings: ConnectionConfig,
  label: string,
  use: (source: KafkaClient) => Promise<T>,
): Promise<T> {
  const source = await deps.openSource(settings);
  try {
    return await use(source);
  } catch (err) {
    if (err instanceof MirrorError) throw err;
    throw new SourceClusterError(
      `cannot read the end offsets of ${label}: promote needs the source reachable to know when nothing is left to copy`,
      'check that this machine reaches the source (or give its settings with --source-config FILE)',
      err,
    );
  } finally {
    await source.close().catch(() => undefined);
  }
}

function sum(map: CatchUpTargets, minus?: CatchUpTargets): bigint {
  let total = 0n;
  for (const [topic, parts] of map)
    for (const [p, end] of parts) {
      const other = minus?.get(topic)?.get(p) ?? 0n;
      total += end > other ? end - other : 0n;
    }
  return total;
}

function sameOffsets(a: CatchUpTargets, b: CatchUpTargets): boolean {
  for (const [topic, parts] of a) for (const [p, end] of parts) if (b.get(topic)?.get(p) !== end) return false;
  return true;
}

/** The plan as --dry-run shows it: the current gap of every partition. */
export function promotePlanResult(plan: PromotePlan, input: PromoteInput, dryRun = true): PromoteResult {
  return {
    mirror: plan.mirror,
    dryRun,
    complete: false,
    topics: plan.topics.map((topic) => ({
      topic,
      partitions: (plan.rows.get(topic) ?? []).map((row) => {
        const sourceEnd = plan.sourceEnds.get(topic)?.get(row.partition) ?? null;
        const destinationEnd = plan.destinationEnds.get(topic)?.get(row.partition) ?? null;
        return {
          partition: row.partition,
          sourceEnd,
          destinationEnd,
          state: row.state,
          gap: sourceEnd !== null && destinationEnd !== null ? sourceEnd - destinationEnd : null,
          verified: null,
          controlRecords: null,
          missing: null,
        };
      }),
    })),
    quiet: { checked: false, periodMs: input.quietPeriodMs, waitedMs: 0 },
    groups: { compared: false, note: GROUPS_NOTE },
    stopped: [],
    notStopped: [...plan.topics],
    stopSent: false,
    finishCommand: null,
    interruption: null,
    elapsedMs: 0,
    warnings: [...plan.warnings],
  };
}

export const GROUPS_NOTE =
  'consumer-group offsets are not compared yet: kmirror cannot read them on both clusters (issue 13); check that your ' +
  "groups' committed offsets reached the destination (one mirror sync can take mirror.metadata.refresh.interval.ms, 60 s by default)";

/** Step 2: the source end offsets stand still for one period (waiting for it unless told not to). */
async function awaitQuietSource(
  source: KafkaClient,
  plan: PromotePlan,
  input: PromoteInput,
  deps: PromoteDependencies,
): Promise<CatchUpTargets> {
  let before = await readCatchUpTargets(source, plan.partitions, plan.sourceLabel);
  for (;;) {
    await deps.sleep(
      input.quietPeriodMs,
      `waiting for the end offsets of ${plan.sourceLabel} to stop moving (the producers to stop)`,
    );
    const after = await readCatchUpTargets(source, plan.partitions, plan.sourceLabel);
    const moved = sum(after, before);
    deps.onProgress?.({ phase: 'quiet', moved, periodMs: input.quietPeriodMs });
    if (moved === 0n && sameOffsets(after, before)) return after;
    if (!input.waitForQuiet) {
      throw new MirrorError(
        `producers still write to the source: ${moved} record(s) arrived in ${input.quietPeriodMs} ms; nothing was stopped`,
        'failed',
        {
          hint:
            'stop the producers (or move them to the destination only after the promote), then run promote again; it waits for ' +
            'them by default (--wait-for-quiet); --force promotes anyway, and records written after it reads the source are lost',
        },
      );
    }
    before = after;
  }
}

export interface PromoteOutcome {
  readonly result: PromoteResult;
  /** Why promote ended early after the stop was sent; the result says what was done. */
  readonly error?: unknown;
}

/** Steps 2–6 after the plan (and any confirmation). Throws when nothing was stopped. */
export async function runPromote(
  client: KafkaClient,
  plan: PromotePlan,
  input: PromoteInput,
  deps: PromoteDependencies,
): Promise<PromoteOutcome> {
  const started = deps.now();
  const result = promotePlanResult(plan, input, false);
  const source = await deps.openSource(plan.sourceSettings);
  try {
    let targets: CatchUpTargets = plan.sourceEnds;
    for (;;) {
      if (!input.force) {
        const quietFrom = deps.now();
        targets = await awaitQuietSource(source, plan, input, deps);
        result.quiet = { checked: true, periodMs: input.quietPeriodMs, waitedMs: deps.now() - quietFrom };
      } else {
        targets = await readCatchUpTargets(source, plan.partitions, plan.sourceLabel);
      }
      const caughtUp = await waitUntilCaughtUp(client, plan.mirror, targets, deps.sleep, (progress) =>
        deps.onProgress?.({
          phase: 'catching-up',
          done: progress.done,
          total: progress.total,
          remaining: progress.pending.reduce(
            (n, p) =>
              n +
              (p.destinationEnd === null ? p.target : p.target > p.destinationEnd ? p.target - p.destinationEnd : 0n),
            0n,
          ),
        }),
      );
      const stuck = notCaughtUpError(plan.mirror, caughtUp);
      if (stuck) throw stuck;
      if (input.force) break;
      // Producers that came back while the mirror caught up would lose what they write next.
      const again = await readCatchUpTargets(source, plan.partitions, plan.sourceLabel);
      if (sameOffsets(again, targets)) break;
      deps.warn(
        `${sum(again, targets)} record(s) arrived on the source while the mirror caught up: waiting for quiet again`,
      );
    }
    result.groups = { compared: false, note: GROUPS_NOTE };
    deps.requireTimeLeft(STOP_RESERVE_MS, 'about to stop the topics; nothing was stopped');
    return await stopAndVerify(client, source, plan, targets, result, deps, started);
  } finally {
    await source.close().catch(() => undefined);
  }
}

async function stopAndVerify(
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
      `${moved.map((t) => `${t.topic} (${t.states})`).join(', ')} left MIRRORING after catching up; nothing was stopped`,
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

/** Fills stopped / notStopped from the last rows seen; complete only without an error and with every topic STOPPED. */
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

/** Step 5's check: destination end ≥ source end + 1 (the PID-reset marker); more is control records. */
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

/** A verified promote that found records missing (written to the source after it read it). */
export function promoteLossError(result: PromoteResult): MirrorError | null {
  const lost = result.topics.flatMap((t) =>
    t.partitions
      .filter((p) => p.verified === 'source-moved')
      .map((p) => `${t.topic}-${p.partition} (${p.missing} record(s))`),
  );
  if (lost.length === 0) return null;
  return new MirrorError(
    `the topics were stopped, but the source received records the destination does not have: ${lost.join(', ')}`,
    'failed',
    { hint: 'producers still wrote to the source after promote read it; those records exist only on the source' },
  );
}
