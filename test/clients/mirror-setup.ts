// Creates a mirror on the destination engine reading the source, and starts topics in it with their
// real ids and partition counts, as the controller would after kmirror create and add-topics.

import assert from 'node:assert/strict';
import type { EmulatedClusterHandle } from '../../src/lib/emulator/index.js';

const ADMIN = { principal: 'User:admin', nodeId: 1 };

export function startMirror(
  source: EmulatedClusterHandle,
  destination: EmulatedClusterHandle,
  mirror: string,
  topics: readonly string[],
): void {
  const created = destination.cluster.createClusterMirror(ADMIN, {
    MirrorName: mirror,
    Config: [
      { Name: 'bootstrap.servers', Value: source.bootstrap },
      { Name: 'mirror.source.cluster.id', Value: source.clusterId },
    ],
  });
  assert.equal(created.ErrorCode, 0);
  const started = destination.cluster.startMirrorTopics(ADMIN, {
    MirrorName: mirror,
    Topics: topics.map((name) => {
      const topic = source.cluster.topics.get(name);
      assert.ok(topic, `no source topic ${name}`);
      return { TopicId: topic.id, TopicName: name, NumPartitions: topic.partitions.length };
    }),
  });
  assert.equal(started.ErrorCode, 0);
}
