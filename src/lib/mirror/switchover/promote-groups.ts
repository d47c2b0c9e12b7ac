// promote's step 4: the destination copies group offsets only in its periodic sync and only while the topic
// is mirrored, so before the stop promote waits until every copied group has the source's offsets there.
// The sync skips a group with members on the destination: promote waits, refuses, or goes on with --force.

import { ConvergenceWatch, convergenceError } from './group-convergence.js';
import type { KafkaClient } from '../../kafka/client.js';
import { readSyncInterval, type SyncInterval } from '../core/broker-config.js';
import { MirrorError, StepFailedError } from '../core/errors.js';
import {
  compareGroups,
  type GroupComparison,
  type GroupSelection,
  type GroupsComparison,
} from '../groups/group-compare.js';
import { groupOffsetsReader } from '../groups/group-offsets.js';
import { effectiveList } from '../config/mirror-side.js';

export interface PromoteGroupsInput {
  readonly groups: readonly string[];
  readonly groupPatterns: readonly string[];
  readonly skipGroups: boolean;
}

/** The groups part of promote's result. */
export interface PromoteGroups {
  /** Whether promote compared the groups (false with --skip-groups). */
  readonly compared: boolean;
  /** Why they were not compared, when they were not. */
  readonly note: string | null;
  /** How often the destination copies group offsets (its broker config); null when not compared. */
  readonly syncInterval: SyncInterval | null;
  /** How long promote waited for the destination to copy them. @minimum 0 */
  readonly waitedMs: number;
  /** Groups whose committed offsets on the promoted topics are the source's on the destination. */
  readonly inSync: string[];
  /** Groups whose offsets are not (yet) the source's there: now (dry run), or when promote went on. */
  readonly notInSync: string[];
  /** Groups with members on the destination: its sync skips them (with --force, promoted without them). */
  readonly activeOnDestination: string[];
  /**
   * Every group the mirror copies (narrowed by --group/--group-pattern) with committed offsets on the
   * promoted topics: its verdict and, per partition, the offset on the source and on the destination.
   */
  readonly groups: GroupComparison[];
}

export interface GroupsProgress {
  readonly phase: 'groups';
  readonly inSync: number;
  readonly total: number;
  readonly waiting: string[];
  readonly active: string[];
  readonly periodMs: number;
  readonly nextCopyInMs: number;
}

export interface GroupsPlan {
  readonly selection: GroupSelection | null;
  readonly result: PromoteGroups;
}

export interface GroupsWaitOptions {
  readonly force: boolean;
  readonly waitForQuiet: boolean;
  readonly reserveMs: number;
}

export interface GroupsWaitDependencies {
  warn(message: string): void;
  note(message: string): void;
  sleep(ms: number, what: string): Promise<void>;
  requireTimeLeft(ms: number, what: string): void;
  onProgress?(progress: GroupsProgress): void;
  now(): number;
}

const GROUPS_POLL_MS = 1000;

export const SKIP_GROUPS_NOTE =
  'consumer groups not compared (--skip-groups): after the stop the destination no longer copies their offsets, so ' +
  'consumers moved here start from whatever it copied last (kmirror groups compares them)';

const WAIT_WORDS: Readonly<Record<string, string>> = {
  differs: 'offsets differ',
  'not-copied': 'not yet copied',
  'active-on-destination': 'active on the destination',
};

export function skippedGroups(warn: (message: string) => void): GroupsPlan {
  warn(SKIP_GROUPS_NOTE);
  return {
    selection: null,
    result: {
      compared: false,
      note: SKIP_GROUPS_NOTE,
      syncInterval: null,
      waitedMs: 0,
      inSync: [],
      notInSync: [],
      activeOnDestination: [],
      groups: [],
    },
  };
}

/** A partition only the destination has an offset for is not waited for: the sync never removes one. */
function copied(group: GroupComparison): boolean {
  return (
    group.verdict !== 'active-on-destination' &&
    group.partitions.every((p) => p.sourceOffset === null || p.destinationOffset === p.sourceOffset)
  );
}

function groupsResult(comparison: GroupsComparison, syncInterval: SyncInterval, waitedMs: number): PromoteGroups {
  // Groups the mirror does not copy, or with nothing on these topics, have nothing to wait for.
  const groups = comparison.groups.filter((g) => g.verdict !== 'excluded' && g.verdict !== 'no-mirrored-topics');
  return {
    compared: true,
    note: null,
    syncInterval,
    waitedMs,
    inSync: groups.filter(copied).map((g) => g.group),
    notInSync: groups.filter((g) => !copied(g)).map((g) => g.group),
    activeOnDestination: groups.filter((g) => g.verdict === 'active-on-destination').map((g) => g.group),
    groups,
  };
}

async function compare(
  source: KafkaClient,
  destination: KafkaClient,
  selection: GroupSelection,
): Promise<GroupsComparison> {
  try {
    return await compareGroups(groupOffsetsReader(source), groupOffsetsReader(destination), selection);
  } catch (err) {
    throw new StepFailedError(
      "cannot compare the consumer groups' offsets on the source and the destination; nothing was stopped",
      'promote --skip-groups promotes without comparing them',
      err,
    );
  }
}

