// mirror/topics/: remove-topics, pause and resume pick topics of ONE mirror and send only those the broker
// will accept: it refuses the WHOLE request (145) when one listed topic has a partition outside the states it
// needs (PROTOCOL.md §3), so one FAILED topic would block the failover of every other.

import type { OpenTransactionPartition } from '../describe/open-transactions.js';
import { KafkaResponseError, MirrorError, NotFoundError, WholeRequestRefusedError } from '../core/errors.js';
import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError, kafkaErrorHint, errors } from '../../kafka/error-codes.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import type { ResponseOf } from '../../kafka/message-types.js';
import {
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
  PauseMirrorTopics,
  ResumeMirrorTopics,
  StopMirrorTopics,
} from '../../kafka/messages/index.js';
import { describeMirrors, failedRetryMaxAttempts } from '../describe/describe.js';
import { type FailureDiagnosis, causeHint, topicFailureCauses } from '../describe/failure-causes.js';
import { combine, summarize, type PartitionRow } from '../describe/lag.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import { compilePatterns } from './topic-selection.js';
import { nameList } from '../core/name-list.js';
import { sendOrReadBack } from '../core/read-back.js';
import { findWedgedTopics } from '../describe/wedged-topics.js';
import { actedTopics, type TopicActionResponse } from './topic-action-read-back.js';
import type { FinalPartition } from './final-partition.js';
import { splitListValue } from '../core/list-value.js';

export type TopicAction = 'stop' | 'pause' | 'resume';

export interface ActionSpec {
  readonly action: TopicAction;
  readonly api: typeof StopMirrorTopics | typeof PauseMirrorTopics | typeof ResumeMirrorTopics;
  readonly command: string;
  readonly movable: readonly string[];
  readonly target: string;
  readonly transit: readonly string[];
  readonly verb: string;
  readonly past: string;
  /** States the broker's pre-validation lets through but the controller refuses per topic, with why. */
  readonly refused?: Readonly<Record<string, string>>;
}

export const ACTION_SPECS: Readonly<Record<TopicAction, ActionSpec>> = {
  stop: {
    action: 'stop',
    api: StopMirrorTopics,
    command: 'remove-topics',
    movable: ['MIRRORING'],
    target: 'STOPPED',
    transit: ['STOPPING'],
    verb: 'stop',
    past: 'stopped',
    // Pre-validation accepts PAUSED, but the controller answers MIRROR_TOPIC_ALREADY_PAUSED (140) per topic.
    refused: {
      PAUSED:
        'the topic is paused, and the broker refuses to stop a paused topic (MIRROR_TOPIC_ALREADY_PAUSED): ' +
        'resume it first (kmirror resume), or select it with a --pattern that goes to mirror.topics.exclude, ' +
        'which makes the broker stop every matching topic',
    },
  },
  pause: {
    action: 'pause',
    api: PauseMirrorTopics,
    command: 'pause',
    movable: ['MIRRORING'],
    target: 'PAUSED',
    transit: ['PAUSING'],
    verb: 'pause',
    past: 'paused',
  },
  resume: {
    action: 'resume',
    api: ResumeMirrorTopics,
    command: 'resume',
    movable: ['PAUSED'],
    target: 'MIRRORING',
    transit: ['LOG_TRUNCATION', 'EPOCH_FENCING'],
    verb: 'resume',
    past: 'resumed',
  },
};

export interface TopicActionInput {
  readonly mirror: string;
  readonly topics: readonly string[];
  readonly patterns: readonly string[];
}

/** What StopMirrorTopics' Patterns does to the mirror's stored lists (PROTOCOL.md §3, Stop step 3). */
export type PatternEffect = 'remove-from-include' | 'add-to-exclude' | 'already-excluded' | 'unknown';

export interface PatternPlan {
  readonly pattern: string;
  readonly matched: string[];
  /** Stop only (pause/resume patterns only select topics): null otherwise. */
  readonly effect: PatternEffect | null;
}

