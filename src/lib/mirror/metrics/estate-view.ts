// The exporter's topology gauges for several clusters: problems counted by kind; a cluster that does not
// answer makes the counts unknown (absent), not zero.

import type { KafkaClient } from '../../kafka/client.js';
import { reasonOf } from '../core/source-access.js';
import { type EstateTarget, readTopology } from '../topology/topology.js';
import type { TopologyReport } from '../topology/topology-types.js';
import { TOPOLOGY_PROBLEM_KINDS, type EstateView, type TopologyProblemKind } from './metrics.js';

export interface EstateMember {
  readonly label: string;
  readonly open: () => Promise<KafkaClient>;
  readonly owned: boolean;
}

export async function readEstate(members: readonly EstateMember[]): Promise<EstateView> {
  const opened = await Promise.allSettled(members.map((m) => m.open()));
  try {
    const targets: EstateTarget[] = [];
    opened.forEach((o, i) => {
      const label = members[i]?.label ?? '';
      if (o.status === 'fulfilled') targets.push({ label, bootstrap: label, client: o.value });
    });
    let report: TopologyReport | null = null;
    let failure: string | null = null;
    if (targets.length > 0)
      report = await readTopology(targets).catch((err: unknown) => {
        failure = reasonOf(err);
        return null;
      });
    const clusters = members.map((m, i) => {
      const o = opened[i];
      if (o?.status === 'rejected') return { cluster: m.label, up: false, message: reasonOf(o.reason) };
      const read = report?.clusters.find((c) => c.label === m.label);
      if (!read) return { cluster: m.label, up: false, message: failure ?? 'not read' };
      return { cluster: m.label, up: read.reachable, message: read.error };
    });
    return { clusters, problems: report && clusters.every((c) => c.up) ? problemCounts(report) : null };
  } finally {
    const owned = opened.flatMap((o, i) => (o.status === 'fulfilled' && members[i]?.owned ? [o.value] : []));
    await Promise.all(owned.map((client) => client.close().catch(() => undefined)));
  }
}

function problemCounts(report: TopologyReport): Record<TopologyProblemKind, number> {
  const counts = Object.fromEntries(TOPOLOGY_PROBLEM_KINDS.map((k) => [k, 0])) as Record<TopologyProblemKind, number>;
  for (const f of report.findings)
    if (f.severity === 'problem' && (TOPOLOGY_PROBLEM_KINDS as readonly string[]).includes(f.kind))
      counts[f.kind as TopologyProblemKind] += 1;
  return counts;
}
