import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { startEmulatedClusters, type WireEvent } from '../../../src/lib/emulator/index.js';
import {
  CreateClusterMirror,
  DescribeClusterMirrors,
  StartMirrorTopics,
} from '../../../src/lib/kafka/messages/index.js';
import { RawClient } from './server/raw-client.js';

describe('startEmulatedClusters', () => {
  it('starts 1 source and 3 destination nodes, and the real-time timer drives mirroring', async () => {
    const events: Array<WireEvent & { cluster: string }> = [];
    const emulator = await startEmulatedClusters({
      demoTopics: true,
      timing: { logTruncationMs: 50 },
      tickIntervalMs: 20,
      onWire: (e) => events.push(e),
    });
    const clients: RawClient[] = [];
    try {
      assert.equal(emulator.source.nodes.length, 1);
      assert.equal(emulator.destination.nodes.length, 3);
      assert.equal(emulator.destination.bootstrap.split(',').length, 3);
      const client = await RawClient.connect(emulator.destination.bootstrap.split(',')[0] ?? '');
      clients.push(client);
      await client.request(CreateClusterMirror, 0, {
        MirrorName: 'live',
        Config: [
          { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
          { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
        ],
      });
      const payments = emulator.source.cluster.topics.get('payments');
      await client.request(StartMirrorTopics, 0, {
        MirrorName: 'live',
        Topics: [{ TopicId: payments?.id ?? '', TopicName: 'payments', NumPartitions: 2 }],
      });
      assert.ok(
        events.some(
          (e) => e.cluster === 'destination' && e.apiName === 'StartMirrorTopics' && e.direction === 'response',
        ),
      );

      const deadline = Date.now() + 5000;
      let mirroring = 0;
      while (Date.now() < deadline && mirroring < 2) {
        mirroring = 0;
        for (const node of emulator.destination.nodes) {
          const c = await RawClient.connect(node.address);
          clients.push(c);
          const answer = await c.request(DescribeClusterMirrors, 0, { MirrorNames: ['live'] });
          for (const t of answer.Mirrors[0]?.Topics ?? [])
            for (const p of t.Partitions) if (p.StateValue === 'MIRRORING') mirroring++;
        }
        if (mirroring < 2) await sleep(50);
      }
      assert.equal(mirroring, 2);
    } finally {
      for (const c of clients) c.close();
      await emulator.close();
      await emulator.close();
    }
  });

  it('gives the same ids for the same seed and honours fixed ports', async () => {
    const first = await startEmulatedClusters({ seed: 42, demoTopics: true });
    const ports = first.destination.nodes.map((n) => n.port);
    const ids = [first.source.clusterId, first.destination.clusterId, first.source.cluster.topics.get('orders')?.id];
    await first.close();
    const second = await startEmulatedClusters({ seed: 42, demoTopics: true, destination: { nodes: 3, ports } });
    try {
      assert.deepEqual(
        [second.source.clusterId, second.destination.clusterId, second.source.cluster.topics.get('orders')?.id],
        ids,
      );
      assert.deepEqual(
        second.destination.nodes.map((n) => n.port),
        ports,
      );
    } finally {
      await second.close();
    }
  });
});
