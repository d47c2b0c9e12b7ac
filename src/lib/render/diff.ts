// Text for `kmirror diff`: per mirrored topic the partition counts and the configs that differ
// between the source and the destination, each with what the periodic sync will do about it.

import type { DiffResult } from '../mirror/diff/diff-report.js';
import type { ConfigDifference, TopicDiff } from '../mirror/diff/topic-config-diff.js';
import { shownText } from './broker-text.js';
import { listText, syncPeriodText } from './groups.js';
import { style } from './style.js';
import { renderTable, type Column } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

const COLUMNS: Column[] = [
  { header: 'TOPIC' },
  { header: 'KEY' },
  { header: 'SOURCE' },
  { header: 'DESTINATION' },
  { header: 'VERDICT' },
];

function valueText(value: string | null, override: boolean, present: boolean): string {
  if (!present) return '-';
  const shown = value === null ? '(sensitive)' : shownText(value);
  return override ? shown : `${shown} ${style.dim('(default)')}`;
}

function verdictText(c: ConfigDifference, paused: boolean): string {
  switch (c.reason) {
    case 'excluded':
      return style.dim('expected: excluded key');
    case 'source-override':
      return style.warn(paused ? 'pending: copied after resume' : 'pending: copied at the next sync');
    case 'deleted-on-source':
      return style.bad('never heals: deleted on the source (or set on the destination only)');
    case 'broker-default':
      return style.bad('never heals: broker defaults differ (only overrides are copied)');
  }
}

function partitionVerdict(t: TopicDiff): string {
  if (t.sourcePartitions !== null && t.destinationPartitions !== null && t.sourcePartitions > t.destinationPartitions)
    return style.warn(
      t.state === 'paused'
        ? 'partition counts differ; pending: added after resume'
        : 'partition counts differ; pending: added at the next sync',
    );
  return style.bad('partition counts differ');
}

function rows(topics: readonly TopicDiff[]): string[][] {
  const out: string[][] = [];
  for (const t of topics) {
    const name = shownText(t.topic);
    const cells: string[][] = [];
    if (t.sourcePartitions !== t.destinationPartitions) {
      cells.push([
        'partitions',
        t.sourcePartitions === null ? style.bad('missing') : String(t.sourcePartitions),
        t.destinationPartitions === null ? style.bad('missing') : String(t.destinationPartitions),
        partitionVerdict(t),
      ]);
    }
    for (const c of t.configs) {
      cells.push([
        shownText(c.key),
        valueText(c.sourceValue, c.sourceOverride, t.sourcePartitions !== null),
        valueText(c.destinationValue, c.destinationOverride, t.destinationPartitions !== null),
        verdictText(c, t.state === 'paused'),
      ]);
    }
    if (cells.length === 0) cells.push(['-', '-', '-', style.ok('same')]);
    cells.forEach((c, i) => out.push([i === 0 ? name : '', ...c]));
  }
  return out;
}

function diffView(result: DiffResult): string {
  const list = result.excludeList;
  const dropped = list.stored ? list.defaultItems.filter((k) => !list.items.includes(k)) : [];
  const out = [
    `Mirror ${shownText(result.mirror)}, source cluster ${result.sourceBootstrap.join(',')}`,
    `Not copied: ${listText(list)}`,
  ];
  if (dropped.length > 0)
    out.push(
      style.warn(
        `The stored list replaced the default one, so these default entries are copied: ${dropped.join(', ')}`,
      ),
    );
  out.push(syncPeriodText(result.syncInterval), '');
  if (result.topics.length === 0) {
    out.push(style.ok(`No differences in the ${result.compared} mirrored topic(s).`));
  } else {
    out.push(renderTable(COLUMNS, rows(result.topics), style.header));
    out.push('', `${result.topics.length} of ${result.compared} mirrored topic(s) shown.`);
  }
  for (const r of result.recreatedTopics) out.push('', style.bad(r.summary), `Recovery: ${r.recovery}`);
  if (result.failOn) {
    out.push(
      result.failOn.holds
        ? style.bad(`--fail-on drift: ${result.failOn.topics.length} topic(s) differ in more than excluded keys.`)
        : style.ok('--fail-on drift: no topic differs in more than excluded keys.'),
    );
  }
  return out.join('\n');
}

export const renderDiff = forTerminal(diffView);
