// Pure: the estate's edges and what the mirrors' states alone show: loops, epoch-war pairs (a failback before
// its cleanup, PROTOCOL.md §18), sources outside the estate. Split brain needs end offsets (split-brain.ts).

import { allStopped, stateCounts } from '../describe/loop-check.js';
import { combine } from '../describe/lag.js';
import type { ClusterSnapshot, MirrorSnapshot } from './cluster-snapshot.js';
import type { TopologyFinding, TopologyMirror, TopologyTopic } from './topology-types.js';

export function holdsReadOnly(states: Readonly<Record<string, number>>): boolean {
  return Object.keys(states).length > 0 && !allStopped(states);
}

function byId(snapshots: readonly ClusterSnapshot[]): Map<string, ClusterSnapshot> {
  return new Map(snapshots.map((s) => [s.clusterId, s]));
}

export function mirrorEdges(snapshots: readonly ClusterSnapshot[]): TopologyMirror[] {
  const ids = byId(snapshots);
  return snapshots.flatMap((s) =>
    s.mirrors.map((m) => ({
      cluster: s.label,
      name: m.name,
      sourceClusterId: m.sourceClusterId,
      sourceBootstrap: m.sourceBootstrap,
      source: ids.get(m.sourceClusterId)?.label ?? null,
      topics: m.topics.map((t) => ({ name: t.name, states: t.summary.states })),
      states: combine(m.topics.map((t) => t.summary)).states,
    })),
  );
}

function readOnlyHolder(
  cluster: ClusterSnapshot,
  topic: string,
): { mirror: MirrorSnapshot; states: Record<string, number> } | null {
  for (const mirror of cluster.mirrors) {
    const t = mirror.topics.find((x) => x.name === topic);
    if (t && holdsReadOnly(t.summary.states)) return { mirror, states: t.summary.states };
  }
  return null;
}

export function writableOn(cluster: ClusterSnapshot, topic: string): boolean {
  return cluster.topics.has(topic) && readOnlyHolder(cluster, topic) === null;
}

export function topicPlaces(snapshots: readonly ClusterSnapshot[]): TopologyTopic[] {
  const names = new Set<string>();
  for (const s of snapshots) {
    for (const t of s.topics.keys()) names.add(t);
    for (const m of s.mirrors) for (const t of m.topics) names.add(t.name);
  }
  return [...names].sort().map((topic) => ({
    topic,
    writableOn: snapshots.filter((s) => writableOn(s, topic)).map((s) => s.label),
    readOnlyOn: snapshots.flatMap((s) => {
      const held = readOnlyHolder(s, topic);
      return held ? [{ cluster: s.label, mirror: held.mirror.name, states: held.states }] : [];
    }),
  }));
}

interface ActiveEdge {
  readonly from: ClusterSnapshot;
  readonly to: ClusterSnapshot;
  readonly mirror: string;
}

export function loopFindings(snapshots: readonly ClusterSnapshot[]): TopologyFinding[] {
  const ids = byId(snapshots);
  const findings: TopologyFinding[] = [];
  const topics = new Set(snapshots.flatMap((s) => s.mirrors.flatMap((m) => m.topics.map((t) => t.name))));
  for (const topic of [...topics].sort()) {
    const edges: ActiveEdge[] = [];
    for (const to of snapshots)
      for (const m of to.mirrors) {
        const from = ids.get(m.sourceClusterId);
        const t = m.topics.find((x) => x.name === topic);
        if (from && t && holdsReadOnly(t.summary.states)) edges.push({ from, to, mirror: m.name });
      }
    const index = new Map(snapshots.map((s, i) => [s, i]));
    const walk = (start: number, path: ActiveEdge[]): void => {
      const at = path.length === 0 ? snapshots[start] : path[path.length - 1]?.to;
      for (const edge of edges.filter((e) => e.from === at)) {
        const next = index.get(edge.to) ?? -1;
        if (next === start) findings.push(loopFinding(topic, [...path, edge]));
        else if (next > start && !path.some((e) => e.from === edge.to)) walk(start, [...path, edge]);
      }
    };
    snapshots.forEach((_, i) => walk(i, []));
  }
  return findings;
}