export async function planGroups(
  source: KafkaClient,
  destination: KafkaClient,
  context: {
    readonly stored: ReadonlyMap<string, string>;
    readonly topics: readonly string[];
    readonly input: PromoteGroupsInput;
    readonly warn: (message: string) => void;
  },
): Promise<GroupsPlan> {
  const { input, warn } = context;
  const selection: GroupSelection = {
    topics: new Set(context.topics),
    include: effectiveList(context.stored, 'mirror.groups.include').items,
    exclude: effectiveList(context.stored, 'mirror.groups.exclude').items,
    groups: input.groups,
    groupPatterns: input.groupPatterns,
  };
  const comparison = await compare(source, destination, selection);
  if (comparison.notFound.length > 0) {
    throw new MirrorError(`group(s) not found on the source: ${comparison.notFound.join(', ')}`, 'not-found', {
      hint: 'kmirror groups MIRROR lists the groups of the source; names are case-sensitive',
    });
  }
  for (const w of comparison.brokerWarnings)
    warn(`source broker ${w.broker} did not answer ListGroups (${w.message}): the groups it coordinates are missing`);
  for (const g of comparison.groups.filter((c) => input.groups.includes(c.group))) {
    if (g.verdict === 'excluded')
      warn(`group ${g.group}: the mirror's group filters leave it out, so its offsets are never copied`);
    if (g.verdict === 'no-mirrored-topics')
      warn(`group ${g.group} has no committed offsets on the promoted topics: nothing to wait for`);
  }
  return { selection, result: groupsResult(comparison, await readSyncInterval(destination), 0) };
}

function few(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown}, … (${names.length} in all)` : shown;
}

function listed(result: PromoteGroups, names: readonly string[]): string {
  return few(
    names.map((name) => {
      const verdict = result.groups.find((g) => g.group === name)?.verdict ?? '';
      return `${name} (${WAIT_WORDS[verdict] ?? verdict})`;
    }),
  );
}

function activeRefusal(active: readonly string[]): MirrorError {
  return new MirrorError(
    `consumer group(s) active on the destination: ${few(active)}; the destination does not copy a group's ` +
      "offsets while a consumer of it runs there, so they may not be the source's; nothing was stopped",
    'failed',
    {
      hint:
        'stop those consumers on the destination (promote waits for that with --wait-for-quiet, the ' +
        'default); --force ' +
        'promotes without them, --skip-groups without comparing any group',
    },
  );
}

export async function awaitGroupsInSync(
  source: KafkaClient,
  destination: KafkaClient,
  plan: GroupsPlan,
  options: GroupsWaitOptions,
  deps: GroupsWaitDependencies,
): Promise<PromoteGroups> {
  const selection = plan.selection;
  if (!selection) return plan.result;
  const started = deps.now();
  const syncInterval = plan.result.syncInterval ?? (await readSyncInterval(destination));
  const periodMs = syncInterval.ms ?? syncInterval.defaultMs;
  let noted = false;
  let forced = false;
  const convergence = new ConvergenceWatch(periodMs);
  for (;;) {
    const elapsed = deps.now() - started;
    const comparison = await compare(source, destination, selection);
    const result = groupsResult(comparison, syncInterval, elapsed);
    const active = options.force ? [] : result.activeOnDestination;
    if (options.force && result.activeOnDestination.length > 0 && !forced) {
      forced = true;
      deps.warn(
        `--force: promoting without the group(s) active on the destination: ${few(result.activeOnDestination)} ` +
          '(the destination does not copy their offsets while their consumers run there)',
      );
    }
    const waiting = result.notInSync.filter((g) => !result.activeOnDestination.includes(g));
    const hidden = comparison.brokerWarnings.map((w) => `source broker ${w.broker} did not answer ListGroups`);
    if (waiting.length === 0 && active.length === 0 && hidden.length === 0) return result;
    if (active.length > 0 && !options.waitForQuiet) throw activeRefusal(active);
    const { stuck, suspect, givenUp } = convergence.observe(deps.now(), comparison.groups);
    if (givenUp) throw convergenceError(stuck);
    if (!noted && waiting.length > 0) {
      noted = true;
      deps.note(
        `Waiting for ${waiting.length} consumer group(s) to be copied to the destination (${few(waiting)}): it ` +
          `copies group offsets once every ${periodMs / 1000} s (${syncInterval.brokerConfig}), so this can take one ` +
          'sync period.',
      );
    }
    deps.onProgress?.({
      phase: 'groups',
      inSync: result.inSync.length,
      total: result.groups.length,
      waiting,
      active,
      periodMs,
      nextCopyInMs: periodMs - (elapsed % periodMs),
    });
    const notInSync = [listed(result, [...waiting, ...active]), ...hidden].filter((s) => s !== '').join('; ');
    const what =
      `waiting for consumer group offsets to be in sync on the destination (not in sync: ` +
      `${notInSync}); nothing was stopped`;
    try {
      deps.requireTimeLeft(options.reserveMs + GROUPS_POLL_MS, what);
    } catch (err) {
      // "Raise --timeout" would not help partitions a sync already skipped.
      if (suspect) throw convergenceError(stuck, err);
      throw err;
    }
    await deps.sleep(GROUPS_POLL_MS, what);
  }
}
