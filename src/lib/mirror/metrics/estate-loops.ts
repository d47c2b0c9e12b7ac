// The exporter's topology hook, for an estate of several clusters: the topics mirrored in a loop (a
// cycle of mirrors, none of whose partitions of that topic is STOPPED, e.g. A mirrors T from B while B
// mirrors T from A; PROTOCOL.md §18: the broker accepts it and the topic goes FAILED and read-only).
// Clusters are matched by cluster id (each mirror names its source's). Only loops are counted here.

import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { ListClusterMirrors } from '../../kafka/messages/index.js';
import { describeMirrors } from '../describe/describe.js';
import type { EstateView } from './metrics.js';

/** One cluster's mirrors as edges: topic copied from `sourceClusterId` into `clusterId`, not all STOPPED. */
export interface MirrorEdges {
  readonly clusterId: string;
  readonly edges: readonly { readonly topic: string; readonly sourceClusterId: string }[];
}

/** Reads one cluster's mirrors and the topics they still copy (any partition not STOPPED). */
export async function mirrorEdges(client: KafkaClient): Promise<MirrorEdges> {
  const clusterId = (await client.clusterView()).clusterId ?? '';
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: false });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  const sourceOf = new Map(listed.Mirrors.map((m) => [m.MirrorName, m.SourceClusterId]));
  if (sourceOf.size === 0) return { clusterId, edges: [] };
  const described = await describeMirrors(client, [...sourceOf.keys()], { namesKnownToExist: true });
  const edges = described.mirrors.flatMap((m) =>
    m.topics
      .filter((t) => Object.entries(t.summary.states).some(([state, n]) => state !== 'STOPPED' && n > 0))
      .map((t) => ({ topic: t.name, sourceClusterId: sourceOf.get(m.name) ?? '' })),
  );
  return { clusterId, edges };
}

/** The topics that lie on a cycle of mirrors among the given clusters, sorted. */
export function loopedTopics(clusters: readonly MirrorEdges[]): string[] {
  // topic → cluster → the clusters it copies that topic from
  const graph = new Map<string, Map<string, Set<string>>>();
  for (const c of clusters)
    for (const e of c.edges) {
      let byCluster = graph.get(e.topic);
      if (!byCluster) graph.set(e.topic, (byCluster = new Map()));
      let from = byCluster.get(c.clusterId);
      if (!from) byCluster.set(c.clusterId, (from = new Set()));
      from.add(e.sourceClusterId);
    }
  return [...graph]
    .filter(([, byCluster]) => hasCycle(byCluster))
    .map(([topic]) => topic)
    .sort();
}

function hasCycle(from: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const done = new Set<string>();
  const onPath = new Set<string>();
  const visit = (node: string): boolean => {
    if (onPath.has(node)) return true;
    if (done.has(node)) return false;
    onPath.add(node);
    for (const next of from.get(node) ?? []) if (visit(next)) return true;
    onPath.delete(node);
    done.add(node);
    return false;
  };
  return [...from.keys()].some((node) => visit(node));
}

/** A cluster of the estate: how to get a client for one collection, and whether to close it after. */
export interface EstateMember {
  readonly label: string;
  readonly open: () => Promise<KafkaClient>;
  readonly owned: boolean;
}

/** Every member read in parallel; the loops only when every one answered (else unknown). */
export async function readEstate(members: readonly EstateMember[]): Promise<EstateView> {
  const read = await Promise.all(
    members.map(async (member) => {
      let client: KafkaClient | undefined;
      try {
        client = await member.open();
        return { cluster: member.label, edges: await mirrorEdges(client), message: null };
      } catch (err) {
        return { cluster: member.label, edges: null, message: err instanceof Error ? err.message : String(err) };
      } finally {
        if (member.owned) await client?.close().catch(() => undefined);
      }
    }),
  );
  const answered = read.flatMap((r) => (r.edges ? [r.edges] : []));
  return {
    clusters: read.map((r) => ({ cluster: r.cluster, up: r.edges !== null, message: r.message })),
    loopedTopics: answered.length === read.length ? loopedTopics(answered) : null,
  };
}