export interface PartitionStateRow {
  /** @minimum 0 */
  readonly partition: number;
  readonly state: string;
  /** @minimum -1 */
  readonly retryAttempt: number;
  readonly errorMessage: string | null;
}

export type TopicClass = 'send' | 'noop' | 'in-transit' | 'blocked' | 'via-pattern';

export interface TopicToAct {
  readonly topic: string;
  readonly named: boolean;
  readonly verdict: TopicClass;
  readonly states: string;
  readonly partitions: PartitionStateRow[];
  readonly reason?: string;
  readonly pattern?: string;
  readonly causes?: FailureDiagnosis[];
}

export interface TopicActionPlan {
  readonly mirror: string;
  readonly spec: ActionSpec;
  readonly topics: TopicToAct[];
  readonly notInMirror: NotInMirror[];
  readonly patterns: PatternPlan[];
  readonly send: string[];
  readonly sendsRequest: boolean;
  readonly brokerWarnings: string[];
  readonly openTransactions?: OpenTransactionPartition[];
}

export interface NotInMirror {
  readonly topic: string;
  /** The mirror that lists the topic instead, when one does. */
  readonly mirror: string | null;
}

/**
 * A topic stop does not name but a pattern sent to mirror.topics.exclude asks the broker to stop: the
 * controller records it STOPPED, yet FAILED partitions ignore that (§18), so it is only requested.
 */
export interface ViaPatternTopic {
  readonly topic: string;
  readonly pattern: string;
  /** Its partition states as last read ("2 FAILED"): before sending, or at the end of --wait. */
  state: string;
  /**
   * Partitions not STOPPED as last read; the command exits 0 only when this is 0 for every such topic.
   * @minimum 0
   */
  notStopped: number;
}

/** A topic left out of the request because of its partition states. */
export interface BlockedTopic {
  topic: string;
  reason: string;
  partitions: PartitionStateRow[];
  /** For FAILED partitions: the recognised causes (failure-causes.ts), each with the recovery that works. */
  causes: FailureDiagnosis[];
}

export interface TopicActionResult<A extends TopicAction = TopicAction> {
  mirror: string;
  action: A;
  dryRun: boolean;
  /** Topics of this mirror selected by --topic or --pattern. */
  requested: string[];
  /** Topics in the request (with --dry-run: that would be). */
  sent: string[];
  succeeded: string[];
  noop: { topic: string; state: string }[];
  blocked: BlockedTopic[];
  /**
   * Stop only: not listed in the request, but matched by a pattern that goes to mirror.topics.exclude, so the broker
   * marks it STOPPED.
   */
  viaPattern: A extends 'stop' ? ViaPatternTopic[] : [];
  failed: { topic: string; error: { code: number; name: string; message: string; hint: string | null } }[];
  notInMirror: NotInMirror[];
  patterns: PatternPlan[];
  /** Partition states after --wait (null without --wait). */
  final: FinalPartition[] | null;
  /**
   * remove-topics: source partitions of the sent topics with open transactions before the stop (last stable
   * offset below the high watermark); the destination aborts up to `records` of each. Absent when not read.
   */
  openTransactions?: OpenTransactionPartition[];
}

function countStates(states: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const s of states) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.keys()]
    .sort()
    .map((s) => `${counts.get(s) ?? 0} ${s}`)
    .join(', ');
}

function joinOr(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}

