// promote's step 1 and what every later step is handed. Making the plan changes nothing.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { PropertyEntry } from '../../connection/properties-file.js';
import type { KafkaClient } from '../../kafka/client.js';
import type { SourceCheckPolicy } from '../core/source-check.js';
import { refuseStopWhileSourceDown } from '../topics/source-down-refusal.js';
import {
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
  StopMirrorTopics,
} from '../../kafka/messages/index.js';
import { type CatchUpTargets, readCatchUpTargets } from '../topics/caught-up.js';
import { readEndOffsets } from '../describe/end-offsets.js';
import { MirrorError, NotFoundError, SourceClusterError } from '../core/errors.js';
import { GROUP_READ_APIS } from '../groups/group-offsets.js';
import type { PartitionRow } from '../describe/lag.js';
import { readOpenTransactions, type OpenTransactionPartition } from '../describe/open-transactions.js';
import {
  type GroupsPlan,
  type GroupsProgress,
  planGroups,
  type PromoteGroupsInput,
  skippedGroups,
} from './promote-groups.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import { sourceSettingsOf } from '../core/source-access.js';
import { type TopicActionInput, selectMirrorTopics } from '../topics/topic-actions.js';

export const PROMOTE_APIS = [StopMirrorTopics, DescribeClusterMirrors, ListClusterMirrors, DescribeConfigs] as const;

const PASSING_STATES = new Set(['LOG_TRUNCATION', 'EPOCH_FENCING']);

export interface PromoteInput extends TopicActionInput, PromoteGroupsInput {
  readonly waitForQuiet: boolean;
  readonly force: boolean;
  readonly quietPeriodMs: number;
  readonly sourceConfig?: ReadonlyMap<string, PropertyEntry>;
  readonly sourceConfigName?: string;
  readonly sourceProfile?: ConnectionConfig;
}

export type PromoteProgress =
  | { readonly phase: 'mirroring'; readonly waiting: string[] }
  | { readonly phase: 'quiet'; readonly moved: bigint; readonly periodMs: number }
  | { readonly phase: 'catching-up'; readonly done: number; readonly total: number; readonly remaining: bigint }
  | GroupsProgress
  | { readonly phase: 'stopping'; readonly done: number; readonly total: number };

export interface PromoteDependencies {
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
  note(message: string): void;
  sleep(ms: number, what: string, hint?: string): Promise<void>;
  requireTimeLeft(ms: number, what: string): void;
  onProgress?(progress: PromoteProgress): void;
  now(): number;
  readonly sourceCheck?: SourceCheckPolicy;
  beforeStop?(plan: PromotePlan): Promise<void>;
}

export interface PromotePlan {
  readonly mirror: string;
  readonly topics: readonly string[];
  readonly partitions: ReadonlyMap<string, number>;
  readonly rows: ReadonlyMap<string, readonly PartitionRow[]>;
  readonly sourceLabel: string;
  readonly sourceSettings: ConnectionConfig;
  readonly sourceEnds: CatchUpTargets;
  readonly destinationEnds: CatchUpTargets;
  readonly groups: GroupsPlan;
  readonly openTransactions: OpenTransactionPartition[];
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

export async function planPromote(
  client: KafkaClient,
  input: PromoteInput,
  deps: PromoteDependencies,
): Promise<PromotePlan> {
  await client.requireMirroring(input.skipGroups ? PROMOTE_APIS : [...PROMOTE_APIS, ...GROUP_READ_APIS]);
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
  // FAILED partitions are waited for below: not while the source does not answer, which no wait fixes.
  if (deps.sourceCheck) {
    const rows = selection.selected.flatMap((t) => selection.rows.get(t) ?? []);
    if (rows.some((r) => r.state === 'FAILED'))
      await refuseStopWhileSourceDown(client, input.mirror, 'promote', rows, deps.sourceCheck);
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
            'a STOPPED topic is already promoted, a PAUSED one must be resumed first (kmirror resume), and ' +
            'a topic FAILED ' +
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
  const sourceSettings = await sourceSettingsOf({ mirror: input.mirror, stored }, input, warn);
  const sourceLabel = `the source cluster (${sourceSettings.bootstrap.join(',')})`;
  const source = await deps.openSource(sourceSettings);
  try {
    const sourceEnds = await reading(sourceLabel, () => readCatchUpTargets(source, partitions, sourceLabel));
    const destinationEnds = (await readEndOffsets(client, wantedOf(partitions))).offsets;
    const openTransactions = await reading(sourceLabel, () => readOpenTransactions(source, wantedOf(partitions)));
    const groups = input.skipGroups
      ? skippedGroups(warn)
      : await planGroups(source, client, { stored, topics: selection.selected, input, warn });
    return {
      mirror: input.mirror,
      topics: selection.selected,
      partitions,
      rows: selection.rows,
      sourceLabel,
      sourceSettings,
      sourceEnds,
      destinationEnds,
      groups,
      openTransactions,
      warnings,
    };
  } finally {
    await source.close().catch(() => undefined);
  }
}

export function wantedOf(partitions: ReadonlyMap<string, number>): Map<string, number[]> {
  return new Map([...partitions].map(([t, n]) => [t, Array.from({ length: n }, (_, i) => i)]));
}

async function reading<T>(label: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof MirrorError) throw err;
    throw new SourceClusterError(
      `cannot read the end offsets of ${label}: promote needs the source reachable to know when nothing is ` +
        `left to copy`,
      'check that this machine reaches the source (or give its settings with --source-config FILE)',
      err,
    );
  }
}
