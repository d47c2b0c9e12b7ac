// The service behind `kmirror topology`: every given cluster read at once, one that cannot be reached
// reported while the others are still judged.

import { reasonOf } from '../core/source-access.js';
import { type ClusterSnapshot, type EstateTarget, readClusterSnapshot } from './cluster-snapshot.js';
import { splitBrainFindings } from './split-brain.js';
import {
  epochWarFindings,
  loopFindings,
  mirrorEdges,
  outsideSourceFindings,
  stoppedPairs,
  topicPlaces,
} from './topology-findings.js';
import type { TopologyCluster, TopologyFinding, TopologyReport } from './topology-types.js';

export type { EstateTarget } from './cluster-snapshot.js';

export async function readTopology(targets: readonly EstateTarget[]): Promise<TopologyReport> {
  const warnings: string[] = [];
  const warn = (message: string): void => void warnings.push(message);
  const read = await Promise.allSettled(targets.map((t) => readClusterSnapshot(t)));
  // Nothing to show when no cluster answered: the first failure is the command's (its own exit code).
  const failed = read.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length === targets.length && failed[0]) throw failed[0].reason;
  const snapshots: ClusterSnapshot[] = [];
  const clusters: TopologyCluster[] = targets.map((target, i) => {
    const outcome = read[i] as PromiseSettledResult<ClusterSnapshot>;
    const base = { label: target.label, bootstrap: target.bootstrap };
    if (outcome.status === 'rejected')
      return { ...base, clusterId: null, reachable: false, error: reasonOf(outcome.reason), mirrors: 0, topics: 0 };
    const snapshot = outcome.value;
    const twin = snapshots.find((s) => s.clusterId === snapshot.clusterId);
    if (twin) warn(`${target.label} is the same cluster as ${twin.label} (id ${snapshot.clusterId}): read once`);
    else snapshots.push(snapshot);
    warnings.push(...snapshot.warnings);
    return {
      ...base,
      clusterId: snapshot.clusterId,
      reachable: true,
      error: null,
      mirrors: snapshot.mirrors.length,
      topics: snapshot.topics.size,
    };
  });
  const clientOf = (label: string) => {
    const target = targets.find((t) => t.label === label);
    if (!target) throw new Error(`no client for cluster ${label}`);
    return target.client;
  };
  let splitBrain: TopologyFinding[] = [];
  try {
    splitBrain = await splitBrainFindings(stoppedPairs(snapshots), clientOf, warn);
  } catch (err) {
    warn(`split brain not judged: the end offsets could not be read (${reasonOf(err)})`);
  }
  const findings = [
    ...loopFindings(snapshots),
    ...splitBrain,
    ...epochWarFindings(snapshots),
    ...outsideSourceFindings(snapshots, clusters.filter((c) => !c.reachable).length),
  ].sort((x, y) => (x.severity === y.severity ? 0 : x.severity === 'problem' ? -1 : 1));
  return {
    clusters,
    mirrors: mirrorEdges(snapshots),
    topics: topicPlaces(snapshots),
    findings,
    problems: findings.filter((f) => f.severity === 'problem').length,
    warnings,
  };
}
