// What a client should see, read from the emulator's engine rather than written down: the tests
// compare a client's view with this, so they follow the engine's placement of leaders and replicas.

import type { EmulatedClusterHandle } from '../../src/lib/emulator/index.js';

export interface ExpectedBroker {
  readonly id: number;
  readonly host: string;
  readonly port: number;
}

export interface ExpectedPartition {
  readonly partition: number;
  readonly leader: number;
  readonly replicas: readonly number[];
  readonly isrs: readonly number[];
}

export function expectedBrokers(handle: EmulatedClusterHandle): ExpectedBroker[] {
  return handle.nodes
    .filter((n) => handle.cluster.isUp(n.nodeId))
    .map((n) => ({ id: n.nodeId, host: n.host, port: n.port }))
    .sort((a, b) => a.id - b.id);
}

/** Topic name → partitions in index order; the ISR is the live replicas, as the engine defines it. */
export function expectedTopics(handle: EmulatedClusterHandle): Map<string, ExpectedPartition[]> {
  const cluster = handle.cluster;
  const topics = new Map<string, ExpectedPartition[]>();
  for (const topic of cluster.topics.values()) {
    topics.set(
      topic.name,
      topic.partitions.map((p) => ({
        partition: p.index,
        leader: p.leader,
        replicas: [...p.replicas],
        isrs: p.replicas.filter((id) => cluster.isUp(id)),
      })),
    );
  }
  return topics;
}

/** Name → value of every config the engine's DescribeConfigs gives a topic. */
export function expectedTopicConfigs(handle: EmulatedClusterHandle, topic: string): Map<string, string | null> {
  const nodeId = handle.nodes[0]?.nodeId ?? 1;
  const response = handle.cluster.describeConfigs(
    { principal: 'User:ANONYMOUS', nodeId },
    { Resources: [{ ResourceType: 2, ResourceName: topic, ConfigurationKeys: null }] },
  );
  const [result] = response.Results;
  if (!result || result.ErrorCode !== 0)
    throw new Error(`engine DescribeConfigs for topic '${topic}' failed: ${JSON.stringify(result)}`);
  return new Map(result.Configs.map((c) => [c.Name, c.Value]));
}

export function sortedEntries<V>(map: ReadonlyMap<string, V>): [string, V][] {
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
}
