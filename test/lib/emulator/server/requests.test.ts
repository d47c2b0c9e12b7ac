import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../../src/lib/emulator/state/clock.js';
import { CreateTopics, DescribeCluster, ListOffsets, Metadata } from '../../../../src/lib/kafka/messages/index.js';
import { ZERO_UUID } from '../../../../src/lib/kafka/wire/uuid.js';
import { useEmulator } from './emulator-fixture.js';

const SOURCE_TOPIC_ID = 'ASNFZ4mrze8BI0VniavN7w';

describe('Metadata, DescribeCluster, ListOffsets and CreateTopics', () => {
  const clock = new ManualClock(1_000_000);
  const fx = useEmulator({ clock, demoTopics: true, growthPerSec: 10, seed: 'requests' });
  const dest = (i = 0): string => fx.emulator.destination.nodes[i]?.address ?? '';

  it('Metadata lists live brokers with their ports, the cluster id, the controller and every topic', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    const answer = await client.request(Metadata, 12, {
      Topics: null,
      AllowAutoTopicCreation: false,
      IncludeTopicAuthorizedOperations: false,
    });
    const node = fx.emulator.source.nodes[0];
    assert.deepEqual(answer.Brokers, [{ NodeId: node?.nodeId, Host: '127.0.0.1', Port: node?.port, Rack: null }]);
    assert.equal(answer.ClusterId, fx.emulator.source.clusterId);
    assert.equal(answer.ControllerId, node?.nodeId);
    assert.deepEqual(answer.Topics.map((t) => t.Name).sort(), ['inventory', 'orders', 'payments']);
    const orders = answer.Topics.find((t) => t.Name === 'orders');
    assert.equal(orders?.Partitions.length, 3);
    assert.notEqual(orders?.TopicId, ZERO_UUID);
    assert.equal(orders?.TopicAuthorizedOperations, -2147483648);
  });

  it('follows the per-version rules for empty and null topic lists', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    assert.equal((await client.request(Metadata, 0, { Topics: [] })).Topics.length, 3);
    assert.equal((await client.request(Metadata, 1, { Topics: [] })).Topics.length, 0);
    assert.equal((await client.request(Metadata, 1, { Topics: null })).Topics.length, 3);
  });

  it('answers an unknown topic with 3 and a topic id lookup (v12) by id', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    const unknown = await client.request(Metadata, 9, { Topics: [{ Name: 'nope' }], AllowAutoTopicCreation: false });
    assert.equal(unknown.Topics[0]?.ErrorCode, 3);
    const orders = fx.emulator.source.cluster.topics.get('orders');
    const byId = await client.request(Metadata, 12, {
      Topics: [{ TopicId: orders?.id ?? '', Name: null }],
      AllowAutoTopicCreation: false,
    });
    assert.equal(byId.Topics[0]?.Name, 'orders');
    const missingId = await client.request(Metadata, 12, {
      Topics: [{ TopicId: SOURCE_TOPIC_ID, Name: null }],
      AllowAutoTopicCreation: false,
    });
    assert.equal(missingId.Topics[0]?.ErrorCode, 100);
  });

  it('CreateTopics spreads leaders over the destination nodes and reports configs (v7)', async () => {
    const client = await fx.connect(dest(1));
    const answer = await client.request(CreateTopics, 7, {
      Topics: [
        {
          Name: 'spread',
          NumPartitions: 6,
          ReplicationFactor: -1,
          Assignments: [],
          Configs: [{ Name: 'retention.ms', Value: '1000' }],
        },
      ],
      timeoutMs: 5000,
      validateOnly: false,
    });
    const result = answer.Topics[0];
    assert.equal(result?.ErrorCode, 0);
    assert.equal(result?.NumPartitions, 6);
    assert.equal(result?.ReplicationFactor, 3);
    assert.equal(result?.Configs?.find((c) => c.Name === 'retention.ms')?.Value, '1000');
    assert.equal(result?.Configs?.find((c) => c.Name === 'retention.ms')?.ConfigSource, 1);
    const metadata = await client.request(Metadata, 12, {
      Topics: [{ Name: 'spread' }],
      AllowAutoTopicCreation: false,
    });
    const partitions = metadata.Topics[0]?.Partitions ?? [];
    assert.equal(metadata.Topics[0]?.TopicId, result?.TopicId);
    assert.deepEqual(
      new Set(partitions.map((p) => p.LeaderId)),
      new Set(fx.emulator.destination.nodes.map((n) => n.nodeId)),
    );
    for (const p of partitions) assert.equal(p.ReplicaNodes.length, 3);
  });

  it('CreateTopics v8 with MirrorInfo keeps the given topic id', async () => {
    const client = await fx.connect(dest());
    const answer = await client.request(CreateTopics, 8, {
      Topics: [
        {
          Name: 'orders',
          NumPartitions: 3,
          ReplicationFactor: -1,
          Assignments: [],
          Configs: [],
          MirrorInfo: { TopicId: SOURCE_TOPIC_ID },
        },
      ],
      timeoutMs: 30000,
    });
    assert.equal(answer.Topics[0]?.ErrorCode, 0);
    assert.equal(answer.Topics[0]?.TopicId, SOURCE_TOPIC_ID);
    assert.equal(fx.emulator.destination.cluster.topics.get('orders')?.id, SOURCE_TOPIC_ID);
  });

  it(
    'CreateTopics rejects duplicates, bad names, impossible factors and unknown configs with ' + 'Kafka’s codes',
    async () => {
      const client = await fx.connect(dest());
      const topic = (Name: string, extra: object = {}) => ({
        Name,
        NumPartitions: 1,
        ReplicationFactor: -1,
        Assignments: [],
        Configs: [],
        ...extra,
      });
      const answer = await client.request(CreateTopics, 5, {
        Topics: [
          topic('orders'),
          topic('bad name'),
          topic('too-many', { ReplicationFactor: 4 }),
          topic('zero', { NumPartitions: 0 }),
          topic('bad-config', { Configs: [{ Name: 'no.such.config', Value: '1' }] }),
        ],
        timeoutMs: 1000,
      });
      assert.deepEqual(
        answer.Topics.map((t) => t.ErrorCode),
        [36, 17, 38, 37, 40],
      );
      assert.equal(answer.Topics[0]?.ErrorMessage, "Topic 'orders' already exists.");
    },
  );

  it('CreateTopics with validateOnly creates nothing', async () => {
    const client = await fx.connect(dest());
    const answer = await client.request(CreateTopics, 4, {
      Topics: [{ Name: 'dry-run', NumPartitions: 2, ReplicationFactor: 1, Assignments: [], Configs: [] }],
      timeoutMs: 1000,
      validateOnly: true,
    });
    assert.equal(answer.Topics[0]?.ErrorCode, 0);
    assert.equal(fx.emulator.destination.cluster.topics.has('dry-run'), false);
  });

  it('DescribeCluster reports brokers, cluster id and controller; endpoint type 2 is refused', async () => {
    const client = await fx.connect(dest(2));
    const answer = await client.request(DescribeCluster, 1, {
      IncludeClusterAuthorizedOperations: false,
      EndpointType: 1,
    });
    assert.equal(answer.ErrorCode, 0);
    assert.equal(answer.ClusterId, fx.emulator.destination.clusterId);
    assert.equal(answer.ControllerId, fx.emulator.destination.cluster.controllerId);
    assert.deepEqual(
      answer.Brokers.map((b) => b.Port),
      fx.emulator.destination.nodes.map((n) => n.port),
    );
    const controllers = await client.request(DescribeCluster, 1, { EndpointType: 2 });
    assert.equal(controllers.ErrorCode, 127);
  });

  it('ListOffsets answers latest and earliest on the leader and 6 elsewhere', async () => {
    const source = fx.emulator.source.cluster;
    clock.advance(1000);
    const client = await fx.connect(fx.emulator.source.bootstrap);
    const answer = await client.request(ListOffsets, 7, {
      ReplicaId: -1,
      IsolationLevel: 0,
      Topics: [
        {
          Name: 'orders',
          Partitions: [
            { PartitionIndex: 0, Timestamp: -1n },
            { PartitionIndex: 1, Timestamp: -2n },
            { PartitionIndex: 9, Timestamp: -1n },
          ],
        },
        { Name: 'missing', Partitions: [{ PartitionIndex: 0, Timestamp: -1n }] },
      ],
    });
    const [latest, earliest, noPartition] = answer.Topics[0]?.Partitions ?? [];
    assert.equal(latest?.ErrorCode, 0);
    assert.equal(latest?.Offset, source.endOffset('orders', 0));
    assert.equal(latest?.Offset, 1210n);
    assert.equal(earliest?.Offset, 0n);
    assert.equal(noPartition?.ErrorCode, 3);
    assert.equal(answer.Topics[1]?.Partitions[0]?.ErrorCode, 3);

    // On the 3-node destination only the leader of each partition answers.
    const spread = fx.emulator.destination.cluster.topics.get('spread');
    const p0 = spread?.partitions[0];
    assert.ok(p0);
    const other = fx.emulator.destination.nodes.find((n) => n.nodeId !== p0.leader);
    const leader = fx.emulator.destination.nodes.find((n) => n.nodeId === p0.leader);
    const request = {
      ReplicaId: -1,
      Topics: [{ Name: 'spread', Partitions: [{ PartitionIndex: 0, Timestamp: -1n }] }],
    };
    const fromOther = await (await fx.connect(other?.address ?? '')).request(ListOffsets, 9, request);
    assert.equal(fromOther.Topics[0]?.Partitions[0]?.ErrorCode, 6);
    const fromLeader = await (await fx.connect(leader?.address ?? '')).request(ListOffsets, 9, request);
    assert.equal(fromLeader.Topics[0]?.Partitions[0]?.ErrorCode, 0);
    assert.equal(fromLeader.Topics[0]?.Partitions[0]?.LeaderEpoch, p0.leaderEpoch);
  });
});
