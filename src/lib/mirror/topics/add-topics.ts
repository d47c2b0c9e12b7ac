// add-topics: StartMirrorTopics with each topic's SOURCE id and partition count, and the patterns
// as IncludePatterns/ExcludePatterns so the broker saves them for auto-discovery. The plan is made
// before sending (source metadata + every mirror's topics), so the one request sent can succeed.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import { KafkaResponseError, MirrorError, NotFoundError, WholeRequestRefusedError } from '../core/errors.js';
import type { PropertyEntry } from '../../connection/properties-file.js';
import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError, kafkaErrorHint, errors } from '../../kafka/error-codes.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import type { RequestInput, ResponseOf } from '../../kafka/message-types.js';
import {
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
  StartMirrorTopics,
} from '../../kafka/messages/index.js';
import { ZERO_UUID } from '../../kafka/wire/uuid.js';
import { describeMirrors } from '../describe/describe.js';
import { type FailureDiagnosis, topicFailureCauses } from '../describe/failure-causes.js';
import type { PartitionRow } from '../describe/lag.js';
import { describeMirrorConfigs, listSourceTopics } from '../core/source-client.js';
import { type TopicToAdd, type TopicOwnership, classifyTopics, isSent } from './topic-selection.js';
import { readCatchUpTargetsFrom, waitUntilCaughtUp, type CatchUpOutcome } from './caught-up.js';
import { nameList } from '../core/name-list.js';
import { listedTopics } from '../core/list.js';
import { type ReadBack, answerFromReadBack, applied, notApplied, sendOrReadBack } from '../core/read-back.js';
import { type LoopCheck, checkMirrorLoops } from '../describe/loop-check.js';
import { type DestinationTruncation, destinationTruncation } from './readd-truncation.js';
import { sourceSettingsOf } from '../core/source-access.js';
import { splitListValue } from '../core/list-value.js';

export const ADD_TOPICS_APIS = [
  StartMirrorTopics,
  DescribeClusterMirrors,
  ListClusterMirrors,
  DescribeConfigs,
] as const;

export interface AddTopicsInput {
  readonly mirror: string;
  readonly topics: readonly string[];
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly allowMissing: boolean;
  readonly sourceConfig?: ReadonlyMap<string, PropertyEntry>;
  readonly sourceConfigName?: string;
  readonly sourceProfile?: ConnectionConfig;
}

export interface AddTopicsDependencies {
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
}

export type StartRequest = RequestInput<typeof StartMirrorTopics>;

export interface AddTopicsPlan {
  readonly mirror: string;
  readonly sourceBootstrap: readonly string[];
  readonly topics: readonly TopicToAdd[];
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly request: StartRequest | null;
  readonly addedByPattern: readonly string[];
  readonly sourceSettings: ConnectionConfig;
  readonly loopCheck: LoopCheck;
  readonly truncation: DestinationTruncation;
}

export interface AddTopicsResult {
  mirror: string;
  added: {
    topic: string;
    /** Source topic id (base64url); null when sent without one (--allow-missing). */
    topicId: string | null;
    /** Source partition count; null when unknown (--allow-missing). @minimum 0 */
    partitions: number | null;
  }[];
  skipped: {
    topic: string;
    reason: SkipReason;
    mirror?: string;
    state?: string;
    /** FAILED partitions in that mirror: the recognised causes, each with the recovery that works. */
    causes?: FailureDiagnosis[];
  }[];
  failed: { topic: string; error: { code: number; name: string; message: string } }[];
  patterns: { include: string[]; exclude: string[] };
  /** Whether the source mirrors a selected topic from this cluster (checked before sending). */
  loopCheck: LoopCheck;
  /** What the start truncates on the destination, per partition, and the records lost. */
  truncation: DestinationTruncation;
  dryRun: boolean;
}

export type SkipReason = 'already-mirrored' | 'in-other-mirror' | 'missing-on-source' | 'excluded-by-mirror';

