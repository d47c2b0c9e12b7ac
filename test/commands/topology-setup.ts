// An emulated estate of three clusters (A = the emulator's source, B = its destination, C = cluster-3) and
// mirrors made between any two of them over the wire, as an operator's kmirror create / add-topics would.

import assert from 'node:assert/strict';
import { Deadline } from '../../src/lib/cli/command/deadline.js';
import {
  startEmulatedClusters,
  type EmulatedClusterHandle,
  type EmulatedClusters,
} from '../../src/lib/emulator/index.js';
import type { KafkaClient } from '../../src/lib/kafka/client.js';
import { createClient } from '../../src/lib/kafka/connect.js';
import { CreateClusterMirror, StartMirrorTopics, StopMirrorTopics } from '../../src/lib/kafka/messages/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { waitFor } from './topic-actions-setup.js';

// Every cluster may hold mirrors of its own: its __mirror_state must fit on its one node.
const ONE_NODE_STATE = { 'mirror.state.topic.replication.factor': '1' };

export async function startEstate(seed: string): Promise<EmulatedClusters> {
  return startEmulatedClusters({
    seed,
    growthPerSec: 0,
    timing: INSTANT_START,
    source: { brokerConfigs: ONE_NODE_STATE },
    destination: { nodes: 1, brokerConfigs: ONE_NODE_STATE },
    others: [{ brokerConfigs: ONE_NODE_STATE }],
  });
}

export function third(estate: EmulatedClusters): EmulatedClusterHandle {
  const c = estate.others[0];
  assert.ok(c, 'the estate has a third cluster');
  return c;
}

async function withClient(on: EmulatedClusterHandle, use: (client: KafkaClient) => Promise<void>): Promise<void> {
  const client = createClient({ bootstrap: on.bootstrap.split(','), clientId: 'topology-test' }, new Deadline(20_000));
  try {
    await use(client);
  } finally {
    await client.close();
  }
}

/** Stops `topics` in mirror `name` on `on` (a failover) and waits until they are STOPPED. */
export async function stopTopics(on: EmulatedClusterHandle, name: string, topics: readonly string[]): Promise<void> {
  await withClient(on, async (client) => {
    const stopped = await client.send(StopMirrorTopics, {
      MirrorName: name,
      Topics: topics.map((TopicName) => ({ TopicName })),
    });
    assert.equal(stopped.ErrorCode, 0, `stopping ${topics.join(',')} in ${name}`);
  });
  for (const topic of topics) await waitForStates(on, topic, 'STOPPED');
}

/** On `on`: mirror `name` reading from `from`, with `topics` (which exist on `from`) started in it. */
export async function mirrorTopics(
  on: EmulatedClusterHandle,
  name: string,
  from: EmulatedClusterHandle,
  topics: readonly string[],
): Promise<void> {
  await withClient(on, async (client) => {
    if (!on.cluster.mirrors.names().includes(name)) {
      const created = await client.send(CreateClusterMirror, {
        MirrorName: name,
        Config: [
          { Name: 'bootstrap.servers', Value: from.bootstrap },
          { Name: 'mirror.source.cluster.id', Value: from.clusterId },
        ],
      });
      assert.equal(created.ErrorCode, 0, `creating mirror ${name}`);
    }
    const started = await client.send(StartMirrorTopics, {
      MirrorName: name,
      Topics: topics.map((topic) => {
        const t = from.cluster.topics.get(topic);
        assert.ok(t, `no topic ${topic} on ${from.role}`);
        return { TopicId: t.id, TopicName: topic, NumPartitions: t.partitions.length };
      }),
    });
    assert.equal(started.ErrorCode, 0, `starting ${topics.join(',')} in ${name}`);
  });
}

/** Waits until every partition of `topic` on `on` is in one of `states`. */
export async function waitForStates(on: EmulatedClusterHandle, topic: string, ...states: string[]): Promise<void> {
  await waitFor(`${topic} ${states.join('/')} on ${on.role}`, () => {
    const partitions = on.cluster.topics.get(topic)?.partitions ?? [];
    return partitions.length > 0 && partitions.every((p) => states.includes(p.mirror?.state ?? 'UNKNOWN'));
  });
}

/** -b once per cluster, in the order given. */
export function estateArgs(...clusters: readonly EmulatedClusterHandle[]): string[] {
  return clusters.flatMap((c) => ['-b', c.bootstrap]);
}
