// Text for `kmirror groups`: which groups the mirror's filters select, and per group and mirrored
// partition the committed offset on each side, with a verdict per group.

import type { SyncInterval } from '../mirror/core/broker-config.js';
import type { GroupComparison, GroupVerdict } from '../mirror/groups/group-compare.js';
import type { GroupsResult } from '../mirror/groups/groups-report.js';
import type { EffectiveList } from '../mirror/config/mirror-side.js';
import { periodText, shownText } from './broker-text.js';
import { orDash, style } from './style.js';
import { renderTable, type Column } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

const COLUMNS: Column[] = [
  { header: 'GROUP' },
  { header: 'VERDICT' },
  { header: 'TOPIC' },
  { header: 'PARTITION', align: 'right' },
  { header: 'SOURCE', align: 'right' },
  { header: 'DESTINATION', align: 'right' },
  { header: 'DIFFERENCE', align: 'right' },
];

const VERDICT_WORDS: Readonly<Record<GroupVerdict, string>> = {
  'in-sync': 'in sync',
  differs: 'differs',
  'not-copied': 'not yet copied',
  'active-on-destination': 'active on destination (sync skipped)',
  excluded: "excluded by the mirror's group filters",
  'no-mirrored-topics': 'no offsets on mirrored topics',
};

const DIRECTION_WORDS = {
  behind: 'destination behind',
  ahead: 'source moved back',
  mixed: 'behind and ahead',
  missing: 'partitions missing',
} as const;

function groupVerdict(g: Pick<GroupComparison, 'verdict' | 'direction'>): string {
  const words = VERDICT_WORDS[g.verdict] + (g.direction ? ` (${DIRECTION_WORDS[g.direction]})` : '');
  switch (g.verdict) {
    case 'in-sync':
      return style.ok(words);
    case 'differs':
    case 'not-copied':
      return style.warn(words);
    case 'active-on-destination':
      return style.bad(words);
    default:
      return style.dim(words);
  }
}

function effectiveList(list: EffectiveList): string {
  const items = list.items.length === 0 ? 'none' : list.items.map(shownText).join(',');
  return `${list.key}=${items}${list.stored ? '' : ' (default)'}`;
}

function syncPeriod(sync: SyncInterval): string {
  const period = sync.ms === null ? `${periodText(sync.defaultMs)} by default` : periodText(sync.ms);
  return (
    `The destination copies offsets and configs every ${period} (${sync.brokerConfig}, a broker config of ` +
    `the destination).`
  );
}

function rows(groups: readonly GroupComparison[]): string[][] {
  const out: string[][] = [];
  for (const g of groups) {
    const name = shownText(g.group);
    if (g.partitions.length === 0) {
      out.push([name, groupVerdict(g), '-', '-', '-', '-', '-']);
      continue;
    }
    g.partitions.forEach((p, i) => {
      out.push([
        i === 0 ? name : '',
        i === 0 ? groupVerdict(g) : '',
        shownText(p.topic),
        String(p.partition),
        orDash(p.sourceOffset),
        orDash(p.destinationOffset),
        p.difference === null ? '-' : String(p.difference),
      ]);
    });
  }
  return out;
}

export function renderGroupsTable(groups: readonly GroupComparison[]): string {
  return renderTable(COLUMNS, rows(groups), style.header);
}

function summary(groups: readonly GroupComparison[]): string {
  const counts = new Map<string, number>();
  for (const g of groups) counts.set(VERDICT_WORDS[g.verdict], (counts.get(VERDICT_WORDS[g.verdict]) ?? 0) + 1);
  const parts = [...counts].map(([words, n]) => `${n} ${words}`);
  return `${groups.length} group(s)${parts.length > 0 ? `: ${parts.join(', ')}` : ''}.`;
}

function groupsView(result: GroupsResult): string {
  const paused = result.topics.filter((t) => t.state === 'paused').map((t) => shownText(t.topic));
  const synced = result.topics.filter((t) => t.state !== 'paused').map((t) => shownText(t.topic));
  const pausedNote = paused.length > 0 ? ` (paused, synced after resume: ${paused.join(', ')})` : '';
  const out = [
    `Mirror ${shownText(result.mirror)}, source cluster ${result.sourceBootstrap.join(',')}`,
    `Groups: ${effectiveList(result.filters.include)}, ${effectiveList(result.filters.exclude)}`,
    `Topics: ${synced.length > 0 ? synced.join(', ') : 'none'}${pausedNote}`,
    syncPeriod(result.syncInterval),
    '',
  ];
  if (result.groups.length === 0) out.push('No consumer group on the source matches.');
  else out.push(renderGroupsTable(result.groups), '', summary(result.groups));
  if (result.notFound.length > 0)
    out.push(style.bad(`Not on the source: ${result.notFound.map(shownText).join(', ')}`));
  if (result.failOn) {
    out.push(
      result.failOn.holds
        ? style.bad(`--fail-on out-of-sync: ${result.failOn.groups.length} group(s) not in sync.`)
        : style.ok('--fail-on out-of-sync: every selected group is in sync.'),
    );
  }
  return out.join('\n');
}

export const verdictText = forTerminal(groupVerdict);

export const listText = forTerminal(effectiveList);

export const syncPeriodText = forTerminal(syncPeriod);

export const renderGroups = forTerminal(groupsView);
