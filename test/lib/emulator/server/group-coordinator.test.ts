// The emulator's group coordinator over real TCP. Offsets are committed the simple way (OffsetCommit
// with generation -1 and no member id, sent by kmirror's client to the coordinator FindCoordinator
// names), and an independent client reads them back: kafkajs's admin fetchOffsets, listGroups and
// describeGroups, at kafkajs's versions. (kafkajs's setOffsets joins the group, which is not served;
// librdkafka's simple commit is in test/clients.)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kafka, logLevel } from 'kafkajs';
import { startEmulatedClusters, type EmulatedClusters } from '../../../../src/lib/emulator/index.js';
import { groupCoordinator } from '../../../../src/lib/emulator/state/groups.js';
import { FindCoordinator, OffsetCommit, OffsetFetch } from '../../../../src/lib/kafka/messages/index.js';
import { errors } from '../../../../src/lib/kafka/error-codes.js';
import type { KafkaClient } from '../../../../src/lib/kafka/client.js';
import { createClient } from '../../../../src/lib/kafka/connect.js';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';

describe('group coordinator against kafkajs admin', () => {
  let emulator: EmulatedClusters;
  let admin: ReturnType<Kafka['admin']>;
  let client: KafkaClient;

  /** OffsetCommit with generation -1 and no member id, sent where FindCoordinator points. */
  async function simpleCommit(group: string, offsets: Record<number, bigint>): Promise<number[]> {
    const found = await client.send(FindCoordinator, { Key: group, KeyType: 0, CoordinatorKeys: [group] });
    const nodeId = found.Coordinators[0]?.NodeId ?? found.NodeId;
    const node = emulator.destination.nodes.find((n) => n.nodeId === nodeId);
    assert.ok(node, `coordinator ${nodeId}`);
    const answer = await client.send(
      OffsetCommit,
      {
        GroupId: group,
        GenerationId: -1,
        MemberId: '',
        Topics: [
          {
            Name: 'orders',
            Partitions: Object.entries(offsets).map(([p, offset]) => ({
              PartitionIndex: Number(p),
              CommittedOffset: offset,
              CommittedMetadata: null,
            })),
          },
        ],
      },
      { host: node.host, port: node.port, nodeId },
    );
    return answer.Topics.flatMap((t) => t.Partitions.map((p) => p.ErrorCode));
  }

  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'groups-kafkajs', destination: { nodes: 3 } });
    emulator.destination.cluster.createTopic('orders', { partitions: 3, replicationFactor: 2 });
    admin = new Kafka({
      clientId: 'groups',
      brokers: emulator.destination.bootstrap.split(','),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    client = createClient(
      { bootstrap: emulator.destination.bootstrap.split(','), clientId: 'groups-test' },
      new Deadline(20_000),
    );
  });

  after(async () => {
    await admin.disconnect();
    await client.close();
    await emulator.close();
  });

  it('a simple commit is stored on the engine and read back by kafkajs fetchOffsets, exact int64', async () => {
    const big = '9223372036854775000';
    assert.deepEqual(await simpleCommit('billing', { 0: 600n, 2: BigInt(big) }), [0, 0]);
    assert.equal(emulator.destination.cluster.groups.offset('billing', 'orders', 2)?.offset, BigInt(big));
    const [fetched] = await admin.fetchOffsets({ groupId: 'billing', topics: ['orders'] });
    assert.deepEqual(fetched?.partitions.map((p) => [p.partition, p.offset]).sort(), [
      [0, '600'],
      [1, '-1'],
      [2, big],
    ]);
  });

  it('listGroups merges every broker: the simple group has no protocol type', async () => {
    const { groups } = await admin.listGroups();
    assert.deepEqual(groups, [{ groupId: 'billing', protocolType: '' }]);
  });

  it('describeGroups: Empty with no members; an unknown group is Dead without an error', async () => {
    const { groups } = await admin.describeGroups(['billing', 'nobody']);
    const byId = new Map(groups.map((g) => [g.groupId, g]));
    assert.equal(byId.get('billing')?.state, 'Empty');
    assert.equal(byId.get('billing')?.protocolType, '');
    assert.deepEqual(byId.get('billing')?.members, []);
    assert.equal(byId.get('nobody')?.state, 'Dead');
  });

  it(
    'a group marked active describes as a Stable consumer group with its member; a simple ' + 'commit is refused',
    async () => {
      emulator.destination.cluster.groups.markActive('live', { clientId: 'reader' });
      const { groups } = await admin.describeGroups(['live']);
      assert.equal(groups[0]?.state, 'Stable');
      assert.equal(groups[0]?.protocolType, 'consumer');
      assert.deepEqual(
        groups[0]?.members.map((m) => m.clientId),
        ['reader'],
      );
      assert.deepEqual(await simpleCommit('live', { 0: 1n }), [errors.UNKNOWN_MEMBER_ID.code]);
    },
  );

  it('FindCoordinator names the coordinator node; OffsetFetch elsewhere answers NOT_COORDINATOR', async () => {
    const found = await client.send(FindCoordinator, { Key: 'billing', KeyType: 0, CoordinatorKeys: ['billing'] });
    const expected = groupCoordinator(emulator.destination.cluster, 'billing');
    const node = found.Coordinators[0] ?? { NodeId: found.NodeId, ErrorCode: found.ErrorCode };
    assert.equal(node.NodeId, expected);
    assert.equal(node.ErrorCode, 0);
    const other = emulator.destination.nodes.find((n) => n.nodeId !== expected);
    assert.ok(other);
    const answer = await client.send(
      OffsetFetch,
      { GroupId: 'billing', Topics: null, Groups: [{ groupId: 'billing', Topics: null }] },
      { host: other.host, port: other.port, nodeId: other.nodeId },
      { retryErrorCodes: false },
    );
    assert.equal(answer.Groups[0]?.ErrorCode ?? answer.ErrorCode, errors.NOT_COORDINATOR.code);
  });
});
