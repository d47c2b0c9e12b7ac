// The client speaking the seed KIP's messages to an emulator that serves them, over real TCP: the
// domain keeps writing prototype requests and gets prototype answers back, the wire carries the
// seed's RPCs on the keys given, and what the dialect cannot do fails before a byte is sent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import { type EmulatedClusters, startEmulatedClusters } from '../../../../src/lib/emulator/index.js';
import type { WireEvent } from '../../../../src/lib/kafka/client.js';
import { createClient } from '../../../../src/lib/kafka/connect.js';
import type { Dialect } from '../../../../src/lib/kafka/dialect.js';
import { buildDialect } from '../../../../src/lib/kafka/dialects/index.js';
import {
  DialectSettingMissingError,
  NotInDialectError,
  UnsupportedByClusterError,
} from '../../../../src/lib/kafka/errors.js';
import {
  CreateClusterMirror,
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
  StartMirrorTopics,
  StopMirrorTopics,
} from '../../../../src/lib/kafka/messages/index.js';
import { LastMirroredOffsets } from '../../../../src/lib/kafka/messages/kip-draft/index.js';
import { INSTANT_START } from '../../../helpers/emulator-timing.js';
import { DRAFT_KEYS, DRAFT_VERSIONS } from '../../../helpers/kip-draft.js';

const draft = (apiKeys: string = DRAFT_KEYS, apiVersions: string | null = DRAFT_VERSIONS): Dialect =>
  buildDialect({ protocol: 'kip-draft', apiKeys, ...(apiVersions === null ? {} : { apiVersions }) });