export interface TopicFailureDetail {
  readonly topic: string;
  readonly hint: string | null;
}

async function topicOwnership(
  client: KafkaClient,
  mirror: string,
): Promise<{ ownership: Map<string, TopicOwnership>; exists: boolean }> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: true });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  const exists = listed.Mirrors.some((m) => m.MirrorName === mirror);
  if (!exists) return { ownership: new Map(), exists };

  // List leaves STOPPED topics out: the described rows add them.
  const active = new Map<string, string>();
  for (const m of listed.Mirrors) for (const topic of m.TopicNames) active.set(topic, m.MirrorName);
  const described = await describeMirrors(client, []);
  const warning = described.brokerWarnings[0];
  if (warning) {
    throw new MirrorError(
      `broker ${warning.broker} did not answer DescribeClusterMirrors (${warning.message}), so kmirror ` +
        `cannot tell which topics are already mirrored`,
      'failed',
      {
        hint:
          'the broker refuses the whole request if one listed topic is already mirrored; retry when every ' +
          'broker answers',
      },
    );
  }
  const rows = new Map<string, Map<string, PartitionRow[]>>();
  for (const m of described.mirrors) {
    for (const t of m.topics) {
      const perMirror = rows.get(t.name) ?? new Map<string, PartitionRow[]>();
      perMirror.set(m.name, t.partitions);
      rows.set(t.name, perMirror);
    }
  }
  const ownership = new Map<string, TopicOwnership>();
  for (const topic of new Set([...active.keys(), ...rows.keys()])) {
    const perMirror = rows.get(topic) ?? new Map<string, PartitionRow[]>();
    const owner = active.get(topic) ?? [...perMirror.keys()].sort()[0];
    if (owner === undefined) continue;
    const partitions = perMirror.get(owner) ?? [];
    const causes = topicFailureCauses(owner, partitions, null);
    ownership.set(topic, {
      mirror: owner,
      active: active.has(topic),
      states: partitions.map((p) => p.state),
      ...(causes.length > 0 ? { causes } : {}),
    });
  }
  return { ownership, exists };
}

export async function planAddTopics(
  client: KafkaClient,
  input: AddTopicsInput,
  deps: AddTopicsDependencies,
): Promise<AddTopicsPlan> {
  await client.requireMirroring(ADD_TOPICS_APIS);
  const { ownership, exists } = await topicOwnership(client, input.mirror);
  if (!exists) throw new NotFoundError('mirror', input.mirror);
  const stored = await describeMirrorConfigs(client, input.mirror);

  const settings = await sourceSettingsOf({ mirror: input.mirror, stored }, input, deps.warn);
  const hereClusterId = (await client.clusterView()).clusterId;
  const source = await deps.openSource(settings);
  let topics: TopicToAdd[];
  let loopCheck: LoopCheck;
  let truncation: DestinationTruncation;
  try {
    const sourceTopics = await listSourceTopics(source, settings.bootstrap);
    topics = classifyTopics({
      mirror: input.mirror,
      named: input.topics,
      include: input.include,
      exclude: input.exclude,
      allowMissing: input.allowMissing,
      sourceTopics,
      ownership,
      storedExclude: splitListValue(stored.get('mirror.topics.exclude')),
    });
    const started = new Set(topics.filter((t) => isSent(t.action)).map((t) => t.topic));
    loopCheck = await checkMirrorLoops(source, hereClusterId, (topic) => started.has(topic));
    const onSource = topics.filter((t) => t.action === 'add' || t.action === 'restart');
    truncation = await destinationTruncation(
      client,
      source,
      onSource.map((t) => ({ topic: t.topic, stoppedInMirror: t.action === 'restart' })),
    );
  } finally {
    await source.close().catch(() => undefined);
  }
  if (truncation.readFailures.length > 0)
    deps.warn(
      `end offsets not read (${truncation.readFailures.join('; ')}): the report of what the start truncates ` +
        `on the destination may miss those partitions`,
    );
  const sent = topics.filter((t) => isSent(t.action));
  const hasPatterns = input.include.length > 0 || input.exclude.length > 0;
  const request: StartRequest | null =
    sent.length === 0 && !hasPatterns
      ? null
      : {
          MirrorName: input.mirror,
          Topics: sent.map((t) => ({
            TopicId: t.topicId ?? ZERO_UUID,
            TopicName: t.topic,
            NumPartitions: t.partitions ?? 0,
          })),
          IncludePatterns: [...input.include],
          ExcludePatterns: [...input.exclude],
          StateValidationOffset: -1n,
        };
  return {
    sourceSettings: settings,
    mirror: input.mirror,
    sourceBootstrap: settings.bootstrap,
    topics,
    include: input.include,
    exclude: input.exclude,
    request,
    addedByPattern: sent.filter((t) => !t.named).map((t) => t.topic),
    loopCheck,
    truncation,
  };
}

