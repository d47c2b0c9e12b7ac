// Clusters with a mirror loop waiting to happen (issue 30): `payments` is written on the destination,
// the SOURCE cluster mirrors it from there (mirror `back`), and the destination has a mirror `fwd`
// reading from the source, so starting `payments` in `fwd` would make a loop.

import assert from 'node:assert/strict';
import { Deadline } from '../../src/lib/cli/deadline.js';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { createClient } from '../../src/lib/kafka/connect.js';
import { CreateClusterMirror, StartMirrorTopics } from '../../src/lib/kafka/messages/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { createMirror, waitFor } from './topic-actions-setup.js';

/** On the SOURCE cluster: a mirror `back` reading from the destination, with `topic` started in it. */
async function mirrorBackFromDestination(emulator: EmulatedClusters, topic: string): Promise<void> {
  const client = createClient(
    { bootstrap: emulator.source.bootstrap.split(','), clientId: 'guards-test' },
    new Deadline(20_000),
  );
  try {
    const created = await client.send(CreateClusterMirror, {
      MirrorName: 'back',
      Config: [
        { Name: 'bootstrap.servers', Value: emulator.destination.bootstrap },
        { Name: 'mirror.source.cluster.id', Value: emulator.destination.clusterId },
      ],
    });
    assert.equal(created.ErrorCode, 0);
    const here = emulator.destination.cluster.topics.get(topic);
    assert.ok(here);
    const started = await client.send(StartMirrorTopics, {
      MirrorName: 'back',
      Topics: [{ TopicId: here.id, TopicName: topic, NumPartitions: here.partitions.length }],
    });
    assert.equal(started.ErrorCode, 0);
  } finally {
    await client.close();
  }
}

export async function loopingEmulator(seed: string): Promise<EmulatedClusters> {
  const emulator = await startEmulatedClusters({
    seed,
    growthPerSec: 0,
    timing: INSTANT_START,
    // The source holds a mirror of its own (`back`): its __mirror_state must fit on its one node.
    source: { brokerConfigs: { 'mirror.state.topic.replication.factor': '1' } },
  });
  emulator.destination.cluster.createTopic('payments', { partitions: 1, initialOffset: 25n });
  await mirrorBackFromDestination(emulator, 'payments');
  await waitFor('payments MIRRORING on the source', () =>
    (emulator.source.cluster.topics.get('payments')?.partitions ?? []).every((p) => p.mirror?.state === 'MIRRORING'),
  );
  await createMirror(emulator, 'fwd');
  return emulator;
}
