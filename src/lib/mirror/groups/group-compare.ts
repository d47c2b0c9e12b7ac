// mirror/groups/: the prototype copies committed offsets of the selected groups for the mirror's topics only,
// exactly (a source that moved back is copied back too), and skips a group active on the destination. No RPC
// says whether that happened: only OffsetFetch on both sides shows it.

import {
  type DescribedGroup,
  type GroupOffsets,
  type GroupOffsetsReader,
  isActiveGroup,
  mapLimited,
} from './group-offsets.js';
import { javaPatternList, translateJavaRegex } from '../patterns/java-regex.js';

export interface GroupSelection {
  readonly topics: ReadonlySet<string>;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly groups?: readonly string[];
  readonly groupPatterns?: readonly string[];
}

/**
 * `in-sync`: every mirrored partition has the same offset on both sides. `differs`: some do not (see
 * `direction`). `not-copied`: the destination has none of the group's offsets yet. `active-on-destination`:
 * the group has members there, so the sync skips it. `excluded`: the mirror's group filters leave it out.
 * `no-mirrored-topics`: it has offsets only on topics outside the mirror, so nothing is copied.
 */
export type GroupVerdict =
  'in-sync' | 'differs' | 'not-copied' | 'active-on-destination' | 'excluded' | 'no-mirrored-topics';

export const OUT_OF_SYNC: ReadonlySet<GroupVerdict> = new Set(['differs', 'not-copied', 'active-on-destination']);

export interface PartitionOffsets {
  readonly topic: string;
  /** @minimum 0 */
  readonly partition: number;
  /** Committed offset on the source; null when the group has none there. */
  readonly sourceOffset: bigint | null;
  /** Committed offset on the destination; null when the group has none there. */
  readonly destinationOffset: bigint | null;
  /** source − destination: positive when the destination is behind; null when either is missing. */
  readonly difference: bigint | null;
}

export interface GroupComparison {
  readonly group: string;
  readonly verdict: GroupVerdict;
  /**
   * With `differs`: `behind` (the destination is behind the source), `ahead` (the source moved back
   * since the last copy), `mixed`, or `missing` (some partitions only on one side); else null.
   */
  readonly direction: 'behind' | 'ahead' | 'mixed' | 'missing' | null;
  /** The group has members on the destination: the sync leaves it alone until they leave. */
  readonly activeOnDestination: boolean;
  /** DescribeGroups state on the destination (Dead when it has no such group); null when not asked. */
  readonly destinationState: string | null;
  readonly partitions: PartitionOffsets[];
}

export interface GroupsComparison {
  readonly groups: GroupComparison[];
  /** Groups named with --group that the source does not have. */
  readonly notFound: string[];
  readonly brokerWarnings: { readonly broker: string; readonly message: string }[];
}

export function mirrorSelectsGroup(selection: Pick<GroupSelection, 'include' | 'exclude'>, group: string): boolean {
  const include = javaPatternList(selection.include);
  const exclude = javaPatternList(selection.exclude);
  return include !== null && include.test(group) && !(exclude?.test(group) ?? false);
}

const PARALLEL = 8;

function pick(listed: readonly string[], selection: GroupSelection): { chosen: string[]; notFound: string[] } {
  const named = selection.groups && selection.groups.length > 0 ? new Set(selection.groups) : null;
  // --group-pattern: each its own Java regex (checked when the flags were read), as describe --topic-pattern.
  const patterns = (selection.groupPatterns ?? []).map(translateJavaRegex);
  const chosen = listed.filter(
    (g) => (!named && patterns.length === 0) || named?.has(g) || patterns.some((p) => p.test(g)),
  );
  const present = new Set(listed);
  return { chosen, notFound: [...(named ?? [])].filter((g) => !present.has(g)).sort() };
}