export function classifyTopic(
  spec: ActionSpec,
  topic: string,
  named: boolean,
  rows: readonly PartitionRow[] | undefined,
): TopicToAct {
  const partitions: PartitionStateRow[] = (rows ?? []).map((r) => ({
    partition: r.partition,
    state: r.state,
    retryAttempt: r.retryAttempt,
    errorMessage: r.errorMessage,
  }));
  const states = partitions.map((p) => p.state);
  const base = { topic, named, states: countStates(states), partitions };
  if (states.length === 0) {
    return {
      ...base,
      states: 'none reported',
      verdict: 'blocked',
      reason:
        `no broker reports a partition state for it yet (just started, or its leader did not answer); ` +
        `the broker ${spec.verb}s a topic only when every partition is ${joinOr(spec.movable)}`,
    };
  }
  if (states.every((s) => s === spec.target)) return { ...base, verdict: 'noop' };
  if (states.every((s) => spec.movable.includes(s))) return { ...base, verdict: 'send' };
  const allowed = new Set([...spec.movable, spec.target, ...spec.transit]);
  // A mix of target, transit and movable states means the same action is already under way.
  if (states.every((s) => allowed.has(s)) && states.some((s) => s === spec.target || spec.transit.includes(s)))
    return { ...base, verdict: 'in-transit' };
  const off = partitions.filter((p) => !spec.movable.includes(p.state));
  const refusal = off.every((p) => spec.refused?.[p.state] !== undefined)
    ? spec.refused?.[off[0]?.state ?? '']
    : undefined;
  if (refusal) return { ...base, verdict: 'blocked', reason: refusal };
  const failed = off.filter((p) => p.state === 'FAILED');
  let reason =
    `${countStates(off.map((p) => p.state))}: the broker ${spec.verb}s a topic only when every ` +
    `partition is ${joinOr(spec.movable)}, and refuses the whole request otherwise`;
  if (failed.length > 0) {
    const permanent = failed.some((p) => p.retryAttempt === -1);
    const message = failed.find((p) => p.errorMessage)?.errorMessage;
    reason += message ? ` (error: ${message})` : '';
    reason += permanent
      ? '; the failure is not retryable, so it stays FAILED'
      : `; FAILED partitions retry on their own: run ${spec.command} again once they are back to ` +
        `${joinOr(spec.movable)}`;
  }
  return { ...base, verdict: 'blocked', reason };
}

function withFailureCauses(planned: TopicToAct, mirror: string, retryMaxAttempts: number | null): TopicToAct {
  if (planned.verdict !== 'blocked') return planned;
  const causes = topicFailureCauses(mirror, planned.partitions, retryMaxAttempts);
  return causes.length > 0 ? { ...planned, causes } : planned;
}

function effectOf(
  pattern: string,
  include: readonly string[] | null,
  exclude: readonly string[] | null,
): PatternEffect {
  if (include === null || exclude === null) return 'unknown';
  if (include.includes(pattern)) return 'remove-from-include';
  return exclude.includes(pattern) ? 'already-excluded' : 'add-to-exclude';
}

export interface PlanDependencies {
  warn(message: string): void;
}

export interface MirrorTopicSelection {
  readonly listed: ResponseOf<typeof ListClusterMirrors>['Mirrors'];
  readonly rows: ReadonlyMap<string, PartitionRow[]>;
  readonly selected: string[];
  readonly named: ReadonlySet<string>;
  readonly notInMirror: NotInMirror[];
  readonly patterns: PatternPlan[];
  readonly brokerWarnings: string[];
}

