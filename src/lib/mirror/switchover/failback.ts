// failback: after a failover the old source A follows B again. The prototype accepts a mirror on A reading B
// and truncates what A wrote after the failover (split brain) once A's fetcher answers (§18), so failback
// first says per partition how many records A loses, refuses while B still mirrors a topic (a loop), and
// afterwards names the cleanup that ends the leader-epoch war both clusters wage while each lists the topic.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { errors } from '../../kafka/error-codes.js';
import {
  CreateClusterMirror,
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
  StartMirrorTopics,
} from '../../kafka/messages/index.js';
import { startedTopics } from '../topics/add-topics.js';
import { maskedConfig, planCreateMirror, sendCreateMirror, withSourceClusterId } from '../lifecycle/create.js';
import { notCaughtUpError, readCatchUpTargets, waitUntilCaughtUp } from '../topics/caught-up.js';
import { describeMirrors } from '../describe/describe.js';
import { readEndOffsets } from '../describe/end-offsets.js';
import { InvalidInputError, KafkaResponseError, MirrorError, NotFoundError } from '../core/errors.js';
import type { PartitionRow } from '../describe/lag.js';
import { divergencePoints } from './log-divergence.js';
import { failbackSettled } from './failback-settled.js';
import { mirrorSecurityConfig } from './peer-mirror-config.js';
import { sendOrReadBack } from '../core/read-back.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import { type TopicActionInput, selectMirrorTopics } from '../topics/topic-actions.js';
import { ZERO_UUID } from '../../kafka/wire/uuid.js';
import { ALLOW_MIRROR_LOOP_FLAG } from '../describe/loop-check.js';

export const FAILBACK_B_APIS = [DescribeClusterMirrors, ListClusterMirrors, DescribeConfigs] as const;
export const FAILBACK_A_APIS = [
  CreateClusterMirror,
  StartMirrorTopics,
  DescribeClusterMirrors,
  ListClusterMirrors,
] as const;

export interface FailbackInput extends TopicActionInput {
  readonly reverseMirror?: string;
  readonly sourceBootstrap?: string;
  readonly sourceConfigFile?: string;
  readonly allowMirrorLoop?: boolean;
}

export type FailbackProgress = {
  readonly done: number;
  readonly total: number;
  readonly changes: readonly { readonly topic: string; readonly partition: number; readonly state: string }[];
};

export interface FailbackDependencies {
  warn(message: string): void;
  sleep(ms: number, what: string): Promise<void>;
  onProgress?(progress: FailbackProgress): void;
  readonly bConnection: ConnectionConfig;
}

export interface FailbackPartition {
  /** @minimum 0 */
  readonly partition: number;
  /** Latest state on A (UNKNOWN before the start). */
  readonly state: string;
  /** Every state A reported for it, in order (LOG_TRUNCATION, MIRRORING, FAILED, MIRRORING on the prototype). */
  readonly states: string[];
  /** A's end offset before the failback; null when A has no such partition. @minimum 0 */
  readonly endBefore: bigint | null;
  /** Where A's and B's logs part (B's end of the last epoch it mirrored from A); null when unknown. @minimum 0 */
  readonly truncationPoint: bigint | null;
  /** Records A loses (endBefore − truncationPoint when positive); null when unknown. @minimum 0 */
  readonly truncated: bigint | null;
  /** A's end offset once MIRRORING again. @minimum 0 */
  readonly endAfter: bigint | null;
}

export interface FailbackTopic {
  readonly topic: string;
  readonly partitions: FailbackPartition[];
}

export interface FailbackResult {
  /** The mirror on B whose topics were failed over. */
  readonly mirror: string;
  readonly reverseMirror: {
    readonly name: string;
    /** Created by this failback (false: an existing mirror on A reading from B was reused). */
    readonly created: boolean;
    /** Stored in the new mirror, secrets masked; empty when reused. */
    readonly config: Record<string, string>;
  };
  readonly dryRun: boolean;
  /** StartMirrorTopics was sent to A. */
  started: boolean;
  /** Every partition is MIRRORING on A. */
  complete: boolean;
  readonly topics: FailbackTopic[];
  /**
   * Total records A loses (or lost) to truncation. Exact, past 2^63-1 too.
   * @minimum 0
   * @sum
   */
  truncatedRecords: bigint;
  /** Partitions where A loses records. @minimum 0 */
  truncatedPartitions: number;
  /** Topics of the old mirror on B that are not failed back (they keep it from being deleted). */
  readonly otherTopicsOfOldMirror: string[];
  /** The commands that end the leader-epoch war (set by the command, with its connection flags). */
  cleanup: string[];
  /** What the cleanup costs (the old mirror's topics on B go read-only until B restarts), with the safe order. */
  cleanupEffect: string | null;
  /** The file the receipt was written to (--receipt, set by the command); null without one. */
  receipt: string | null;
  /** Why it ended before every partition was MIRRORING on A. */
  interruption: string | null;
  readonly warnings: string[];
}