export function pairOffsets(
  source: GroupOffsets,
  destination: GroupOffsets,
  topics: ReadonlySet<string>,
): PartitionOffsets[] {
  const keys = new Map<string, { topic: string; partition: number }>();
  for (const side of [source, destination]) {
    for (const [topic, partitions] of side) {
      if (!topics.has(topic)) continue;
      for (const partition of partitions.keys()) keys.set(`${topic}\u0000${partition}`, { topic, partition });
    }
  }
  return [...keys.values()]
    .sort((a, b) => (a.topic === b.topic ? a.partition - b.partition : a.topic < b.topic ? -1 : 1))
    .map(({ topic, partition }) => {
      const sourceOffset = source.get(topic)?.get(partition) ?? null;
      const destinationOffset = destination.get(topic)?.get(partition) ?? null;
      const difference = sourceOffset !== null && destinationOffset !== null ? sourceOffset - destinationOffset : null;
      return { topic, partition, sourceOffset, destinationOffset, difference };
    });
}

export function judgeGroup(
  partitions: readonly PartitionOffsets[],
  destination: DescribedGroup | undefined,
): Pick<GroupComparison, 'verdict' | 'direction'> {
  const onSource = partitions.filter((p) => p.sourceOffset !== null);
  if (onSource.length === 0) return { verdict: 'no-mirrored-topics', direction: null };
  if (isActiveGroup(destination)) return { verdict: 'active-on-destination', direction: null };
  if (partitions.every((p) => p.destinationOffset === null)) return { verdict: 'not-copied', direction: null };
  const unequal = partitions.filter((p) => p.difference !== 0n);
  if (unequal.length === 0) return { verdict: 'in-sync', direction: null };
  const behind = unequal.some((p) => p.difference !== null && p.difference > 0n);
  const ahead = unequal.some((p) => p.difference !== null && p.difference < 0n);
  const direction = behind && ahead ? 'mixed' : behind ? 'behind' : ahead ? 'ahead' : 'missing';
  return { verdict: 'differs', direction };
}

export async function compareGroups(
  source: GroupOffsetsReader,
  destination: GroupOffsetsReader,
  selection: GroupSelection,
): Promise<GroupsComparison> {
  const listing = await source.listGroups();
  const { chosen, notFound } = pick(
    listing.groups.map((g) => g.group),
    selection,
  );
  const selected = chosen.filter((g) => mirrorSelectsGroup(selection, g));
  const sourceOffsets = new Map<string, GroupOffsets>();
  await mapLimited(selected, PARALLEL, async (g) => sourceOffsets.set(g, await source.committedOffsets(g)));
  const copied = selected.filter((g) => [...(sourceOffsets.get(g)?.keys() ?? [])].some((t) => selection.topics.has(t)));
  const described = copied.length > 0 ? await destination.describeGroups(copied) : new Map<string, DescribedGroup>();
  const destinationOffsets = new Map<string, GroupOffsets>();
  await mapLimited(copied, PARALLEL, async (g) => destinationOffsets.set(g, await destination.committedOffsets(g)));
  const isSelected = new Set(selected);
  const groups = chosen.map((group): GroupComparison => {
    if (!isSelected.has(group)) {
      return {
        group,
        verdict: 'excluded',
        direction: null,
        activeOnDestination: false,
        destinationState: null,
        partitions: [],
      };
    }
    const partitions = pairOffsets(
      sourceOffsets.get(group) ?? new Map(),
      destinationOffsets.get(group) ?? new Map(),
      selection.topics,
    );
    const dest = described.get(group);
    return {
      group,
      ...judgeGroup(partitions, dest),
      activeOnDestination: isActiveGroup(dest),
      destinationState: dest?.state ?? null,
      partitions,
    };
  });
  return { groups, notFound, brokerWarnings: listing.failures };
}

export function outOfSyncGroups(comparison: Pick<GroupsComparison, 'groups'>): GroupComparison[] {
  return comparison.groups.filter((g) => OUT_OF_SYNC.has(g.verdict));
}