export async function selectMirrorTopics(
  client: KafkaClient,
  input: TopicActionInput,
  deps: PlanDependencies,
): Promise<MirrorTopicSelection> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: true });
  if (listed.ErrorCode !== 0)
    throw new KafkaResponseError(listed.ErrorCode, listed.ErrorMessage, { api: 'ListClusterMirrors' });
  const mine = listed.Mirrors.find((m) => m.MirrorName === input.mirror);
  if (!mine) throw new NotFoundError('mirror', input.mirror);

  const described = await describeMirrors(client, [input.mirror], { namesKnownToExist: true });
  const deniedEntry = described.errors.find((e) => e.name === input.mirror);
  if (deniedEntry)
    throw new KafkaResponseError(deniedEntry.errorCode, null, { api: 'DescribeClusterMirrors', mirror: input.mirror });
  const brokerWarnings = described.brokerWarnings.map(
    (w) =>
      `broker ${w.broker} did not answer DescribeClusterMirrors (${w.message}); partitions it leads are ` +
      `missing from the plan`,
  );
  for (const warning of brokerWarnings) deps.warn(warning);

  const rows = new Map<string, PartitionRow[]>();
  for (const t of described.mirrors.find((m) => m.name === input.mirror)?.topics ?? []) rows.set(t.name, t.partitions);
  // STOPPED topics only appear in the describe; topics just started only in the list.
  const universe = new Set<string>([...rows.keys(), ...mine.TopicNames]);

  const named = new Set(input.topics);
  const selected = new Set<string>();
  const notInMirror: NotInMirror[] = [];
  for (const name of input.topics) {
    if (universe.has(name)) selected.add(name);
    else
      notInMirror.push({
        topic: name,
        mirror:
          listed.Mirrors.find((m) => m.MirrorName !== input.mirror && m.TopicNames.includes(name))?.MirrorName ?? null,
      });
  }
  const sortedUniverse = [...universe].sort();
  const patterns: PatternPlan[] = input.patterns.map((pattern) => {
    const re = compilePatterns([pattern], '--pattern') as RegExp;
    const matched = sortedUniverse.filter((t) => re.test(t));
    for (const t of matched) selected.add(t);
    return { pattern, matched, effect: null };
  });
  return {
    listed: listed.Mirrors,
    rows,
    selected: [...selected].sort(),
    named,
    notInMirror,
    patterns,
    brokerWarnings,
  };
}

export async function planTopicAction(
  client: KafkaClient,
  spec: ActionSpec,
  input: TopicActionInput,
  deps: PlanDependencies,
): Promise<TopicActionPlan> {
  await client.requireMirroring([
    spec.api,
    DescribeClusterMirrors,
    ListClusterMirrors,
    ...(spec.action === 'stop' ? [DescribeConfigs] : []),
  ]);
  const { listed, rows, selected, named, notInMirror, patterns, brokerWarnings } = await selectMirrorTopics(
    client,
    input,
    deps,
  );
  const wedged = wedgedIn(input.mirror, listed, rows);

  if (spec.action === 'stop' && patterns.length > 0) {
    let include: string[] | null = null;
    let exclude: string[] | null = null;
    try {
      const stored = await describeMirrorConfigs(client, input.mirror);
      include = splitListValue(stored.get('mirror.topics.include'));
      // Absent means the broker default __.* (PROTOCOL.md §11.1).
      // The controller starts from "" for a list never stored (not from the __.* default).
      exclude = splitListValue(stored.get('mirror.topics.exclude'));
    } catch (err) {
      if (!(err instanceof KafkaProtocolError)) throw err;
      deps.warn(
        `cannot read mirror ${input.mirror}'s mirror.topics.include (${kafkaError(err.code).name}), so ` +
          `kmirror cannot say whether each pattern leaves the include list or joins the exclude list`,
      );
    }
    for (const [i, p] of patterns.entries()) patterns[i] = { ...p, effect: effectOf(p.pattern, include, exclude) };
  }

  // The controller switches every topic matching the new exclude list to STOPPED, whatever its state.
  const excluding = patterns.filter((p) => p.effect === 'add-to-exclude' || p.effect === 'already-excluded');
  const retryMaxAttempts = selected.some((t) => rows.get(t)?.some((p) => p.state === 'FAILED'))
    ? await failedRetryMaxAttempts(client)
    : null;
  const topics = selected.map((t) => {
    const stuck = wedged.get(t);
    if (stuck) return stuck(classifyTopic(spec, t, named.has(t), rows.get(t)));
    const planned = withFailureCauses(
      classifyTopic(spec, t, named.has(t), rows.get(t)),
      input.mirror,
      retryMaxAttempts,
    );
    const pattern = planned.verdict === 'blocked' ? excluding.find((p) => p.matched.includes(t)) : undefined;
    return pattern
      ? { ...planned, verdict: 'via-pattern' as const, pattern: pattern.pattern, reason: undefined }
      : planned;
  });
  const send = topics.filter((t) => t.verdict === 'send').map((t) => t.topic);
  return {
    mirror: input.mirror,
    spec,
    topics,
    notInMirror,
    patterns,
    send,
    sendsRequest: send.length > 0 || (spec.action === 'stop' && patterns.length > 0),
    brokerWarnings,
  };
}

