// The emulator judged by Kafka itself: the same standard requests, sent by kmirror's client to a
// real Kafka 4.4 broker and to the emulator, must decode to answers that agree in shape, error
// codes and the fields a client relies on. What may differ on purpose is in
// src/lib/emulator/SKIPPED.md ("Compared with Kafka 4.4"); everything asserted here was a
// difference once, or is a field kmirror reads.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { ResponseOf } from '../../src/lib/kafka/message-types.js';
import {
  ApiVersions,
  CreateTopics,
  DescribeCluster,
  DescribeConfigs,
  DescribeGroups,
  FindCoordinator,
  ListGroups,
  Metadata,
  OffsetCommit,
  OffsetFetch,
} from '../../src/lib/kafka/messages/index.js';
import { ALL_APIS } from '../../src/lib/kafka/messages/index.js';
import { isMirrorApiKey } from './cli-trace.js';
import { markFailureOf, startSingleNode, type SingleNode } from './harness.js';
import { atVersion, ClientPool, ResourceType, type TracedClient } from './kmirror-client.js';

const HOOK_TIMEOUT = 240_000;
const TOPIC = 'diff-orders';
const UNKNOWN = 'diff-no-such-topic';
const ZERO_UUID = 'AAAAAAAAAAAAAAAAAAAAAA';
/** Not asked for: Kafka's "authorized operations not requested" marker. */
const NOT_REQUESTED = -2147483648;

/**
 * Topic keys Kafka 4.4 has and the prototype (branched before 4.3) does not, so the emulator
 * does not list them either (SKIPPED.md).
 */
const NEWER_THAN_PROTOTYPE = [
  'errors.deadletterqueue.group.enable',
  'max.decompressed.message.bytes',
  'remote.copy.lag.bytes',
  'remote.copy.lag.ms',
];
/** The prototype's own topic keys (KIP-1279), unknown to Kafka 4.4. */
const PROTOTYPE_ONLY = ['mirror.replication.throttled.replicas', 'mirror.support.unclean.leader.election'];

type ApiVersionsResponse = ResponseOf<typeof ApiVersions>;
type DescribeConfigsResponse = ResponseOf<typeof DescribeConfigs>;
type ConfigEntry = DescribeConfigsResponse['Results'][number]['Configs'][number];

interface Side {
  readonly name: 'kafka' | 'emulator';
  readonly c: TracedClient;
  readonly port: number;
  readonly clusterId: string;
}

