// The emulator's seed-KIP handlers where the seed states a behaviour of its own: the broker checks
// the mirror name before forwarding a create, AddTopicsToMirror names the mirror per topic, and a
// mirror's coordinator is found with FindCoordinator key type 3 and answers LastMirroredOffsets alone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import { type EmulatedClusters, startEmulatedClusters } from '../../../../src/lib/emulator/index.js';
import { createClient } from '../../../../src/lib/kafka/connect.js';
import { buildDialect } from '../../../../src/lib/kafka/dialects/index.js';
import { FindCoordinator } from '../../../../src/lib/kafka/messages/index.js';
import { groupCoordinator } from '../../../../src/lib/emulator/state/groups.js';
import {
  AddTopicsToMirror,
  CreateMirror,
  LastMirroredOffsets,
} from '../../../../src/lib/kafka/messages/kip-draft/index.js';
import { INSTANT_START } from '../../../helpers/emulator-timing.js';
import { DRAFT_KEYS, DRAFT_VERSIONS } from '../../../helpers/kip-draft.js';

describe('emulator: seed-KIP handlers', () => {
  let emulator: EmulatedClusters;
  const dialect = buildDialect({ protocol: 'kip-draft', apiKeys: DRAFT_KEYS, apiVersions: DRAFT_VERSIONS });
  let client: ReturnType<typeof createClient>;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'kip-draft-rpcs',
      dialect,
      timing: INSTANT_START,
      growthPerSec: 0,
      demoTopics: [
        { name: 'a', partitions: 1, initialOffset: 10n },
        { name: 'b', partitions: 3, initialOffset: 20n },
      ],
    });
    client = createClient(
      { bootstrap: emulator.destination.bootstrap.split(','), clientId: 'draft-rpcs', dialect },
      new Deadline(15_000),
    );
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  const config = () => [
    { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
    { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
  ];

  it(
    'CreateMirror: the broker refuses a null name, a bad character and the .removed suffix ' + '(42), as the seed says',
    async () => {
      for (const [name, reason] of [
        [null, /null/],
        ['bad name', /contains " "/],
        ['old.removed', /\.removed/],
      ] as const) {
        const answer = await client.send(CreateMirror, { MirrorName: name, Config: config() });
        assert.equal(answer.ErrorCode, 42, String(name));
        assert.match(answer.ErrorMessage ?? '', reason);
      }
      assert.equal(emulator.destination.cluster.mirrors.exists('old.removed'), false);
    },
  );

  it('AddTopicsToMirror: one request may name topics of several mirrors; partitions come from the source', async () => {
    for (const name of ['m1', 'm2'])
      assert.equal((await client.send(CreateMirror, { MirrorName: name, Config: config() })).ErrorCode, 0);
    const id = (topic: string) => emulator.source.cluster.topics.get(topic)?.id ?? '';
    const answer = await client.send(AddTopicsToMirror, {
      Topics: [
        { TopicId: id('a'), TopicName: 'a', MirrorName: 'm1' },
        { TopicId: id('b'), TopicName: 'b', MirrorName: 'm2' },
      ],
    });
    assert.equal(answer.ErrorCode, 0, answer.ErrorMessage ?? '');
    const dest = emulator.destination.cluster.topics;
    assert.deepEqual(
      [dest.get('a')?.mirror?.name, dest.get('b')?.mirror?.name, dest.get('b')?.partitions.length],
      ['m1', 'm2', 3],
    );
  });

  it('only the coordinator FindCoordinator names answers LastMirroredOffsets; others say NOT_COORDINATOR', async () => {
    const found = await client.send(FindCoordinator, { KeyType: 3, Key: 'm2', CoordinatorKeys: ['m2'] });
    const coordinator = found.Coordinators[0];
    assert.equal(coordinator?.ErrorCode, 0);
    const body = {
      MirrorName: 'm2',
      Topics: [{ Name: 'b', Partitions: [{ PartitionIndex: 0 }, { PartitionIndex: 7 }] }],
    };
    for (const node of emulator.destination.nodes) {
      const answer = await client.sendTo(
        LastMirroredOffsets,
        body,
        { host: node.host, port: node.port, nodeId: node.nodeId },
        { retryErrorCodes: false },
      );
      if (node.nodeId === coordinator?.NodeId) {
        assert.equal(answer.ErrorCode, 0);
        assert.deepEqual(
          answer.Topics[0]?.Partitions.map((p) => p.ErrorCode),
          [0, 3],
          'an unknown partition is UNKNOWN_TOPIC_OR_PARTITION',
        );
      } else assert.equal(answer.ErrorCode, 16, `node ${node.nodeId}`);
    }
  });

  it(
    'FindCoordinator answers key type MIRROR beside GROUP and TRANSACTION (both on the group layout) and refuses ' +
      'SHARE',
    async () => {
      const node = emulator.destination.nodes[0];
      assert.ok(node);
      const ask = (KeyType: number, key: string) =>
        client.sendTo(
          FindCoordinator,
          { KeyType, Key: key, CoordinatorKeys: [key] },
          { host: node.host, port: node.port, nodeId: node.nodeId },
          { retryErrorCodes: false },
        );
      const group = (await ask(0, 'some-group')).Coordinators[0];
      assert.equal(group?.ErrorCode, 0);
      assert.equal(group?.NodeId, groupCoordinator(emulator.destination.cluster, 'some-group'));
      const transaction = (await ask(1, 'some-transaction')).Coordinators[0];
      assert.equal(transaction?.ErrorCode, 0);
      assert.equal(transaction?.NodeId, groupCoordinator(emulator.destination.cluster, 'some-transaction'));
      assert.equal((await ask(2, 'some-share-group')).Coordinators[0]?.ErrorCode, 15);
    },
  );
});