export interface FailbackPlan {
  readonly result: FailbackResult;
  readonly bClusterId: string;
  readonly createConfig: ReadonlyMap<string, string> | null;
  readonly start: { readonly name: string; readonly id: string; readonly partitions: number }[];
}

const LOOP_CONSEQUENCE =
  'starting it on A while B still mirrors it from A is a mirror loop: A\u2019s partitions go FAILED ' +
  '("Detected mirror loop"), ' +
  'A\u2019s topic turns read-only and stopping it there is refused until the topic is stopped on B';

function stateCounts(rows: readonly PartitionRow[] | undefined): string {
  const counts = new Map<string, number>();
  for (const r of rows ?? []) counts.set(r.state, (counts.get(r.state) ?? 0) + 1);
  return counts.size === 0 ? 'no partition state reported' : [...counts].map(([s, n]) => `${n} ${s}`).join(', ');
}

export async function planFailback(
  b: KafkaClient,
  a: KafkaClient,
  input: FailbackInput,
  deps: FailbackDependencies,
): Promise<FailbackPlan> {
  await b.requireMirroring(FAILBACK_B_APIS);
  await a.requireMirroring(FAILBACK_A_APIS);
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
    deps.warn(message);
  };
  const selection = await selectMirrorTopics(b, input, { warn });
  if (selection.notInMirror.length > 0)
    throw new NotFoundError('topic', selection.notInMirror.map((n) => n.topic).join(', '), {
      hint:
        `failback starts on A the topics that were failed over in mirror '${input.mirror}' on B; kmirror ` +
        `describe ${input.mirror} lists them`,
    });
  if (selection.selected.length === 0)
    throw new MirrorError(`no topic of mirror '${input.mirror}' matches the pattern(s)`, 'not-found');
  const active = selection.selected.filter((t) => {
    const rows = selection.rows.get(t) ?? [];
    return rows.length === 0 || rows.some((r) => r.state !== 'STOPPED');
  });
  if (active.length > 0) {
    const what =
      `not STOPPED in mirror '${input.mirror}' on B: ` +
      `${active.map((t) => `${t} (${stateCounts(selection.rows.get(t))})`).join(', ')}; ${LOOP_CONSEQUENCE}`;
    if (!input.allowMirrorLoop)
      throw new InvalidInputError(`${what}; nothing was started`, {
        hint:
          `the safe order: move producers to B, fail over first (kmirror promote ${input.mirror}, or ` +
          `remove-topics, on B), then run failback again; ${ALLOW_MIRROR_LOOP_FLAG} starts it anyway`,
      });
    warn(`${what}; starting anyway (${ALLOW_MIRROR_LOOP_FLAG})`);
  }

  const stored = await describeMirrorConfigs(b, input.mirror);
  const aView = await a.clusterView();
  const bView = await b.clusterView();
  const expected = stored.get('mirror.source.cluster.id');
  if (!aView.clusterId || !bView.clusterId)
    throw new MirrorError('a cluster did not report its id; failback needs both ids', 'failed');
  if (expected !== undefined && expected !== aView.clusterId) {
    throw new InvalidInputError(
      `--to reaches cluster ${aView.clusterId}, but mirror '${input.mirror}' copied from cluster ${expected}`,
      { hint: 'point --to at the cluster the mirror copied from (the old source)' },
    );
  }
  if (aView.clusterId === bView.clusterId)
    throw new InvalidInputError('--to reaches the same cluster as -b', { hint: '--to names the OLD SOURCE cluster' });

  const partitions = new Map(selection.selected.map((t) => [t, selection.rows.get(t)?.length ?? 0]));
  const wanted = new Map([...partitions].map(([t, n]) => [t, Array.from({ length: n }, (_, i) => i)]));
  const before = await readEndOffsets(a, wanted);
  const divergence = await divergencePoints(b, aView.clusterId, wanted);
  for (const f of divergence.failures) warn(`cannot tell where the logs part: ${f.message}`);
  const { reverse, createConfig } = await reverseMirrorFor(a, input, bView.clusterId, deps, warn);

  const topics: FailbackTopic[] = selection.selected.map((topic) => ({
    topic,
    partitions: (wanted.get(topic) ?? []).map((partition) => {
      const endBefore = before.offsets.get(topic)?.get(partition) ?? null;
      const point = divergence.points.get(topic)?.get(partition) ?? null;
      const truncated = endBefore === null ? 0n : point === null ? null : endBefore > point ? endBefore - point : 0n;
      return { partition, state: 'UNKNOWN', states: [], endBefore, truncationPoint: point, truncated, endAfter: null };
    }),
  }));
  const unknown = topics.flatMap((t) =>
    t.partitions.filter((p) => p.truncated === null).map((p) => `${t.topic}-${p.partition}`),
  );
  if (unknown.length > 0)
    warn(
      `B does not say which epoch it last mirrored from A for ${unknown.join(', ')}: how many records A ` +
        `loses there is not known`,
    );
  const others = (selection.listed.find((m) => m.MirrorName === input.mirror)?.TopicNames ?? []).filter(
    (t) => !selection.selected.includes(t),
  );
  const all = topics.flatMap((t) => t.partitions);
  return {
    bClusterId: bView.clusterId,
    createConfig,
    // A's own topic id when A still has the topic; absent there, StartMirrorTopics creates it with B's.
    start: selection.selected.map((name) => ({
      name,
      id: before.topicIds?.get(name) ?? divergence.topicIds.get(name) ?? ZERO_UUID,
      partitions: partitions.get(name) ?? 0,
    })),
    result: {
      mirror: input.mirror,
      reverseMirror: {
        name: reverse,
        created: createConfig !== null,
        config: createConfig ? maskedConfig(createConfig) : {},
      },
      dryRun: true,
      started: false,
      complete: false,
      topics,
      truncatedRecords: all.reduce((n, p) => n + (p.truncated ?? 0n), 0n),
      truncatedPartitions: all.filter((p) => (p.truncated ?? 0n) > 0n).length,
      otherTopicsOfOldMirror: others,
      cleanup: [],
      cleanupEffect: null,
      receipt: null,
      interruption: null,
      warnings,
    },
  };
}