export const LARGE_START = 100;

/**
 * Why sending this plan needs a yes, or null: it loses records written on the destination, makes a mirror
 * loop (--allow-mirror-loop: this cluster's topic turns read-only), starts topics only a pattern selected,
 * saves patterns
 * in the mirror (auto-discovery starts what matches later; an exclude pattern stops mirror topics it
 * matches), or starts more than {@link LARGE_START} topics at once.
 */
export function confirmationReason(
  plan: AddTopicsPlan,
): 'truncates-destination' | 'mirror-loop' | 'pattern-matches' | 'patterns-saved' | 'many-topics' | null {
  if (plan.request === null) return null;
  // A truncation that loses nothing (the copy brings every record back) is not asked about.
  if (plan.truncation.lostRecords > 0n) return 'truncates-destination';
  if (plan.loopCheck.overridden && plan.loopCheck.loops.length > 0) return 'mirror-loop';
  if (plan.addedByPattern.length > 0) return 'pattern-matches';
  if (plan.include.length > 0 || plan.exclude.length > 0) return 'patterns-saved';
  if ((plan.request.Topics?.length ?? 0) > LARGE_START) return 'many-topics';
  return null;
}

const SKIP_REASONS: Readonly<Partial<Record<TopicToAdd['action'], SkipReason>>> = {
  'already-mirrored': 'already-mirrored',
  'in-other-mirror': 'in-other-mirror',
  'missing-on-source': 'missing-on-source',
  'excluded-by-mirror': 'excluded-by-mirror',
};

export function addTopicsResultOf(plan: AddTopicsPlan, dryRun: boolean): AddTopicsResult {
  const result: AddTopicsResult = {
    mirror: plan.mirror,
    added: [],
    skipped: [],
    failed: [],
    patterns: { include: [...plan.include], exclude: [...plan.exclude] },
    loopCheck: plan.loopCheck,
    truncation: plan.truncation,
    dryRun,
  };
  for (const t of plan.topics) {
    const reason = SKIP_REASONS[t.action];
    if (reason)
      result.skipped.push({
        topic: t.topic,
        reason,
        ...(t.mirror ? { mirror: t.mirror } : {}),
        ...(t.state ? { state: t.state } : {}),
        ...(t.causes ? { causes: [...t.causes] } : {}),
      });
    else result.added.push({ topic: t.topic, topicId: t.topicId, partitions: t.partitions });
  }
  return result;
}

function wholeRequestError(code: number, message: string | null, mirror: string): MirrorError {
  if (code === errors.INVALID_CLUSTER_MIRROR_STATES.code) {
    // On the prototype 145 answers almost every state conflict: its text is often the only detail.
    const said = message?.trim() ? ` (broker: ${message.trim()})` : '';
    return new WholeRequestRefusedError(
      `the broker refused the whole request: a listed topic is already mirrored, paused, failed or still ` +
        `stopping on the destination (${errors.INVALID_CLUSTER_MIRROR_STATES.name})${said}; nothing was ` +
        `started`,
      'failed',
      {
        hint:
          `the broker checks every listed topic before starting any; kmirror leaves out the topics it sees ` +
          `in a mirror, so one changed state in between. Run kmirror describe ${mirror}, then add-topics ` +
          `again`,
        kafkaError: { code, name: kafkaError(code).name },
      },
    );
  }
  return new KafkaResponseError(code, message, { api: 'StartMirrorTopics', mirror });
}

