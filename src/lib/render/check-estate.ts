// `kmirror check` across several clusters as text: one row per cluster (its verdict, brokers, mirrors and
// FAILED partitions), then the topology's findings and one verdict line.

import type { EstateCheck } from '../mirror/topology/estate-check.js';
import { style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';
import { renderTopologyFindings } from './topology.js';

const VERDICT_WORDS: Record<string, string> = {
  usable: 'mirroring usable',
  disabled: 'mirroring disabled',
  unsupported: 'not supported',
};

function estateText(check: EstateCheck): string {
  const table = renderTable(
    [
      { header: 'CLUSTER' },
      { header: 'CLUSTER ID' },
      { header: 'VERDICT' },
      { header: 'BROKERS', align: 'right' },
      { header: 'MIRRORS', align: 'right' },
      { header: 'PARTITIONS', align: 'right' },
      { header: 'FAILED', align: 'right' },
    ],
    check.clusters.map((c) => [
      c.label,
      c.clusterId ?? '-',
      !c.reachable
        ? style.bad(`unreachable: ${c.error ?? 'no answer'}`)
        : c.verdict === 'usable'
          ? style.ok(VERDICT_WORDS.usable ?? 'usable')
          : style.bad(VERDICT_WORDS[c.verdict ?? ''] ?? String(c.verdict)),
      c.reachable ? `${c.brokers - c.unreachableBrokers}/${c.brokers}` : '-',
      c.reachable ? String(c.mirrors) : '-',
      c.reachable ? String(c.partitions) : '-',
      c.failingPartitions > 0 ? style.bad(String(c.failingPartitions)) : String(c.failingPartitions),
    ]),
    style.header,
  );
  const unreachable = check.clusters.filter((c) => !c.reachable).length;
  const verdict =
    check.problems > 0
      ? style.bad(`${check.problems} problem(s) across ${check.clusters.length} cluster(s).`)
      : unreachable > 0
        ? style.warn(`No problem among the clusters that answered; ${unreachable} could not be reached.`)
        : style.ok(`No problems across ${check.clusters.length} cluster(s).`);
  return [table, '', ...renderTopologyFindings(check), '', verdict].join('\n');
}

export const renderEstateCheck = forTerminal(estateText);
