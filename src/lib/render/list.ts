import type { ListedMirror } from '../mirror/core/list.js';
import { orDash, style } from './style.js';
import { renderTable, type Column } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

export const TOPIC_COUNT_NOTE =
  'TOPICS counts topics whose target state is MIRRORING, FAILED ones included (a real broker counts the ' +
  'target state, not what the partitions are doing); TOPIC NAMES also lists PAUSED topics. STOPPED topics ' +
  'appear in neither.';

function mirrorList(mirrors: readonly ListedMirror[], options: { includeTopics: boolean }): string {
  if (mirrors.length === 0) return 'No mirrors';
  const columns: Column[] = [
    { header: 'MIRROR' },
    { header: 'TOPICS', align: 'right' },
    { header: 'SOURCE CLUSTER' },
    { header: 'SOURCE BOOTSTRAP' },
  ];
  if (options.includeTopics) columns.push({ header: 'TOPIC NAMES' });
  const rows = mirrors.map((m) => {
    const row = [m.name, String(m.topicCount), orDash(m.sourceClusterId), orDash(m.sourceBootstrap)];
    if (options.includeTopics) row.push(m.topics && m.topics.length > 0 ? m.topics.join(',') : '-');
    return row;
  });
  const table = renderTable(columns, rows, style.header);
  return options.includeTopics ? `${table}\n\n${style.dim(`Note: ${TOPIC_COUNT_NOTE}`)}` : table;
}

/** MIRROR, TOPICS, SOURCE CLUSTER, SOURCE BOOTSTRAP (and TOPIC NAMES) of each mirror. */
export const renderMirrorList = forTerminal(mirrorList);
