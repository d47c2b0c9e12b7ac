// `kmirror check` across several clusters: each cluster's check summarised, and the topology's findings.

import { reasonOf } from '../core/source-access.js';
import { type ClusterCheck, type Verdict, checkCluster } from '../check/check.js';
import type { EstateTarget } from './cluster-snapshot.js';
import { readTopology } from './topology.js';
import type { TopologyFinding, TopologyMirror } from './topology-types.js';

export interface EstateClusterCheck {
  readonly label: string;
  readonly bootstrap: string;
  readonly clusterId: string | null;
  readonly reachable: boolean;
  /** Why the cluster could not be checked (null when it answered). */
  readonly error: string | null;
  /** The cluster's verdict as `kmirror check -b` gives it; null when it could not be reached. */
  readonly verdict: Verdict | null;
  /** @minimum 0 */
  readonly brokers: number;
  /** Brokers that did not answer. @minimum 0 */
  readonly unreachableBrokers: number;
  /** @minimum 0 */
  readonly mirrors: number;
  /** Mirrored partitions, and those FAILED. @minimum 0 */
  readonly partitions: number;
  /** @minimum 0 */
  readonly failingPartitions: number;
}

/** What `kmirror check` returns when several clusters are named. */
export interface EstateCheck {
  readonly clusters: EstateClusterCheck[];
  /** The topology's findings, problems first. */
  readonly findings: TopologyFinding[];
  /** Topology problems plus clusters that cannot serve mirroring. @minimum 0 */
  readonly problems: number;
  readonly warnings: string[];
}

export type EstateOutcome = 'ok' | 'problem' | 'clusters-unreachable';

function summary(target: EstateTarget, check: ClusterCheck, mirrors: readonly TopologyMirror[]): EstateClusterCheck {
  const own = mirrors.filter((m) => m.cluster === target.label);
  const count = (pick: (states: Record<string, number>) => number) => own.reduce((n, m) => n + pick(m.states), 0);
  return {
    label: target.label,
    bootstrap: target.bootstrap,
    clusterId: check.clusterId,
    reachable: true,
    error: null,
    verdict: check.verdict,
    brokers: check.brokers.length,
    unreachableBrokers: check.unreachable.length,
    mirrors: own.length,
    partitions: count((s) => Object.values(s).reduce((n, x) => n + x, 0)),
    failingPartitions: count((s) => s['FAILED'] ?? 0),
  };
}

export async function checkEstate(targets: readonly EstateTarget[]): Promise<EstateCheck> {
  const checks = await Promise.allSettled(targets.map((t) => checkCluster(t.client)));
  const failed = checks.filter((c): c is PromiseRejectedResult => c.status === 'rejected');
  if (failed.length === targets.length && failed[0]) throw failed[0].reason;
  const usable = targets.filter((_, i) => {
    const c = checks[i];
    return c?.status === 'fulfilled' && c.value.verdict === 'usable';
  });
  const topology =
    usable.length === 0 ? { mirrors: [], findings: [], warnings: [] } : await readTopology(usable).catch(noTopology);
  const clusters = targets.map((target, i): EstateClusterCheck => {
    const c = checks[i] as PromiseSettledResult<ClusterCheck>;
    if (c.status === 'fulfilled') return summary(target, c.value, topology.mirrors);
    return {
      label: target.label,
      bootstrap: target.bootstrap,
      clusterId: null,
      reachable: false,
      error: reasonOf(c.reason),
      verdict: null,
      brokers: 0,
      unreachableBrokers: 0,
      mirrors: 0,
      partitions: 0,
      failingPartitions: 0,
    };
  });
  const unusable = clusters.filter((c) => c.reachable && c.verdict !== 'usable').length;
  return {
    clusters,
    findings: topology.findings,
    problems: topology.findings.filter((f) => f.severity === 'problem').length + unusable,
    warnings: topology.warnings,
  };
}

function noTopology(err: unknown): { mirrors: []; findings: []; warnings: string[] } {
  return { mirrors: [], findings: [], warnings: [`the topology could not be read: ${reasonOf(err)}`] };
}

export function estateOutcome(check: EstateCheck): EstateOutcome {
  if (check.problems > 0) return 'problem';
  return check.clusters.some((c) => !c.reachable) ? 'clusters-unreachable' : 'ok';
}