function loopFinding(topic: string, cycle: readonly ActiveEdge[]): TopologyFinding {
  const clusters = cycle.map((e) => e.from.label);
  return {
    kind: 'mirror-loop',
    severity: 'problem',
    topic,
    clusters,
    mirrors: cycle.map((e) => ({ cluster: e.to.label, mirror: e.mirror })),
    message:
      `${topic} is mirrored in a loop ${[...clusters, clusters[0]].join(' → ')}: the side that started last ` +
      `goes FAILED ("Detected mirror loop") and read-only, so its producers are refused; stop the topic ` +
      `in the mirror that should not copy it`,
    partitions: [],
  };
}

/**
 * Some topic the broker wants mirroring (not stopping or pausing): the prototype's periodic sync bumps a
 * mirror's topics, its STOPPED ones too, only while this holds (PROTOCOL.md §18, the leader-epoch war).
 */
function syncsEpochs(mirror: MirrorSnapshot): boolean {
  const resting = new Set(['STOPPED', 'STOPPING', 'PAUSED', 'PAUSING']);
  return mirror.topics.some((t) => Object.keys(t.summary.states).some((s) => !resting.has(s)));
}

/**
 * A topic STOPPED in a mirror on one side while the other side mirrors it back from there, and both
 * mirrors still sync: each raises the topic's leader epoch past the other's.
 */
export function epochWarFindings(snapshots: readonly ClusterSnapshot[]): TopologyFinding[] {
  const ids = byId(snapshots);
  const findings: TopologyFinding[] = [];
  for (const here of snapshots)
    for (const m of here.mirrors) {
      const there = ids.get(m.sourceClusterId);
      if (!there || !syncsEpochs(m)) continue;
      for (const t of m.topics) {
        if (!allStopped(t.summary.states)) continue;
        for (const back of there.mirrors.filter((b) => b.sourceClusterId === here.clusterId)) {
          const theirs = back.topics.find((x) => x.name === t.name);
          if (!theirs || !holdsReadOnly(theirs.summary.states) || !syncsEpochs(back)) continue;
          if (Object.keys(theirs.summary.states).every((s) => s === 'PAUSED' || s === 'PAUSING')) continue;
          findings.push({
            kind: 'epoch-war',
            severity: 'problem',
            topic: t.name,
            clusters: [here.label, there.label],
            mirrors: [
              { cluster: here.label, mirror: m.name },
              { cluster: there.label, mirror: back.name },
            ],
            message:
              `${t.name} is STOPPED in mirror ${m.name} on ${here.label} and mirrored back by ${back.name} on ` +
              `${there.label} (${stateCounts(theirs.summary.states)}): a failback before its cleanup; both ` +
              `sides raise its leader epoch at every sync until mirror ${m.name} is deleted on ${here.label} ` +
              `(or holds no mirroring topic)`,
            partitions: [],
          });
        }
      }
    }
  return findings;
}

export function outsideSourceFindings(snapshots: readonly ClusterSnapshot[], unreadable: number): TopologyFinding[] {
  const ids = byId(snapshots);
  return snapshots.flatMap((s) =>
    s.mirrors
      .filter((m) => !ids.has(m.sourceClusterId))
      .map((m): TopologyFinding => ({
        kind: 'source-outside',
        severity: 'information',
        topic: null,
        clusters: [s.label],
        mirrors: [{ cluster: s.label, mirror: m.name }],
        message:
          `mirror ${m.name} on ${s.label} reads from cluster ${m.sourceClusterId || '(no id stored)'} ` +
          `(${m.sourceBootstrap || 'no bootstrap stored'}), which is not among the clusters read` +
          `${unreadable > 0 ? ` (${unreadable} could not be reached)` : ''}: loops and split brain through ` +
          `it are not judged`,
        partitions: [],
      })),
  );
}

export interface StoppedPair {
  readonly destination: ClusterSnapshot;
  readonly source: ClusterSnapshot;
  readonly mirror: string;
  readonly topic: string;
  /** @minimum 0 */
  readonly partitions: number;
}

export function stoppedPairs(snapshots: readonly ClusterSnapshot[]): StoppedPair[] {
  const ids = byId(snapshots);
  return snapshots.flatMap((destination) =>
    destination.mirrors.flatMap((m) => {
      const source = ids.get(m.sourceClusterId);
      if (!source) return [];
      return m.topics
        .filter((t) => allStopped(t.summary.states) && writableOn(source, t.name) && writableOn(destination, t.name))
        .map((t) => ({ destination, source, mirror: m.name, topic: t.name, partitions: t.summary.partitions }));
    }),
  );
}