describe('--protocol kip-draft: client and emulator', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'kip-draft',
      dialect: draft(),
      timing: INSTANT_START,
      demoTopics: [{ name: 'orders', partitions: 2, initialOffset: 40n }],
      growthPerSec: 0,
    });
  });
  after(async () => emulator.close());

  async function withClient<T>(
    dialect: Dialect,
    fn: (c: ReturnType<typeof createClient>, wire: WireEvent[]) => Promise<T>,
  ) {
    const wire: WireEvent[] = [];
    const client = createClient(
      { bootstrap: emulator.destination.bootstrap.split(','), clientId: 'draft-test', dialect },
      new Deadline(15_000),
      (e) => wire.push(e),
    );
    try {
      return await fn(client, wire);
    } finally {
      await client.close();
    }
  }

  it('creates, adds topics, lists and describes with the seed RPCs on the given keys', async () => {
    await withClient(draft(), async (client, wire) => {
      await client.requireMirroring([
        CreateClusterMirror,
        StartMirrorTopics,
        ListClusterMirrors,
        DescribeClusterMirrors,
      ]);
      const created = await client.send(CreateClusterMirror, {
        MirrorName: 'm1',
        Config: [
          { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
          { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
        ],
      });
      assert.equal(created.ErrorCode, 0);
      const topicId = emulator.source.cluster.topics.get('orders')?.id ?? '';
      const started = await client.send(StartMirrorTopics, {
        MirrorName: 'm1',
        Topics: [{ TopicId: topicId, TopicName: 'orders', NumPartitions: 2 }],
      });
      assert.equal(started.ErrorCode, 0, started.ErrorMessage ?? '');
      // The broker read the partition count from the source: the destination topic has both partitions.
      assert.equal(emulator.destination.cluster.topics.get('orders')?.partitions.length, 2);
      emulator.destination.cluster.tick();

      const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: true });
      assert.deepEqual(
        listed.Mirrors.map((m) => [m.MirrorName, m.TopicNames]),
        [['m1', ['orders']]],
        'topic names come from DescribeMirrors, which the seed listing lacks',
      );
      const described = await client.sendToEvery(DescribeClusterMirrors, { MirrorNames: ['m1'] });
      const states = described.answers.flatMap((a) =>
        a.response.Mirrors.flatMap((m) => m.Topics.flatMap((t) => t.Partitions.map((p) => p.StateValue))),
      );
      assert.equal(states.length, 2);
      assert.ok(
        states.every((s) => ['INITIALIZING', 'PREPARING', 'MIRRORING'].includes(s)),
        `the broker's own (seed) state names are kept: ${states.join(', ')}`,
      );
      const sent = new Set(wire.map((e) => `${e.api}:${e.apiKey}`));
      for (const expected of ['CreateMirror:200', 'AddTopicsToMirror:201', 'ListMirrors:203', 'DescribeMirrors:204'])
        assert.ok(sent.has(expected), `${expected} on the wire (saw ${[...sent].join(', ')})`);
      assert.ok(![...sent].some((s) => /ClusterMirror|MirrorTopics/.test(s)), 'no prototype RPC on the wire');
    });
  });

  it('sends LastMirroredOffsets to the mirror coordinator found with FindCoordinator key type 3', async () => {
    await withClient(draft(), async (client, wire) => {
      const answer = await client.send(LastMirroredOffsets, {
        MirrorName: 'm1',
        Topics: [{ Name: 'orders', Partitions: [{ PartitionIndex: 0 }, { PartitionIndex: 1 }] }],
      });
      assert.equal(answer.ErrorCode, 0, answer.ErrorMessage ?? '');
      assert.deepEqual(
        answer.Topics[0]?.Partitions.map((p) => p.ErrorCode),
        [0, 0],
      );
      const find = wire.find((e) => e.api === 'FindCoordinator');
      const offsets = wire.find((e) => e.api === 'LastMirroredOffsets');
      assert.ok(find && offsets, 'FindCoordinator, then LastMirroredOffsets');
      assert.ok(find.version >= 1, 'a version with a key type');
      const coordinator = emulator.destination.nodes.find((n) => offsets.broker.startsWith(n.address));
      assert.ok(coordinator, `sent to a destination node (${offsets.broker})`);
    });
  });

  it('refuses the RPCs the seed lacks before sending anything (exit 4 material)', async () => {
    await withClient(draft(), async (client, wire) => {
      await assert.rejects(
        client.requireMirroring([StopMirrorTopics, ListClusterMirrors]),
        (err: unknown) => err instanceof NotInDialectError && /not part of KIP-1279 revision 57/.test(err.message),
      );
      await assert.rejects(
        client.send(StopMirrorTopics, { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] }),
        (err: unknown) => err instanceof NotInDialectError,
      );
      assert.deepEqual(wire, [], 'nothing was sent');
    });
  });

  it(
    'refuses to send until --api-keys and --api-versions give what the command needs, naming ' + 'what is missing',
    async () => {
      await withClient(draft('CreateMirror=200'), async (client, wire) => {
        await assert.rejects(
          client.requireMirroring([ListClusterMirrors, DescribeClusterMirrors, DescribeConfigs]),
          (err: unknown) => {
            assert.ok(err instanceof DialectSettingMissingError);
            assert.deepEqual(err.missing.get('--api-keys'), ['ListMirrors', 'DescribeMirrors']);
            return true;
          },
        );
        assert.deepEqual(wire, [], 'nothing was sent');
      });
      await withClient(draft(DRAFT_KEYS, null), async (client, wire) => {
        await assert.rejects(client.requireMirroring([DescribeConfigs]), (err: unknown) => {
          assert.ok(err instanceof DialectSettingMissingError);
          assert.deepEqual(err.missing.get('--api-versions'), ['DescribeConfigs']);
          return true;
        });
        // Topic and broker configs are not mirror configuration management: they go at the usual versions.
        const broker = await client.send(DescribeConfigs, {
          Resources: [{ ResourceType: 4, ResourceName: '1', ConfigurationKeys: null }],
        });
        assert.equal(broker.Results[0]?.ErrorCode, 0);
        assert.ok(wire.every((e) => e.api !== 'DescribeConfigs' || e.version <= 4));
      });
    },
  );

  it('reads mirror configs only at the bumped version, and refuses a cluster that lacks it', async () => {
    await withClient(draft(), async (client, wire) => {
      const read = await client.send(DescribeConfigs, {
        Resources: [{ ResourceType: 64, ResourceName: 'm1', ConfigurationKeys: null }],
      });
      assert.equal(read.Results[0]?.ErrorCode, 0);
      assert.ok((read.Results[0]?.Configs.length ?? 0) > 0);
      assert.equal(wire.find((e) => e.api === 'DescribeConfigs')?.version, 5);
    });
    await withClient(draft(DRAFT_KEYS, 'DescribeConfigs=6,IncrementalAlterConfigs=2'), async (client) => {
      await assert.rejects(
        client.requireMirroring([DescribeConfigs]),
        (err: unknown) => err instanceof UnsupportedByClusterError && err.ours?.min === 6 && err.brokerRange?.max === 5,
      );
    });
    // Below the bump the seed's broker does not know mirror resources.
    await withClient(buildDialect({ protocol: 'prototype' }), async (client) => {
      const read = await client.send(DescribeConfigs, {
        Resources: [{ ResourceType: 64, ResourceName: 'm1', ConfigurationKeys: null }],
      });
      assert.equal(read.Results[0]?.ErrorCode, 42);
    });
  });

  it('a prototype client finds none of its mirror RPCs on a cluster speaking the seed', async () => {
    await withClient(buildDialect({ protocol: 'prototype' }), async (client) => {
      await assert.rejects(
        client.requireMirroring([ListClusterMirrors]),
        (err: unknown) => err instanceof UnsupportedByClusterError,
      );
    });
  });
});

describe('--api-keys under the KIP draft', () => {
  it('refuses a key the emulator serves a record API on (Produce 0, Fetch 1, InitProducerId 22)', () => {
    for (const [key, name] of [
      [0, 'Produce'],
      [1, 'Fetch'],
      [22, 'InitProducerId'],
    ] as const) {
      assert.throws(
        () => draft(DRAFT_KEYS.replace('CreateMirror=200', `CreateMirror=${key}`)),
        new RegExp(`${name} and CreateMirror on the same key ${key}`),
      );
    }
  });
});