describe('emulator vs Kafka 4.4: standard requests', () => {
  let kafka: SingleNode;
  let emulator: EmulatedClusters;
  const clients = new ClientPool();
  let real: Side;
  let emu: Side;

  before(
    async () => {
      [kafka, emulator] = await Promise.all([
        startSingleNode(),
        startEmulatedClusters({ seed: 'kafka-diff', destination: { nodes: 1 } }),
      ]);
      const node = emulator.destination.nodes[0];
      assert.ok(node);
      real = {
        name: 'kafka',
        c: clients.connect(kafka.bootstrap.plaintext),
        port: kafka.ports.plaintext,
        clusterId: kafka.clusterId,
      };
      emu = {
        name: 'emulator',
        c: clients.connect(emulator.destination.bootstrap),
        port: node.port,
        clusterId: emulator.destination.clusterId,
      };
      for (const side of [real, emu]) {
        const created = await side.c.client.send(CreateTopics, {
          Topics: [
            {
              Name: TOPIC,
              NumPartitions: 3,
              ReplicationFactor: 1,
              Configs: [{ Name: 'retention.ms', Value: '3600000' }],
            },
          ],
          timeoutMs: 15_000,
        });
        assert.equal(created.Topics[0]?.ErrorCode, 0, `${side.name}: ${created.Topics[0]?.ErrorMessage ?? ''}`);
      }
    },
    { timeout: HOOK_TIMEOUT },
  );
  after(async () => {
    await clients.closeAll();
    await emulator?.close();
    await kafka?.stop();
  });

  const both = <T>(ask: (side: Side) => Promise<T>): Promise<[T, T]> => Promise.all([ask(real), ask(emu)]);

  for (const version of [3, 4]) {
    test(`ApiVersions v${version}`, () =>
      markFailureOf(kafka, async () => {
        const [k, e] = await both((s) =>
          s.c.client.send(atVersion(ApiVersions, version), {
            ClientSoftwareName: 'kmirror',
            ClientSoftwareVersion: '0.1.0',
          }),
        );
        for (const [side, r] of [
          ['kafka', k],
          ['emulator', e],
        ] as [string, ApiVersionsResponse][]) {
          assert.equal(r.ErrorCode, 0, side);
          assert.equal(r.ThrottleTimeMs, 0, side);
          assert.equal(r.ZkMigrationReady, false, side);
          assert.ok(r.FinalizedFeaturesEpoch >= 0n, `${side}: a finalized-features epoch`);
          const mv = r.FinalizedFeatures.find((f) => f.Name === 'metadata.version');
          assert.ok(
            mv && mv.MinVersionLevel === mv.MaxVersionLevel,
            `${side}: metadata.version finalized as one level`,
          );
          assert.equal(
            r.SupportedFeatures.find((f) => f.Name === 'metadata.version')?.MinVersion,
            7,
            `${side}: 3.3-IV3 is the oldest level`,
          );
          if (version < 4)
            assert.ok(
              r.SupportedFeatures.every((f) => f.MinVersion > 0),
              `${side}: v3 hides features starting at 0`,
            );
          // Kafka lists finalized features in no fixed order; every one has min = max.
          assert.ok(
            r.FinalizedFeatures.every((f) => f.MinVersionLevel === f.MaxVersionLevel),
            side,
          );
        }
        // The features a fresh 4.x cluster finalizes, present on both (levels may be newer on 4.4).
        for (const name of ['group.version', 'transaction.version']) {
          assert.ok(
            k.FinalizedFeatures.some((f) => f.Name === name),
            `kafka finalizes ${name}`,
          );
          assert.ok(
            e.FinalizedFeatures.some((f) => f.Name === name),
            `emulator finalizes ${name}`,
          );
        }
        if (version >= 4) {
          const supported = (r: ApiVersionsResponse) => new Set(r.SupportedFeatures.map((f) => f.Name));
          for (const name of ['metadata.version', 'kraft.version', 'group.version', 'transaction.version']) {
            assert.ok(supported(k).has(name) && supported(e).has(name), `both support ${name}`);
          }
        }
        // Every standard API the emulator serves, Kafka serves, and kmirror negotiates a version
        // with both (the emulator speaks the prototype's ranges, which may be older than 4.4's).
        const kafkaKeys = new Map(k.ApiKeys.map((a) => [a.ApiKey, a]));
        for (const a of e.ApiKeys) {
          if (isMirrorApiKey(a.ApiKey)) continue;
          const theirs = kafkaKeys.get(a.ApiKey);
          assert.ok(theirs, `Kafka 4.4 serves key ${a.ApiKey}`);
          assert.ok(
            a.MinVersion <= theirs.MaxVersion && theirs.MinVersion <= a.MaxVersion,
            `key ${a.ApiKey}: ${JSON.stringify([a, theirs])}`,
          );
        }
        for (const api of ALL_APIS) {
          if (isMirrorApiKey(api.apiKey)) continue;
          assert.ok(
            e.ApiKeys.some((a) => a.ApiKey === api.apiKey),
            `emulator serves ${api.name}`,
          );
        }
      }));
  }

  test('Metadata for an existing and an unknown topic', () =>
    markFailureOf(kafka, async () => {
      const [k, e] = await both((s) =>
        s.c.client.send(Metadata, { Topics: [{ Name: TOPIC }, { Name: UNKNOWN }], AllowAutoTopicCreation: false }),
      );
      const normal = (r: ResponseOf<typeof Metadata>, side: Side) => ({
        ThrottleTimeMs: r.ThrottleTimeMs,
        ErrorCode: r.ErrorCode,
        ClusterId: r.ClusterId === side.clusterId ? '<cluster id>' : r.ClusterId,
        ControllerId: r.ControllerId,
        Brokers: r.Brokers.map((b) => ({ ...b, Port: b.Port === side.port ? '<port>' : b.Port })),
        ClusterAuthorizedOperations: r.ClusterAuthorizedOperations,
        Topics: r.Topics.map((t) => ({
          ...t,
          TopicId:
            t.TopicId === ZERO_UUID ? ZERO_UUID : /^[A-Za-z0-9_-]{22}$/.test(t.TopicId) ? '<topic id>' : t.TopicId,
          Partitions: [...t.Partitions].sort((a, b) => a.PartitionIndex - b.PartitionIndex),
        })),
      });
      assert.deepEqual(normal(e, emu), normal(k, real));
      const unknown = normal(k, real).Topics.find((t) => t.Name === UNKNOWN);
      assert.deepEqual(unknown, {
        ErrorCode: 3,
        Name: UNKNOWN,
        TopicId: ZERO_UUID,
        IsInternal: false,
        Partitions: [],
        TopicAuthorizedOperations: NOT_REQUESTED,
      });
    }));

  test('DescribeCluster', () =>
    markFailureOf(kafka, async () => {
      for (const IncludeClusterAuthorizedOperations of [false, true]) {
        const [k, e] = await both((s) =>
          s.c.client.send(DescribeCluster, { IncludeClusterAuthorizedOperations, EndpointType: 1 }),
        );
        const normal = (r: ResponseOf<typeof DescribeCluster>, side: Side) => ({
          ...r,
          ClusterId: r.ClusterId === side.clusterId ? '<cluster id>' : r.ClusterId,
          Brokers: r.Brokers.map((b) => ({ ...b, Port: b.Port === side.port ? '<port>' : b.Port })),
          // Both answer every operation to an allowed principal; which bits a level adds may differ.
          ClusterAuthorizedOperations:
            r.ClusterAuthorizedOperations === NOT_REQUESTED
              ? 'not requested'
              : r.ClusterAuthorizedOperations > 0
                ? 'some'
                : r.ClusterAuthorizedOperations,
        });
        assert.deepEqual(
          normal(e, emu),
          normal(k, real),
          `IncludeClusterAuthorizedOperations=${IncludeClusterAuthorizedOperations}`,
        );
      }
    }));

  const describeTopic = (
    name: string,
    options: { keys?: string[] | null; synonyms?: boolean; documentation?: boolean } = {},
  ) =>
    both((s) =>
      s.c.client.send(DescribeConfigs, {
        Resources: [{ ResourceType: ResourceType.TOPIC, ResourceName: name, ConfigurationKeys: options.keys ?? null }],
        IncludeSynonyms: options.synonyms ?? false,
        IncludeDocumentation: options.documentation ?? false,
      }),
    );

  /** Everything of an entry but the documentation text, which the emulator does not carry (SKIPPED.md). */
  const comparable = (entry: ConfigEntry) => ({
    ...entry,
    Documentation: entry.Documentation === null ? null : 'text',
  });

  test('DescribeConfigs for an existing topic: every shared key agrees, synonyms included', () =>
    markFailureOf(kafka, async () => {
      const [k, e] = await describeTopic(TOPIC, { synonyms: true });
      const kr = k.Results[0];
      const er = e.Results[0];
      assert.ok(kr && er);
      assert.deepEqual(
        { ...er, Configs: [] },
        { ...kr, Configs: [] },
        'result header (ErrorMessage "" on success, not null)',
      );
      assert.equal(kr.ErrorMessage, '');
      const emuByName = new Map(er.Configs.map((c) => [c.Name, c]));
      const kafkaNames = new Set(kr.Configs.map((c) => c.Name));
      const missing = kr.Configs.map((c) => c.Name).filter((n) => !emuByName.has(n));
      assert.deepEqual(missing.sort(), [...NEWER_THAN_PROTOTYPE].sort(), 'keys the emulator does not list');
      assert.deepEqual(
        er.Configs.map((c) => c.Name)
          .filter((n) => !kafkaNames.has(n))
          .sort(),
        [...PROTOTYPE_ONLY].sort(),
      );
      for (const entry of kr.Configs) {
        const mine = emuByName.get(entry.Name);
        if (!mine) continue;
        // min.insync.replicas: Kafka 4.4's controller sets a cluster default of it (ELR), a fact
        // of the cluster, not of the protocol; its shape is checked, not its source.
        if (entry.Name === 'min.insync.replicas') {
          assert.equal(mine.Value, entry.Value);
          assert.equal(mine.Synonyms.at(-1)?.Source, 5);
          continue;
        }
        assert.deepEqual(comparable(mine), comparable(entry), entry.Name);
      }
      assert.deepEqual(emuByName.get('retention.ms')?.Synonyms, [
        { Name: 'retention.ms', Value: '3600000', Source: 1 },
      ]);
    }));

  test('DescribeConfigs for an existing topic: selected keys, no synonyms, documentation only when asked', () =>
    markFailureOf(kafka, async () => {
      const keys = ['retention.ms', 'cleanup.policy', 'max.message.bytes', 'no.such.key'];
      const [k, e] = await describeTopic(TOPIC, { keys });
      // Kafka lists entries in its own map order, which nobody may rely on.
      const byName = (r: DescribeConfigsResponse) => ({
        ...r,
        Results: r.Results.map((x) => ({ ...x, Configs: [...x.Configs].sort((a, b) => a.Name.localeCompare(b.Name)) })),
      });
      assert.deepEqual(byName(e), byName(k));
      assert.deepEqual(k.Results[0]?.Configs.map((c) => c.Name).sort(), [
        'cleanup.policy',
        'max.message.bytes',
        'retention.ms',
      ]);
      const [kd, ed] = await describeTopic(TOPIC, { keys: ['cleanup.policy'], documentation: true });
      assert.equal(typeof kd.Results[0]?.Configs[0]?.Documentation, 'string');
      // SKIPPED.md: the emulator has no documentation text; null is what Kafka sends when not asked.
      assert.equal(ed.Results[0]?.Configs[0]?.Documentation, null);
    }));

  test('DescribeConfigs for an unknown topic', () =>
    markFailureOf(kafka, async () => {
      for (const documentation of [false, true]) {
        const [k, e] = await describeTopic(UNKNOWN, { documentation });
        assert.deepEqual(e, k);
        assert.deepEqual(k.Results, [
          { ErrorCode: 3, ErrorMessage: '', ResourceType: ResourceType.TOPIC, ResourceName: UNKNOWN, Configs: [] },
        ]);
      }
    }));

  test('DescribeConfigs for a broker key both model', () =>
    markFailureOf(kafka, async () => {
      const [k, e] = await both((s) =>
        s.c.client.send(DescribeConfigs, {
          Resources: [
            { ResourceType: ResourceType.BROKER, ResourceName: '1', ConfigurationKeys: ['message.max.bytes'] },
          ],
          IncludeSynonyms: true,
          IncludeDocumentation: false,
        }),
      );
      assert.deepEqual(e, k);
      assert.deepEqual(k.Results[0]?.Configs[0]?.Synonyms, [
        { Name: 'message.max.bytes', Value: '1048588', Source: 5 },
      ]);
    }));

  test('the group coordinator: FindCoordinator, a simple commit, OffsetFetch, ListGroups, DescribeGroups', () =>
    markFailureOf(kafka, async () => {
      const GROUP = 'diff-group';
      const [k, e] = await both(async (s) => {
        const client = s.c.client;
        // Kafka creates __consumer_offsets on the first lookup and answers COORDINATOR_NOT_AVAILABLE, then
        // NOT_COORDINATOR while the new partition loads; the emulator's coordinator is there at once.
        let coordinator;
        let committed;
        for (let attempt = 0; attempt < 60; attempt++) {
          const found = await client.send(FindCoordinator, { Key: GROUP, KeyType: 0, CoordinatorKeys: [GROUP] });
          coordinator = found.Coordinators[0];
          if (coordinator?.ErrorCode === 0) {
            committed = await client.sendTo(
              OffsetCommit,
              {
                GroupId: GROUP,
                GenerationId: -1,
                MemberId: '',
                Topics: [
                  {
                    Name: TOPIC,
                    Partitions: [
                      { PartitionIndex: 0, CommittedOffset: 600n, CommittedMetadata: null },
                      { PartitionIndex: 2, CommittedOffset: 0n, CommittedMetadata: 'note' },
                    ],
                  },
                ],
              },
              { host: coordinator.Host, port: coordinator.Port, nodeId: coordinator.NodeId },
            );
            const codes = committed.Topics.flatMap((t) => t.Partitions.map((p) => p.ErrorCode));
            if (codes.every((c) => c === 0)) break;
            assert.ok(
              codes.every((c) => c === 14 || c === 16),
              `${s.name}: ${JSON.stringify(committed)}`,
            );
          } else assert.equal(coordinator?.ErrorCode, 15, `${s.name}: ${JSON.stringify(found)}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        assert.ok(coordinator, `${s.name}: FindCoordinator v4+ answers per key`);
        const broker = { host: coordinator.Host, port: coordinator.Port, nodeId: coordinator.NodeId };
        const fetched = await client.sendTo(
          OffsetFetch,
          { GroupId: '', Topics: null, Groups: [{ groupId: GROUP, Topics: null }], RequireStable: false },
          broker,
        );
        const listed = await client.sendTo(ListGroups, { StatesFilter: [] }, broker);
        const described = await client.sendTo(DescribeGroups, { Groups: [GROUP, 'diff-nobody'] }, broker);
        const unknownType = await client.send(FindCoordinator, { Key: 'x', KeyType: 3, CoordinatorKeys: ['x'] });
        const oneKey = await client.send(atVersion(FindCoordinator, 2), { Key: GROUP, KeyType: 0 });
        return {
          found: { ...coordinator, NodeId: '<node>', Port: coordinator.Port === s.port ? '<port>' : coordinator.Port },
          committed,
          // Partition order is the coordinator's map order on Kafka; no client relies on it.
          fetched: fetched.Groups.map((g) => ({
            ...g,
            Topics: g.Topics.map((t) => ({
              ...t,
              Partitions: [...t.Partitions].sort((a, b) => a.PartitionIndex - b.PartitionIndex),
            })),
          })),
          oneKey: { ...oneKey, NodeId: '<node>', Port: oneKey.Port === s.port ? '<port>' : oneKey.Port },
          listed: listed.Groups.filter((g) => g.GroupId === GROUP),
          described,
          unknownType: unknownType.Coordinators.map((c) => [c.ErrorCode, c.NodeId]),
        };
      });
      assert.deepEqual(e, k);
      assert.deepEqual(k.listed, [{ GroupId: GROUP, ProtocolType: '', GroupState: 'Empty' }]);
      assert.equal(k.described.Groups[1]?.GroupState, 'Dead');
    }));
});