export interface SendOutcome {
  readonly result: AddTopicsResult;
  readonly failures: TopicFailureDetail[];
  readonly error: MirrorError | null;
}

type StartResponse = ResponseOf<typeof StartMirrorTopics>;

/**
 * After a lost answer to StartMirrorTopics: the sent topics the mirror now lists were started; the rest are
 * folded in as failed, as the broker's answer would have been.
 */
export function startedTopics(
  client: KafkaClient,
  mirror: string,
  sent: readonly string[],
  patterns: { readonly include: readonly string[]; readonly exclude: readonly string[] } = { include: [], exclude: [] },
): ReadBack<StartResponse> {
  return {
    readWith: 'ListClusterMirrors and DescribeConfigs',
    checkWith: `kmirror describe ${mirror} and kmirror config get ${mirror}`,
    read: async () => {
      const listed = await listedTopics(client, mirror);
      if (listed === null) return notApplied(`mirror '${mirror}' is not listed`);
      const missing = sent.filter((t) => !listed.includes(t));
      let patternsStored = true;
      if (patterns.include.length > 0 || patterns.exclude.length > 0) {
        const stored = await describeMirrorConfigs(client, mirror);
        const include = splitListValue(stored.get('mirror.topics.include'));
        const exclude = splitListValue(stored.get('mirror.topics.exclude'));
        patternsStored =
          patterns.include.every((p) => include.includes(p)) && patterns.exclude.every((p) => exclude.includes(p));
      }
      if (missing.length === sent.length && (sent.length > 0 || !patternsStored))
        return notApplied(
          sent.length > 0 ? `the mirror does not list ${missing.join(', ')}` : 'the patterns are not stored',
        );
      return applied(
        answerFromReadBack(missing, 'not started: the answer was lost, and the mirror does not list this topic'),
      );
    },
  };
}

export async function sendAddTopics(
  client: KafkaClient,
  plan: AddTopicsPlan,
  warn: (message: string) => void = () => undefined,
): Promise<SendOutcome> {
  const result = addTopicsResultOf(plan, false);
  const request = plan.request;
  if (!request) return { result, failures: [], error: null };
  const response = await sendOrReadBack(
    // A retriable code copied from one topic (103) must not resend the whole request.
    () => client.send(StartMirrorTopics, request, undefined, { retryErrorCodes: false }),
    startedTopics(
      client,
      plan.mirror,
      (request.Topics ?? []).map((t) => t.TopicName ?? ''),
      plan,
    ),
    warn,
  );
  const perTopic = new Map(response.Topics.map((t) => [t.Name, t]));
  const copied = response.ErrorCode === 0 || response.Topics.some((t) => t.ErrorCode === response.ErrorCode);
  if (!copied) throw wholeRequestError(response.ErrorCode, response.ErrorMessage, plan.mirror);

  const failures: TopicFailureDetail[] = [];
  const added: AddTopicsResult['added'] = [];
  for (const entry of result.added) {
    const answer = perTopic.get(entry.topic);
    if (!answer || answer.ErrorCode === 0) {
      added.push(entry);
      continue;
    }
    const context = { api: 'StartMirrorTopics', mirror: plan.mirror, topic: entry.topic };
    const error = new KafkaResponseError(answer.ErrorCode, answer.ErrorMessage, context);
    result.failed.push({
      topic: entry.topic,
      error: { code: answer.ErrorCode, name: kafkaError(answer.ErrorCode).name, message: error.message },
    });
    failures.push({ topic: entry.topic, hint: kafkaErrorHint(answer.ErrorCode, context) });
  }
  result.added = added;
  // A dialect whose Start carries no patterns (the KIP draft) saved none: the result says so.
  if (!client.dialect.savesTopicPatterns) result.patterns = { include: [], exclude: [] };

  let error: MirrorError | null = null;
  const first = result.failed[0];
  if (first && added.length === 0) {
    const answer = perTopic.get(first.topic);
    error = new KafkaResponseError(first.error.code, answer?.ErrorMessage ?? null, {
      api: 'StartMirrorTopics',
      mirror: plan.mirror,
      topic: first.topic,
    });
    if (result.failed.length > 1) error.message = `${result.failed.length} topics failed; first: ${error.message}`;
  } else if (first) {
    error = partialFailure(result);
  }
  return { result, failures, error };
}

