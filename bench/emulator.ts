// The emulator holding 1,000 topics × 100 partitions over 3 nodes, answering a full DescribeClusterMirrors fan-out.

import { Deadline } from '../src/lib/cli/command/deadline.js';
import { ManualClock, startEmulatedClusters } from '../src/lib/emulator/index.js';
import { createClient } from '../src/lib/kafka/connect.js';
import { CreateClusterMirror, DescribeClusterMirrors, StartMirrorTopics } from '../src/lib/kafka/messages/index.js';
import type { BenchResult } from './measure.js';
import { median } from './measure.js';

export async function benchEmulator(): Promise<BenchResult[]> {
  const clock = new ManualClock(0);
  const emulator = await startEmulatedClusters({ seed: 'bench', clock, destination: { nodes: 3 }, growthPerSec: 0 });
  const client = createClient(
    { bootstrap: emulator.destination.bootstrap.split(','), clientId: 'bench' },
    new Deadline(600_000),
  );
  try {
    const names = Array.from({ length: 1000 }, (_, i) => `topic-${String(i).padStart(4, '0')}`);
    for (const name of names) emulator.source.cluster.createTopic(name, { partitions: 100 });
    await client.send(CreateClusterMirror, {
      MirrorName: 'bench',
      Config: [
        { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
        { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
      ],
    });
    await client.send(StartMirrorTopics, {
      MirrorName: 'bench',
      Topics: names.map((name) => {
        const topic = emulator.source.cluster.topics.get(name);
        return { TopicName: name, TopicId: topic?.id, NumPartitions: 100 };
      }),
    });
    for (let i = 0; i < 20; i++) {
      clock.advance(250);
      emulator.tick();
    }
    const times: number[] = [];
    let partitions = 0;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const fanOut = await client.sendToEvery(DescribeClusterMirrors, { MirrorNames: [] });
      times.push(performance.now() - start);
      partitions = fanOut.answers.reduce(
        (n, a) => n + (a.response.Mirrors[0]?.Topics.reduce((m, t) => m + t.Partitions.length, 0) ?? 0),
        0,
      );
    }
    const rss = process.memoryUsage().rss / 1e6;
    return [
      {
        name:
          'emulator: full DescribeClusterMirrors fan-out over 3 nodes, 100,000 partitions (median of 5, ' +
          'client decode included)',
        value: median(times),
        unit: 'ms',
        target: '≤ 1000 ms',
        detail: `${partitions} partitions reported in total`,
      },
      {
        name: 'emulator + client process RSS holding 100,000 mirrored partitions',
        value: rss,
        unit: 'MB',
        target: '< 500 MB',
      },
    ];
  } finally {
    await client.close();
    await emulator.close();
  }
}
