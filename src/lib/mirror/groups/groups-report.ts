// `kmirror groups MIRROR`: the mirror side from the destination, the groups from the source (reached
// as add-topics reaches it), the comparison (group-compare.ts), and the destination's sync period.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { DescribeClusterMirrors, DescribeConfigs, ListClusterMirrors } from '../../kafka/messages/index.js';
import { readSyncInterval, type SyncInterval } from '../core/broker-config.js';
import { MirrorError } from '../core/errors.js';
import { compareGroups, type GroupComparison, outOfSyncGroups } from './group-compare.js';
import { GROUP_READ_APIS, groupOffsetsReader } from './group-offsets.js';
import { type EffectiveList, readMirrorSide, type SyncedTopic } from '../config/mirror-side.js';
import { type SourceAccess, sourceSettingsOf } from '../core/source-access.js';

export const GROUPS_APIS = [ListClusterMirrors, DescribeClusterMirrors, DescribeConfigs, ...GROUP_READ_APIS] as const;

export interface GroupsInput extends SourceAccess {
  readonly mirror: string;
  readonly groups: readonly string[];
  readonly groupPatterns: readonly string[];
}

export interface GroupsDependencies {
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
}

export interface GroupsResult {
  mirror: string;
  /** How the source was reached (bootstrap servers only). */
  sourceBootstrap: string[];
  /** The mirror's group filters in force; `stored: false` means the default applies. */
  filters: { include: EffectiveList; exclude: EffectiveList };
  /** The mirror's topics whose offsets are synced (paused ones wait for resume). */
  topics: SyncedTopic[];
  /** How often the destination copies offsets and configs: its broker config `mirror.metadata.refresh.interval.ms`. */
  syncInterval: SyncInterval;
  groups: GroupComparison[];
  /** Groups named with --group that the source does not have. */
  notFound: string[];
  warnings: string[];
  /** With `--fail-on out-of-sync`: whether it holds, and for which groups. */
  failOn?: { condition: 'out-of-sync'; holds: boolean; groups: string[] };
}

export async function groupsReport(
  client: KafkaClient,
  input: GroupsInput,
  deps: GroupsDependencies,
): Promise<GroupsResult> {
  await client.requireMirroring(GROUPS_APIS);
  const side = await readMirrorSide(client, input.mirror);
  const settings = await sourceSettingsOf(side, input, deps.warn);
  const source = await deps.openSource(settings);
  try {
    const comparison = await compareGroups(groupOffsetsReader(source), groupOffsetsReader(client), {
      topics: new Set(side.topics.map((t) => t.topic)),
      include: side.groupsInclude.items,
      exclude: side.groupsExclude.items,
      groups: input.groups,
      groupPatterns: input.groupPatterns,
    });
    return {
      mirror: input.mirror,
      sourceBootstrap: settings.bootstrap,
      filters: { include: side.groupsInclude, exclude: side.groupsExclude },
      topics: side.topics,
      syncInterval: await readSyncInterval(client),
      groups: comparison.groups,
      notFound: comparison.notFound,
      warnings: [
        ...side.warnings,
        ...comparison.brokerWarnings.map(
          (w) =>
            `source broker ${w.broker} did not answer ListGroups (${w.message}): the groups it coordinates are missing`,
        ),
      ],
    };
  } finally {
    await source.close().catch(() => undefined);
  }
}

export function withFailOn(result: GroupsResult): GroupsResult {
  const groups = outOfSyncGroups(result).map((g) => g.group);
  return { ...result, failOn: { condition: 'out-of-sync', holds: groups.length > 0, groups } };
}

export function groupsOutcomeError(result: GroupsResult): MirrorError | null {
  if (result.notFound.length > 0) {
    return new MirrorError(
      `group${result.notFound.length > 1 ? 's' : ''} not found on the source: ${result.notFound.join(', ')}`,
      'not-found',
      {
        hint:
          `kmirror groups ${result.mirror} without --group lists every group of the source; names are ` +
          `case-sensitive`,
      },
    );
  }
  if (result.failOn?.holds) {
    return new MirrorError(
      `--fail-on out-of-sync: ${result.failOn.groups.length} group(s) not in sync on the destination: ` +
        `${result.failOn.groups.join(', ')}`,
      'condition-holds',
      { hint: 'the groups are listed above with their verdicts (`verdict` in --json)' },
    );
  }
  return null;
}