/** The broker refuses every request naming a wedged topic and no pattern changes it. */
function wedgedIn(
  mirror: string,
  listed: MirrorTopicSelection['listed'],
  rows: ReadonlyMap<string, PartitionRow[]>,
): Map<string, (planned: TopicToAct) => TopicToAct> {
  const names = new Map(listed.map((m) => [m.MirrorName, new Set(m.TopicNames)]));
  const topics = [...rows].map(([name, partitions]) => ({ name, summary: summarize(partitions), partitions }));
  const result = {
    mirrors: [{ name: mirror, summary: combine([]), topics }],
    notFound: [],
    errors: [],
    brokerWarnings: [],
  };
  return new Map(
    findWedgedTopics(result, names).map((w) => [
      w.topic,
      (planned: TopicToAct): TopicToAct => ({
        ...planned,
        verdict: 'blocked',
        reason: w.summary,
        causes: [{ cause: 'wedged', summary: w.summary, recovery: w.recovery }],
      }),
    ]),
  );
}

export function requestOf(plan: TopicActionPlan): {
  MirrorName: string;
  Topics: { TopicName: string }[];
  Patterns?: string[];
  StateValidationOffset: bigint;
} {
  return {
    MirrorName: plan.mirror,
    Topics: plan.send.map((TopicName) => ({ TopicName })),
    ...(plan.spec.action === 'stop' ? { Patterns: plan.patterns.map((p) => p.pattern) } : {}),
    StateValidationOffset: -1n,
  };
}

function blockedOf(plan: TopicActionPlan): BlockedTopic[] {
  return plan.topics
    .filter((t) => t.verdict === 'blocked')
    .map((t) => ({ topic: t.topic, reason: t.reason ?? '', partitions: t.partitions, causes: t.causes ?? [] }));
}

export function topicActionResultOf(plan: TopicActionPlan, dryRun: boolean): TopicActionResult {
  return {
    mirror: plan.mirror,
    action: plan.spec.action,
    dryRun,
    requested: plan.topics.map((t) => t.topic),
    sent: plan.sendsRequest ? [...plan.send] : [],
    succeeded: [],
    noop: plan.topics
      .filter((t) => t.verdict === 'noop' || t.verdict === 'in-transit')
      .map((t) => ({ topic: t.topic, state: t.states })),
    blocked: blockedOf(plan),
    viaPattern: plan.topics
      .filter((t) => t.verdict === 'via-pattern')
      .map((t) => ({
        topic: t.topic,
        pattern: t.pattern ?? '',
        state: t.states,
        notStopped: t.partitions.filter((p) => p.state !== 'STOPPED').length,
      })),
    failed: [],
    notInMirror: [...plan.notInMirror],
    patterns: plan.patterns.map((p) => ({ ...p, matched: [...p.matched] })),
    final: null,
    ...(plan.openTransactions ? { openTransactions: [...plan.openTransactions] } : {}),
  };
}

