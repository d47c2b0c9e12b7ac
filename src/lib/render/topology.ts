// `kmirror topology` as text: the clusters, the mirrors between them, where each topic takes writes, and
// the findings (problems first, in red; information after).

import type { TopologyFinding, TopologyReport } from '../mirror/topology/topology-types.js';
import { displayedStates } from '../mirror/describe/lag.js';
import { style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

function statesLine(states: Readonly<Record<string, number>>): string {
  const shown = displayedStates(states);
  return shown.length === 0 ? '-' : shown.map(([state, n]) => `${n} ${state}`).join(', ');
}

function clusterTable(report: TopologyReport): string {
  return renderTable(
    [
      { header: 'CLUSTER' },
      { header: 'CLUSTER ID' },
      { header: 'MIRRORS', align: 'right' },
      { header: 'TOPICS', align: 'right' },
      { header: 'STATUS' },
    ],
    report.clusters.map((c) => [
      c.label,
      c.clusterId ?? '-',
      c.reachable ? String(c.mirrors) : '-',
      c.reachable ? String(c.topics) : '-',
      c.reachable ? style.ok('reachable') : style.bad(`unreachable: ${c.error ?? 'no answer'}`),
    ]),
    style.header,
  );
}

function mirrorTable(report: TopologyReport): string {
  if (report.mirrors.length === 0) return style.dim('No mirrors on these clusters.');
  return renderTable(
    [{ header: 'SOURCE' }, { header: '→ CLUSTER' }, { header: 'MIRROR' }, { header: 'TOPICS' }, { header: 'STATES' }],
    report.mirrors.map((m) => [
      m.source ?? style.warn(`${m.sourceClusterId || '?'} (not given)`),
      m.cluster,
      m.name,
      m.topics.length === 0 ? '-' : m.topics.map((t) => t.name).join(', '),
      statesLine(m.states),
    ]),
    style.header,
  );
}

function topicTable(report: TopologyReport): string {
  if (report.topics.length === 0) return style.dim('No topics.');
  return renderTable(
    [{ header: 'TOPIC' }, { header: 'WRITABLE ON' }, { header: 'READ-ONLY ON' }],
    report.topics.map((t) => [
      t.topic,
      t.writableOn.length === 0 ? style.warn('nowhere') : t.writableOn.join(', '),
      t.readOnlyOn.length === 0
        ? '-'
        : t.readOnlyOn.map((r) => `${r.cluster} (${r.mirror}: ${statesLine(r.states)})`).join(', '),
    ]),
    style.header,
  );
}

export const FINDING_WORD: Readonly<Record<TopologyFinding['kind'], string>> = {
  'mirror-loop': 'mirror loop',
  'split-brain': 'split brain',
  'epoch-war': 'epoch war',
  'source-outside': 'source not given',
  'writable-both-sides': 'writable on both sides',
};

function findingLines(report: { readonly findings: readonly TopologyFinding[] }): string[] {
  if (report.findings.length === 0)
    return [style.ok('No mirror loop, split brain or epoch war across these clusters.')];
  return report.findings.map((f) =>
    f.severity === 'problem'
      ? `${style.bad(`PROBLEM ${FINDING_WORD[f.kind]}:`)} ${f.message}`
      : `${style.dim(`info ${FINDING_WORD[f.kind]}:`)} ${f.message}`,
  );
}

function topologyText(report: TopologyReport): string {
  const problems =
    report.problems === 0
      ? style.ok('No problems.')
      : style.bad(`${report.problems} problem(s) across ${report.clusters.length} cluster(s).`);
  return [
    clusterTable(report),
    '',
    mirrorTable(report),
    '',
    topicTable(report),
    '',
    ...findingLines(report),
    '',
    problems,
  ].join('\n');
}

export const renderTopology = forTerminal(topologyText);

export const statesText = forTerminal(statesLine);

export const renderTopologyFindings = forTerminal(findingLines);
