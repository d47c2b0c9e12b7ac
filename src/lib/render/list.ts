import type { StatusRow } from '../mirror/describe/mirror-status.js';
import { orDash, style } from './style.js';
import { renderTable, type Column } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

function statesText(states: Readonly<Record<string, number>>): string {
  const entries = Object.entries(states).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
  return entries.length === 0 ? '-' : entries.map(([state, n]) => `${state} ${n}`).join(', ');
}

function mirrorList(mirrors: readonly StatusRow[], options: { includeTopics: boolean }): string {
  if (mirrors.length === 0) return 'No mirrors';
  const columns: Column[] = [
    { header: 'MIRROR' },
    { header: 'TOPICS', align: 'right' },
    { header: 'PARTS', align: 'right' },
    { header: 'STATES' },
    { header: 'LAG', align: 'right' },
    { header: 'MAX LAG', align: 'right' },
    { header: 'FAILING', align: 'right' },
    { header: 'SOURCE' },
  ];
  if (options.includeTopics) columns.push({ header: 'TOPIC NAMES' });
  const rows = mirrors.map((m) => {
    const s = m.status;
    const row = [
      m.name,
      s ? String(s.topics) : String(m.topicCount),
      s ? String(s.summary.partitions) : '-',
      s ? statesText(s.summary.states) : '-',
      // No partition with a known lag (all STOPPED, say): a dash, as describe shows, not a sum of nothing.
      s && s.summary.maxLag !== null ? String(s.summary.totalLag) : '-',
      s && s.summary.maxLag !== null ? String(s.summary.maxLag) : '-',
      s ? String(s.summary.failing) : '-',
      orDash(m.sourceBootstrap),
    ];
    if (options.includeTopics) row.push(m.topics && m.topics.length > 0 ? m.topics.join(',') : '-');
    return row;
  });
  return renderTable(columns, rows, style.header);
}

export const renderMirrorList = forTerminal(mirrorList);