function wholeRequestError(plan: TopicActionPlan, code: number, message: string | null): MirrorError {
  const { spec, mirror } = plan;
  if (code === errors.INVALID_CLUSTER_MIRROR_STATES.code) {
    // On the prototype 145 answers almost every state conflict: its text is often the only detail.
    const said = message?.trim() ? ` (broker: ${message.trim()})` : '';
    // Sent FAILED on purpose (remove-topics --send-while-source-down): the refusal is the broker's rule, not a race.
    const failed = plan.topics
      .filter((t) => t.verdict === 'send' && t.partitions.some((p) => p.state === 'FAILED'))
      .map((t) => t.topic);
    if (failed.length > 0)
      return new WholeRequestRefusedError(
        `the broker refused the whole ${spec.api.name} request (${errors.INVALID_CLUSTER_MIRROR_STATES.name})` +
          `${said}: it does not ${spec.verb} a topic by name while a partition is FAILED, as during a source ` +
          `outage (${failed.join(', ')}); nothing was ${spec.past}`,
        'failed',
        {
          hint:
            `no request makes the topic writable while its source does not answer the brokers; kmirror ` +
            `${spec.command} ${mirror} --topic ${failed.join(',')} (without --send-while-source-down) lists the ` +
            'options that work',
          kafkaError: { code, name: kafkaError(code).name },
        },
      );
    return new WholeRequestRefusedError(
      `the broker refused the whole ${spec.api.name} request: a listed topic changed state after kmirror ` +
        `described it (${errors.INVALID_CLUSTER_MIRROR_STATES.name})${said}; nothing was ${spec.past}`,
      'failed',
      {
        hint:
          `run kmirror ${spec.command} ${mirror} again: it describes the topics first and sends only those ` +
          `the broker will accept`,
        kafkaError: { code, name: kafkaError(code).name },
      },
    );
  }
  return new KafkaResponseError(code, message, { api: spec.api.name, mirror });
}

export async function sendTopicAction(
  client: KafkaClient,
  plan: TopicActionPlan,
  warn: (message: string) => void = () => undefined,
): Promise<TopicActionResult> {
  const result = topicActionResultOf(plan, false);
  if (!plan.sendsRequest) return result;
  const { spec } = plan;
  const body = requestOf(plan);
  const options = { retryErrorCodes: false } as const;
  const send = (): Promise<TopicActionResponse> =>
    spec.action === 'stop'
      ? client.send(StopMirrorTopics, body, undefined, options)
      : spec.action === 'pause'
        ? client.send(PauseMirrorTopics, body, undefined, options)
        : client.send(ResumeMirrorTopics, body, undefined, options);
  const response = await sendOrReadBack(send, actedTopics(client, plan), warn);
  if (response.ErrorCode !== 0) throw wholeRequestError(plan, response.ErrorCode, response.ErrorMessage);

  // Pause lists no successes and Resume names already-mirroring topics "": a success is a sent topic without an error
  // entry.
  const topicErrors = new Map<string, { code: number; message: string | null }>();
  for (const t of response.Topics)
    if (t.Name !== '' && t.ErrorCode !== 0 && !topicErrors.has(t.Name))
      topicErrors.set(t.Name, { code: t.ErrorCode, message: t.ErrorMessage });
  for (const topic of plan.send) {
    const error = topicErrors.get(topic);
    if (!error) {
      result.succeeded.push(topic);
      continue;
    }
    const context = { api: spec.api.name, mirror: plan.mirror, topic };
    const mapped = new KafkaResponseError(error.code, error.message, context);
    result.failed.push({
      topic,
      error: {
        code: error.code,
        name: kafkaError(error.code).name,
        message: mapped.message,
        hint: kafkaErrorHint(error.code, context),
      },
    });
  }
  return result;
}

