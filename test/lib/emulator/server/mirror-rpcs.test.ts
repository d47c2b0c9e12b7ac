import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../../src/lib/emulator/state/clock.js';
import {
  BumpLeaderEpochs,
  CreateClusterMirror,
  DeleteClusterMirror,
  DescribeClusterMirrors,
  DescribeConfigs,
  IncrementalAlterConfigs,
  ListClusterMirrors,
  Metadata,
  ReadMirrorStates,
  StartMirrorTopics,
  StopMirrorTopics,
} from '../../../../src/lib/kafka/messages/index.js';
import type { ResponseOf } from '../../../../src/lib/kafka/message-types.js';
import { useEmulator } from './emulator-fixture.js';
import type { RawClient } from './raw-client.js';

describe('mirror RPCs over the wire', () => {
  const clock = new ManualClock(5_000_000);
  const fx = useEmulator({
    clock,
    demoTopics: true,
    growthPerSec: 20,
    seed: 'mirror-rpcs',
    timing: { logTruncationMs: 100 },
  });
  const clients: RawClient[] = [];

  /** One client per destination node, opened once. */
  async function destinationClients(): Promise<RawClient[]> {
    if (clients.length === 0) {
      for (const node of fx.emulator.destination.nodes) clients.push(await fx.connect(node.address));
    }
    return clients;
  }

  function advance(ms: number, steps = 10): void {
    for (let i = 0; i < steps; i++) {
      clock.advance(ms / steps);
      fx.emulator.tick();
    }
  }

  async function describeOnEveryNode(): Promise<ResponseOf<typeof DescribeClusterMirrors>[]> {
    const answers = [];
    for (const client of await destinationClients())
      answers.push(await client.request(DescribeClusterMirrors, 0, { MirrorNames: [] }));
    return answers;
  }

  it('creates a mirror and starts topics with the ids and partition counts the source reports', async () => {
    const [first] = await destinationClients();
    assert.ok(first);
    const created = await first.request(CreateClusterMirror, 0, {
      MirrorName: 'm1',
      Config: [
        { Name: 'bootstrap.servers', Value: fx.emulator.source.bootstrap },
        { Name: 'mirror.source.cluster.id', Value: fx.emulator.source.clusterId },
      ],
    });
    assert.deepEqual(created, { ThrottleTimeMs: 0, ErrorCode: 0, ErrorMessage: '' });

    const source = await fx.connect(fx.emulator.source.bootstrap);
    const metadata = await source.request(Metadata, 12, { Topics: null, AllowAutoTopicCreation: false });
    const started = await first.request(StartMirrorTopics, 0, {
      MirrorName: 'm1',
      Topics: metadata.Topics.map((t) => ({
        TopicId: t.TopicId,
        TopicName: t.Name ?? '',
        NumPartitions: t.Partitions.length,
      })),
    });
    assert.equal(started.ErrorCode, 0, started.ErrorMessage ?? '');
  });

  it('DescribeClusterMirrors answers per node: the nodes together cover every partition exactly once', async () => {
    advance(2000);
    const answers = await describeOnEveryNode();
    const seen: string[] = [];
    for (const [i, answer] of answers.entries()) {
      assert.equal(answer.ErrorCode, 0);
      const nodeId = fx.emulator.destination.nodes[i]?.nodeId;
      for (const topic of answer.Mirrors[0]?.Topics ?? []) {
        const engineTopic = fx.emulator.destination.cluster.topics.get(topic.TopicName);
        for (const p of topic.Partitions) {
          assert.equal(
            engineTopic?.partitions[p.PartitionIndex]?.leader,
            nodeId,
            'a node reports only partitions it leads',
          );
          assert.equal(p.StateValue, 'MIRRORING');
          assert.ok(p.SourceOffset >= 0n);
          seen.push(`${topic.TopicName}-${p.PartitionIndex}`);
        }
      }
    }
    // orders (3) + payments (2) + inventory (1) = 6 partitions, each reported by one node.
    assert.equal(seen.length, 6);
    assert.equal(new Set(seen).size, 6);
    assert.ok(
      answers.filter((a) => (a.Mirrors[0]?.Topics.length ?? 0) > 0).length >= 2,
      'partitions are spread over several nodes',
    );
  });

  it('ListClusterMirrors and DescribeConfigs on type 64 show the mirror', async () => {
    const [, second] = await destinationClients();
    assert.ok(second);
    const list = await second.request(ListClusterMirrors, 0, { IncludeTopicNames: true });
    assert.equal(list.Mirrors[0]?.MirrorName, 'm1');
    assert.equal(list.Mirrors[0]?.SourceBootstrap, fx.emulator.source.bootstrap);
    assert.equal(list.Mirrors[0]?.TopicCount, 3);
    // In the order the topics were started, as the prototype lists them (not sorted).
    assert.deepEqual(list.Mirrors[0]?.TopicNames, ['orders', 'payments', 'inventory']);

    const altered = await second.request(IncrementalAlterConfigs, 1, {
      Resources: [
        {
          ResourceType: 64,
          ResourceName: 'm1',
          Configs: [{ Name: 'mirror.topics.include', ConfigOperation: 0, Value: 'orders.*' }],
        },
      ],
      ValidateOnly: false,
    });
    assert.equal(altered.Responses[0]?.ErrorCode, 0, altered.Responses[0]?.ErrorMessage ?? '');
    const configs = await second.request(DescribeConfigs, 4, {
      Resources: [{ ResourceType: 64, ResourceName: 'm1', ConfigurationKeys: null }],
    });
    const entries = Object.fromEntries((configs.Results[0]?.Configs ?? []).map((c) => [c.Name, c.Value]));
    assert.equal(entries['bootstrap.servers'], fx.emulator.source.bootstrap);
    assert.equal(entries['mirror.topics.include'], 'orders.*');
  });

  it(
    'ReadMirrorStates answers on the coordinator and NOT_COORDINATOR elsewhere; ' + 'BumpLeaderEpochs raises epochs',
    async () => {
      const answers = [];
      for (const client of await destinationClients()) {
        answers.push(
          await client.request(ReadMirrorStates, 0, {
            MirrorName: 'm1',
            Topics: [{ Name: 'orders', Partitions: [{ PartitionIndex: 0 }] }],
          }),
        );
      }
      const codes = answers.map((a) => a.Topics[0]?.Partitions[0]?.ErrorCode);
      assert.equal(codes.filter((c) => c === 0).length, 1, `exactly one coordinator, got ${codes.join(',')}`);
      assert.equal(codes.filter((c) => c === 16).length, 2);
      const coordinator = answers.find((a) => a.Topics[0]?.Partitions[0]?.ErrorCode === 0);
      assert.equal(coordinator?.Topics[0]?.Partitions[0]?.State, 2);

      const orders = fx.emulator.destination.cluster.topics.get('orders');
      const before = orders?.partitions[0]?.leaderEpoch ?? 0;
      const [first] = await destinationClients();
      const bumped = await first?.request(BumpLeaderEpochs, 0, {
        Topics: [{ TopicId: orders?.id ?? '', Partitions: [{ PartitionIndex: 0, MinLeaderEpoch: before + 5 }] }],
      });
      assert.equal(bumped?.Topics[0]?.TopicName, 'orders');
      // The controller sets MinLeaderEpoch + 1 (PartitionChangeBuilder.computeLeaderEpoch).
      assert.equal(orders?.partitions[0]?.leaderEpoch, before + 6);
    },
  );

  it('stops and deletes the mirror', async () => {
    const [first] = await destinationClients();
    assert.ok(first);
    const stopped = await first.request(StopMirrorTopics, 0, {
      MirrorName: 'm1',
      Topics: [{ TopicName: 'orders' }, { TopicName: 'payments' }, { TopicName: 'inventory' }],
    });
    assert.equal(stopped.ErrorCode, 0);
    advance(2000);
    const states = (await describeOnEveryNode()).flatMap((a) =>
      a.Mirrors.flatMap((m) => m.Topics.flatMap((t) => t.Partitions.map((p) => p.StateValue))),
    );
    assert.deepEqual(new Set(states), new Set(['STOPPED']));
    const deleted = await first.request(DeleteClusterMirror, 0, { MirrorName: 'm1' });
    assert.equal(deleted.ErrorCode, 0, deleted.ErrorMessage ?? '');
    assert.deepEqual((await first.request(ListClusterMirrors, 0, {})).Mirrors, []);
  });
});
