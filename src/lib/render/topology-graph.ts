// `kmirror topology -o dot` and `-o mermaid`: clusters as nodes, each mirror an edge from its source; what a
// problem finding names is red, sources outside the given clusters are dashed nodes.

import type { TopologyReport } from '../mirror/topology/topology-types.js';
import { forTerminal } from '../text/terminal-safe.js';
import { FINDING_WORD, statesText } from './topology.js';

interface GraphNode {
  readonly id: string;
  readonly lines: string[];
  readonly outside: boolean;
  readonly problem: boolean;
}

interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly lines: string[];
  readonly problem: boolean;
  readonly finding: boolean;
}

const MAX_TOPICS_SHOWN = 3;

function topicsLine(topics: readonly { readonly name: string }[]): string {
  if (topics.length === 0) return 'no topics';
  const shown = topics.slice(0, MAX_TOPICS_SHOWN).map((t) => t.name);
  const more = topics.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` +${more} more` : ''}`;
}

function graphOf(report: TopologyReport): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = report.clusters.map((c, i) => ({
    id: `c${i}`,
    lines: [c.label, c.reachable ? `id ${c.clusterId ?? '?'}` : 'unreachable'],
    outside: false,
    problem: !c.reachable,
  }));
  const idOf = new Map(report.clusters.map((c, i) => [c.label, `c${i}`]));
  const outside = new Map<string, string>();
  // What is wrong with each mirror, in words on its edge: `epoch war: orders`.
  const problemsOf = new Map<string, Set<string>>();
  for (const f of report.findings.filter((x) => x.severity === 'problem' && x.kind !== 'split-brain'))
    for (const m of f.mirrors) {
      const key = `${m.cluster}\u0000${m.mirror}`;
      problemsOf.set(key, (problemsOf.get(key) ?? new Set()).add(`${FINDING_WORD[f.kind]}: ${f.topic ?? '?'}`));
    }
  const splitMirrors = new Set(
    report.findings
      .filter((f) => f.kind === 'split-brain')
      .flatMap((f) => f.mirrors.map((m) => `${m.cluster}\u0000${m.mirror}`)),
  );
  const edges: GraphEdge[] = report.mirrors.map((m) => {
    let from = m.source === null ? undefined : idOf.get(m.source);
    if (from === undefined) {
      const key = m.sourceClusterId || m.sourceBootstrap;
      from = outside.get(key);
      if (from === undefined) {
        from = `x${outside.size}`;
        outside.set(key, from);
        nodes.push({
          id: from,
          lines: [m.sourceBootstrap || '?', `id ${m.sourceClusterId || '?'}`, '(not given)'],
          outside: true,
          problem: false,
        });
      }
    }
    const key = `${m.cluster}\u0000${m.name}`;
    const problems = [...(problemsOf.get(key) ?? [])];
    return {
      from,
      to: idOf.get(m.cluster) ?? '',
      lines: [m.name, topicsLine(m.topics), statesText(m.states), ...problems],
      problem: problems.length > 0 || splitMirrors.has(key),
      finding: false,
    };
  });
  for (const f of report.findings.filter((x) => x.kind === 'split-brain')) {
    const [a, b] = f.clusters.map((c) => idOf.get(c));
    if (a !== undefined && b !== undefined)
      edges.push({ from: a, to: b, lines: [`split brain: ${f.topic ?? '?'}`], problem: true, finding: true });
  }
  return { nodes, edges };
}

function dotText(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function dotLabel(lines: readonly string[]): string {
  return dotText(lines.join('\n'));
}

function topologyDot(report: TopologyReport): string {
  const { nodes, edges } = graphOf(report);
  const out = ['digraph kmirror {', '  rankdir=LR;', '  node [shape=box, style=rounded, fontname="Helvetica"];'];
  out.push('  edge [fontname="Helvetica", fontsize=10];');
  for (const n of nodes) {
    const attrs = [`label=${dotLabel(n.lines)}`];
    if (n.outside) attrs.push('style="rounded,dashed"');
    if (n.problem) attrs.push('color=red', 'fontcolor=red');
    out.push(`  ${n.id} [${attrs.join(', ')}];`);
  }
  for (const e of edges) {
    const attrs = [`label=${dotLabel(e.lines)}`];
    if (e.problem) attrs.push('color=red', 'fontcolor=red');
    if (e.finding) attrs.push('style=dashed', 'dir=both');
    out.push(`  ${e.from} -> ${e.to} [${attrs.join(', ')}];`);
  }
  out.push('}');
  return out.join('\n');
}

function mermaidText(lines: readonly string[]): string {
  const escaped = lines.map((line) =>
    line.replace(/#/g, '#35;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;'),
  );
  return `"${escaped.join('<br/>')}"`;
}

function topologyMermaid(report: TopologyReport): string {
  const { nodes, edges } = graphOf(report);
  const out = ['flowchart LR'];
  for (const n of nodes)
    out.push(n.outside ? `  ${n.id}(${mermaidText(n.lines)})` : `  ${n.id}[${mermaidText(n.lines)}]`);
  edges.forEach((e) => {
    const arrow = e.finding ? '<-.->' : '-->';
    out.push(`  ${e.from} ${arrow}|${mermaidText(e.lines)}| ${e.to}`);
  });
  edges.forEach((e, i) => {
    if (e.problem) out.push(`  linkStyle ${i} stroke:red,color:red`);
  });
  for (const n of nodes) {
    if (n.problem) out.push(`  style ${n.id} stroke:red,color:red`);
    else if (n.outside) out.push(`  style ${n.id} stroke-dasharray:4 4`);
  }
  return out.join('\n');
}

export const renderTopologyDot = forTerminal(topologyDot);
export const renderTopologyMermaid = forTerminal(topologyMermaid);