/** Nothing done: the problem's own code (6 not in the mirror, 1 blocked, the Kafka code's for refused topics). */
export function outcomeError(result: TopicActionResult, spec: ActionSpec): MirrorError | null {
  const problems = result.blocked.length + result.failed.length + result.notInMirror.length;
  if (problems === 0 && !result.dryRun) {
    const requested = viaPatternPendingError(result);
    if (requested) return requested;
  }
  if (problems === 0) {
    // Stop still saves its patterns (no match yet = exclude future topics); pause/resume did nothing.
    if (spec.action !== 'stop' && result.requested.length === 0 && !result.dryRun) {
      return new MirrorError(`no topic of mirror '${result.mirror}' matches the pattern(s)`, 'not-found', {
        hint: `kmirror describe ${result.mirror} lists the mirror's topics`,
      });
    }
    return null;
  }
  const done =
    result.succeeded.length +
    result.noop.length +
    result.viaPattern.filter((v) => v.notStopped === 0).length +
    (spec.action === 'stop' && result.patterns.length > 0 && !result.dryRun ? 1 : 0);
  const parts = [
    result.blocked.length > 0
      ? `${result.blocked.length} blocked (${nameList(result.blocked.map((b) => b.topic))})`
      : '',
    result.failed.length > 0
      ? `${result.failed.length} refused by the broker (${nameList(result.failed.map((f) => f.topic))})`
      : '',
    result.notInMirror.length > 0
      ? `${result.notInMirror.length} not in mirror '${result.mirror}' ` +
        `(${nameList(result.notInMirror.map((n) => n.topic))})`
      : '',
  ].filter(Boolean);
  if (result.dryRun) return null;
  if (done > 0) {
    // Mixed results: a named topic that is not there is the most specific outcome (6 over 3).
    const kind = result.notInMirror.length > 0 ? 'not-found' : 'partial';
    return new MirrorError(`not every topic was ${spec.past}: ${parts.join('; ')}`, kind, {
      hint: 'the output says why for each topic',
    });
  }
  const firstFailure = result.failed[0];
  if (firstFailure) {
    return new MirrorError(
      `${parts.join('; ')}: nothing was ${spec.past}; first: ${firstFailure.error.message}`,
      kafkaError(firstFailure.error.code).exit,
      {
        hint: firstFailure.error.hint,
        kafkaError: { code: firstFailure.error.code, name: firstFailure.error.name },
      },
    );
  }
  if (result.blocked.length > 0) {
    const cause = result.blocked.flatMap((b) => b.causes)[0];
    return new MirrorError(`nothing was ${spec.past}: ${parts.join('; ')}`, 'failed', {
      hint: cause
        ? causeHint(cause)
        : `the broker accepts ${spec.verb} only for topics whose partitions are all ${joinOr(spec.movable)}; ` +
          `kmirror describe ${result.mirror} shows the states`,
    });
  }
  return new MirrorError(
    `topic(s) not in mirror '${result.mirror}': ${nameList(result.notInMirror.map((n) => n.topic))}; nothing was sent`,
    'not-found',
    {
      hint: `kmirror describe ${result.mirror} lists the mirror's topics`,
    },
  );
}

function viaPatternPendingError(result: TopicActionResult): MirrorError | null {
  const pending = result.viaPattern.filter((v) => v.notStopped > 0);
  if (pending.length === 0) return null;
  const partitions = pending.reduce((n, v) => n + v.notStopped, 0);
  const failed = pending.some((v) => /FAILED/.test(v.state));
  return new MirrorError(
    `stop requested through a stored pattern for ${nameList(pending.map((v) => `${v.topic} (${v.state})`))}; ` +
      `${partitions} partition(s) not STOPPED yet`,
    'partial',
    {
      hint: failed
        ? 'FAILED partitions ignore a stop stored while they are FAILED: the topic stays read-only and mirrors ' +
          'again when its source returns (then it is wedged: kmirror describe ' +
          `${result.mirror} shows it with the recovery that works)`
        : `kmirror ${ACTION_SPECS.stop.command} ${result.mirror} --wait <duration> waits until they are STOPPED`,
    },
  );
}

export function waitedTopics(plan: TopicActionPlan, result: TopicActionResult): string[] {
  const inTransit = plan.topics
    .filter((t) => t.verdict === 'in-transit' || t.verdict === 'via-pattern')
    .map((t) => t.topic);
  return [...new Set([...result.succeeded, ...inTransit])].sort();
}

export function settleViaPattern(result: TopicActionResult, rows: readonly FinalPartition[]): void {
  for (const v of result.viaPattern) {
    const mine = rows.filter((r) => r.topic === v.topic);
    if (mine.length === 0) continue;
    v.state = countStates(mine.map((r) => r.state));
    v.notStopped = mine.filter((r) => r.state !== 'STOPPED').length;
  }
}
