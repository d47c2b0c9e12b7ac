// Partitions no DescribeClusterMirrors answer covered. A stopped destination broker leaves its
// partitions leaderless and answers nothing, so the merged view would simply lack them (PROTOCOL.md
// §18 "A destination broker down"). The mirror's topics (ListClusterMirrors), their partitions and
// leaders (Metadata) and the registered brokers (DescribeCluster with fenced ones) say what is missing.

import type { KafkaClient } from '../../kafka/client.js';
import { DescribeCluster, ListClusterMirrors, Metadata } from '../../kafka/messages/index.js';
import type { DescribeResult, MirrorDescription, TopicDescription } from './describe-types.js';
import { combine, summarize, type PartitionRow } from './lag.js';

export const OFFLINE_STATE = 'OFFLINE';
export const UNREPORTED_STATE = 'UNREPORTED';

export function isMissingState(state: string): boolean {
  return state === OFFLINE_STATE || state === UNREPORTED_STATE;
}

export interface MissingPartition {
  readonly mirror: string;
  readonly topic: string;
  /** @minimum 0 */
  readonly partition: number;
  /** The leader Metadata names; -1 when none. */
  readonly leader: number;
  readonly replicas: number[];
  /** OFFLINE or UNREPORTED. */
  readonly state: string;
  /** Why it is missing, in words. */
  readonly reason: string;
}

export interface BrokerRegistration {
  readonly nodeId: number;
  readonly address: string;
  readonly fenced: boolean;
}

export async function registeredBrokers(client: KafkaClient): Promise<BrokerRegistration[] | null> {
  try {
    const response = await client.send(DescribeCluster, {
      IncludeClusterAuthorizedOperations: false,
      EndpointType: 1,
      IncludeFencedBrokers: true,
    });
    if (response.ErrorCode !== 0) return null;
    return response.Brokers.map((b) => ({ nodeId: b.BrokerId, address: `${b.Host}:${b.Port}`, fenced: b.IsFenced }));
  } catch {
    return null;
  }
}

interface TopicLayout {
  readonly partitions: { readonly index: number; readonly leader: number; readonly replicas: number[] }[];
}

export interface ExpectedPartitions {
  readonly mirrors: ReadonlySet<string>;
  readonly topicsOf: ReadonlyMap<string, readonly string[]>;
  readonly layouts: ReadonlyMap<string, TopicLayout>;
}

async function mirrorTopics(
  client: KafkaClient,
  names: readonly string[],
): Promise<{ mirrors: Set<string>; topicsOf: Map<string, string[]> } | null> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: true });
  if (listed.ErrorCode !== 0) return null;
  const topicsOf = new Map<string, string[]>();
  const wanted = new Set(names);
  for (const m of listed.Mirrors)
    if (wanted.size === 0 || wanted.has(m.MirrorName)) topicsOf.set(m.MirrorName, [...m.TopicNames]);
  return { mirrors: new Set(listed.Mirrors.map((m) => m.MirrorName)), topicsOf };
}

async function topicLayouts(client: KafkaClient, topics: readonly string[]): Promise<Map<string, TopicLayout>> {
  const out = new Map<string, TopicLayout>();
  if (topics.length === 0) return out;
  const metadata = await client.send(Metadata, {
    Topics: topics.map((Name) => ({ Name })),
    AllowAutoTopicCreation: false,
    IncludeTopicAuthorizedOperations: false,
  });
  for (const t of metadata.Topics) {
    if (t.ErrorCode !== 0 || t.Name === null) continue;
    out.set(t.Name, {
      partitions: t.Partitions.map((p) => ({
        index: p.PartitionIndex,
        leader: p.LeaderId,
        replicas: [...p.ReplicaNodes],
      })),
    });
  }
  return out;
}

/**
 * Read before the describe: a topic the periodic sync adds in between is then reported but not expected
 * (harmless), never expected but not yet reported.
 */
export async function readExpectedPartitions(
  client: KafkaClient,
  names: readonly string[],
): Promise<ExpectedPartitions | null> {
  try {
    const listed = await mirrorTopics(client, names);
    if (listed === null) return null;
    const { mirrors, topicsOf } = listed;
    return { mirrors, topicsOf, layouts: await topicLayouts(client, [...new Set([...topicsOf.values()].flat())]) };
  } catch {
    return null;
  }
}

function reasonFor(leader: number, replicas: readonly number[], fenced: ReadonlySet<number>): string {
  if (leader >= 0) return `leader ${leader} did not report it in DescribeClusterMirrors`;
  const down = replicas.filter((id) => fenced.has(id));
  const named = (down.length > 0 ? down : replicas).join(', ');
  return down.length > 0
    ? `no leader: its replica broker(s) ${named} are registered but fenced (down)`
    : `no leader: replica broker(s) ${named} are not live`;
}

function missingRow(partition: number, state: string, reason: string): PartitionRow {
  return {
    partition,
    sourceOffset: null,
    destinationOffset: null,
    lag: null,
    state,
    retryAttempt: 0,
    errorMessage: reason,
  };
}

export async function withMissingPartitions(
  client: KafkaClient,
  result: DescribeResult,
  expected: ExpectedPartitions | null,
): Promise<{ result: DescribeResult; missing: MissingPartition[] }> {
  if (result.mirrors.length === 0 || expected === null) return { result, missing: [] };
  const { topicsOf, layouts } = expected;
  let fenced: Set<number> | null = null;
  const missing: MissingPartition[] = [];
  const mirrors: MirrorDescription[] = [];
  for (const mirror of result.mirrors) {
    const byName = new Map(mirror.topics.map((t) => [t.name, t]));
    let changed = false;
    for (const topic of topicsOf.get(mirror.name) ?? []) {
      const layout = layouts.get(topic);
      if (!layout) continue;
      const described = byName.get(topic);
      const reported = new Set((described?.partitions ?? []).map((p) => p.partition));
      const added: PartitionRow[] = [];
      for (const p of layout.partitions) {
        if (reported.has(p.index)) continue;
        fenced ??= new Set(((await registeredBrokers(client)) ?? []).filter((b) => b.fenced).map((b) => b.nodeId));
        const state = p.leader < 0 ? OFFLINE_STATE : UNREPORTED_STATE;
        const reason = reasonFor(p.leader, p.replicas, fenced);
        added.push(missingRow(p.index, state, reason));
        missing.push({
          mirror: mirror.name,
          topic,
          partition: p.index,
          leader: p.leader,
          replicas: p.replicas,
          state,
          reason,
        });
      }
      if (added.length === 0) continue;
      changed = true;
      const partitions = [...(described?.partitions ?? []), ...added].sort((a, b) => a.partition - b.partition);
      byName.set(topic, { name: topic, summary: summarize(partitions), partitions });
    }
    if (!changed) {
      mirrors.push(mirror);
      continue;
    }
    const topics: TopicDescription[] = [...byName.values()].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    mirrors.push({ ...mirror, topics, summary: combine(topics.map((t) => t.summary)) });
  }
  return { result: { ...result, mirrors }, missing };
}