async function reverseMirrorFor(
  a: KafkaClient,
  input: FailbackInput,
  bClusterId: string,
  deps: FailbackDependencies,
  warn: (message: string) => void,
): Promise<{ reverse: string; createConfig: Map<string, string> | null }> {
  const listed = await a.send(ListClusterMirrors, { IncludeTopicNames: true });
  if (listed.ErrorCode !== 0)
    throw new KafkaResponseError(listed.ErrorCode, listed.ErrorMessage, { api: 'ListClusterMirrors' });
  const fromB = listed.Mirrors.filter((m) => m.SourceClusterId === bClusterId);
  const named =
    input.reverseMirror ?? (fromB.length === 1 ? fromB[0]?.MirrorName : undefined) ?? `${input.mirror}-failback`;
  if (input.reverseMirror === undefined && fromB.length > 1)
    throw new InvalidInputError(
      `cluster A has ${fromB.length} mirrors reading from B: ${fromB.map((m) => m.MirrorName).join(', ')}`,
      {
        hint: 'name the one to use with --reverse-mirror',
      },
    );
  const existing = listed.Mirrors.find((m) => m.MirrorName === named);
  if (existing) {
    if (existing.SourceClusterId !== bClusterId)
      throw new InvalidInputError(
        `mirror '${named}' on A reads from cluster ${existing.SourceClusterId}, not from B (${bClusterId})`,
        {
          hint: 'choose another name with --reverse-mirror',
        },
      );
    return { reverse: named, createConfig: null };
  }
  const plan = await planCreateMirror({
    mirror: named,
    sourceBootstrap: input.sourceBootstrap ?? deps.bConnection.bootstrap.join(','),
    sourceConfigFile: input.sourceConfigFile,
    config: [],
    include: [],
    exclude: [],
    sourceClusterId: bClusterId,
    allowUnknownConfig: false,
    ...(input.sourceConfigFile === undefined
      ? { baseConfig: { config: mirrorSecurityConfig(deps.bConnection), origin: 'the connection to B' } }
      : {}),
    askSourceBootstrap: async () => deps.bConnection.bootstrap.join(','),
  });
  for (const warning of plan.warnings) warn(warning);
  return { reverse: named, createConfig: withSourceClusterId(plan.config, bClusterId) };
}

export interface FailbackOutcome {
  readonly result: FailbackResult;
  readonly error?: unknown;
}

function stuck(row: PartitionRow): boolean {
  return row.state === 'FAILED' && (row.retryAttempt === -1 || (row.errorMessage ?? '').includes('mirror loop'));
}