function partialFailure(result: AddTopicsResult): MirrorError {
  return new MirrorError(
    `${result.added.length} topic(s) added to mirror '${result.mirror}', ${result.failed.length} failed: ` +
      `${nameList(result.failed.map((f) => f.topic))}`,
    'partial',
    {
      hint: 'the output lists each failed topic with its error',
    },
  );
}

export function unmetNamedTopics(result: AddTopicsResult, plan: AddTopicsPlan): MirrorError | null {
  const named = new Set(plan.topics.filter((t) => t.named).map((t) => t.topic));
  const unmet = result.skipped.filter((s) => named.has(s.topic) && s.reason !== 'already-mirrored');
  if (unmet.length === 0) return null;
  const list = nameList(unmet.map((s) => s.topic));
  const didSomething =
    result.added.length > 0 || result.patterns.include.length > 0 || result.patterns.exclude.length > 0;
  if (didSomething) {
    return new MirrorError(`named topic(s) not added: ${list}`, 'partial', {
      hint: 'the output says why for each topic',
    });
  }
  const first = unmet[0] as AddTopicsResult['skipped'][number];
  switch (first.reason) {
    case 'missing-on-source':
      return new MirrorError(`topic(s) not found on the source cluster: ${list}; nothing was sent`, 'not-found', {
        hint:
          'check the names on the source cluster; --allow-missing sends them anyway (NumPartitions 0), so ' +
          'the mirror starts them once they appear on the source',
      });
    case 'in-other-mirror':
      return new MirrorError(`topic(s) already in another mirror: ${list}; nothing was sent`, 'failed', {
        hint: errors.TOPIC_ALREADY_IN_CLUSTER_MIRROR.hint,
        kafkaError: {
          code: errors.TOPIC_ALREADY_IN_CLUSTER_MIRROR.code,
          name: errors.TOPIC_ALREADY_IN_CLUSTER_MIRROR.name,
        },
      });
    default:
      return new MirrorError(
        `topic(s) excluded by the mirror's mirror.topics.exclude: ${list}; nothing was sent`,
        'failed',
        {
          hint:
            `the broker would refuse them (INVALID_REQUEST); change the exclude list with kmirror config ` +
            `set ${result.mirror} mirror.topics.exclude=…`,
        },
      );
  }
}

export async function waitUntilAddedCaughtUp(
  client: KafkaClient,
  plan: AddTopicsPlan,
  added: AddTopicsResult['added'],
  deps: Pick<AddTopicsDependencies, 'openSource'> & { sleep(ms: number, what: string): Promise<void> },
): Promise<CatchUpOutcome> {
  const topics = new Map(added.filter((a) => (a.partitions ?? 0) > 0).map((a) => [a.topic, a.partitions ?? 0]));
  if (topics.size === 0) return { done: 0, total: 0, pending: [], rows: [] };
  const targets = await readCatchUpTargetsFrom(plan.sourceSettings, topics, deps.openSource);
  return waitUntilCaughtUp(client, plan.mirror, targets, deps.sleep, 'the topics were started');
}