export async function runFailback(
  a: KafkaClient,
  b: KafkaClient,
  plan: FailbackPlan,
  deps: FailbackDependencies,
): Promise<FailbackOutcome> {
  const result: FailbackResult = {
    ...plan.result,
    dryRun: false,
    topics: plan.result.topics.map((t) => ({ ...t, partitions: [...t.partitions] })),
  };
  const mirror = result.reverseMirror.name;
  // A lost answer to either is read back (read-back.ts), never resent; how it was learnt is a warning.
  const warn = (message: string): void => {
    result.warnings.push(message);
    deps.warn(message);
  };
  if (plan.createConfig) await sendCreateMirror(a, mirror, plan.createConfig, warn);
  const start = {
    MirrorName: mirror,
    Topics: plan.start.map((t) => ({ TopicId: t.id, TopicName: t.name, NumPartitions: t.partitions })),
    StateValidationOffset: -1n,
  };
  const started = await sendOrReadBack(
    () => a.send(StartMirrorTopics, start, undefined, { retryErrorCodes: false }),
    startedTopics(
      a,
      mirror,
      plan.start.map((t) => t.name),
    ),
    warn,
  );
  if (started.ErrorCode !== errors.NONE.code) {
    const first = started.Topics.find((t) => t.ErrorCode !== 0);
    throw new KafkaResponseError(started.ErrorCode, first?.ErrorMessage ?? started.ErrorMessage, {
      api: 'StartMirrorTopics',
      mirror,
      ...(first ? { topic: first.Name } : {}),
    });
  }
  result.started = true;
  const partitions = new Map(result.topics.map((t) => [t.topic, t.partitions.length]));
  const wanted = new Map(result.topics.map((t) => [t.topic, t.partitions.map((p) => p.partition)]));
  try {
    await follow(a, result, deps);
    const targets = await readCatchUpTargets(b, partitions, 'B');
    const caughtUp = await waitUntilCaughtUp(a, mirror, targets, deps.sleep, 'the topics were started on A');
    const stuck = notCaughtUpError(mirror, caughtUp);
    if (stuck) throw stuck;
  } catch (error) {
    result.interruption = error instanceof Error ? error.message : String(error);
    return { result, error };
  }
  const after = await readEndOffsets(a, wanted);
  for (const topic of result.topics)
    topic.partitions.forEach((p, i) => {
      topic.partitions[i] = { ...p, endAfter: after.offsets.get(topic.topic)?.get(p.partition) ?? null };
    });
  result.complete = true;
  return { result };
}

async function follow(a: KafkaClient, result: FailbackResult, deps: FailbackDependencies): Promise<void> {
  const mirror = result.reverseMirror.name;
  const total = result.topics.reduce((n, t) => n + t.partitions.length, 0);
  const mirroringPolls = new Map<string, number>();
  for (;;) {
    const described = await describeMirrors(a, [mirror]);
    const rows = new Map((described.mirrors[0]?.topics ?? []).map((t) => [t.name, t.partitions]));
    const changes: { topic: string; partition: number; state: string }[] = [];
    const stuckRows: string[] = [];
    let done = 0;
    for (const topic of result.topics) {
      topic.partitions.forEach((p, i) => {
        const row = rows.get(topic.topic)?.find((r) => r.partition === p.partition);
        if (!row || row.state === 'UNKNOWN') return;
        if (row.state !== p.states[p.states.length - 1]) {
          topic.partitions[i] = { ...p, state: row.state, states: [...p.states, row.state] };
          changes.push({ topic: topic.topic, partition: p.partition, state: row.state });
        }
        const key = `${topic.topic}-${p.partition}`;
        const polls = row.state === 'MIRRORING' ? (mirroringPolls.get(key) ?? 0) + 1 : 0;
        mirroringPolls.set(key, polls);
        if (failbackSettled(topic.partitions[i]?.states ?? [], row, polls)) done++;
        if (stuck(row)) stuckRows.push(`${topic.topic}-${p.partition}: ${row.errorMessage ?? 'FAILED'}`);
      });
    }
    deps.onProgress?.({ done, total, changes });
    if (stuckRows.length > 0)
      throw new MirrorError(`partitions on A will not reach MIRRORING: ${stuckRows.join('; ')}`, 'failed', {
        hint: 'kmirror describe on A shows the states; a mirror loop ends once the topic is stopped on B',
      });
    if (done === total && described.brokerWarnings.length === 0) return;
    await deps.sleep(100, `following ${total} partition(s) of mirror '${mirror}' on A to MIRRORING`);
  }
}

export function truncationSummary(result: FailbackResult): string {
  return result.truncatedRecords === 0n
    ? 'A loses no records to truncation'
    : `A loses ${result.truncatedRecords} record(s) in ${result.truncatedPartitions} partition(s) to truncation`;
}
