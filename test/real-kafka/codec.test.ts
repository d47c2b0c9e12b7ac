// kmirror's codec against Kafka's own implementation: the standard flexible APIs kmirror relies on,
// encoded and decoded by our definitions and sent by our client to a real Kafka 4.4 broker.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import type { ResponseOf } from '../../src/lib/kafka/message-types.js';
import {
  ApiVersions,
  CreateTopics,
  DescribeCluster,
  DescribeConfigs,
  IncrementalAlterConfigs,
  Metadata,
} from '../../src/lib/kafka/messages/index.js';
import { markFailureOf, startSingleNode, type SingleNode } from './harness.js';
import { atVersion, ClientPool, ConfigOp, ResourceType, type TracedClient } from './kmirror-client.js';

const HOOK_TIMEOUT = 240_000;
const TOPIC = 'codec-orders';
/** Dynamic per-broker config (Kafka's DynamicBrokerConfig: log cleaner threads can be resized live). */
const BROKER_KEY = 'log.cleaner.threads';

type DescribeConfigsResponse = ResponseOf<typeof DescribeConfigs>;
type ConfigEntry = DescribeConfigsResponse['Results'][number]['Configs'][number];

async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until)
      assert.fail(
        `${what}: still ${JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("codec against Kafka 4.4, through kmirror's client", () => {
  let kafka: SingleNode;
  const clients = new ClientPool();
  let c: TracedClient;
  let topicId: string;

  before(
    async () => {
      kafka = await startSingleNode();
      c = clients.connect(kafka.bootstrap.plaintext);
    },
    { timeout: HOOK_TIMEOUT },
  );
  after(async () => {
    await clients.closeAll();
    await kafka?.stop();
  });

  const lastVersion = (api: string): number | undefined => [...c.wire].reverse().find((w) => w.api === api)?.version;

  async function topicConfigs(keys: string[] | null): Promise<Map<string, ConfigEntry>> {
    const response = await c.client.send(DescribeConfigs, {
      Resources: [{ ResourceType: ResourceType.TOPIC, ResourceName: TOPIC, ConfigurationKeys: keys }],
      IncludeSynonyms: true,
      IncludeDocumentation: true,
    });
    const result = response.Results[0];
    assert.ok(result);
    assert.equal(result.ErrorCode, 0, result.ErrorMessage ?? '');
    return new Map(result.Configs.map((e) => [e.Name, e]));
  }

  async function alterTopic(
    configs: { Name: string; ConfigOperation: number; Value: string | null }[],
    validateOnly = false,
  ) {
    const response = await c.client.send(IncrementalAlterConfigs, {
      Resources: [{ ResourceType: ResourceType.TOPIC, ResourceName: TOPIC, Configs: configs }],
      ValidateOnly: validateOnly,
    });
    assert.equal(lastVersion('IncrementalAlterConfigs'), 1);
    assert.equal(response.Responses.length, 1);
    return response.Responses[0] as (typeof response.Responses)[number];
  }

  test('ApiVersions v4 and v3 decode the feature tags', () =>
    markFailureOf(kafka, async () => {
      const body = { ClientSoftwareName: 'kmirror', ClientSoftwareVersion: '0.1.0' };
      const v4 = await c.client.send(atVersion(ApiVersions, 4), body);
      const v3 = await c.client.send(atVersion(ApiVersions, 3), body);
      assert.deepEqual(
        c.wire.filter((w) => w.api === 'ApiVersions').map((w) => w.version),
        [4, 4, 3],
        'the bootstrap ApiVersions, then one of each pinned version',
      );
      for (const r of [v4, v3]) {
        assert.equal(r.ErrorCode, 0);
        assert.ok(r.ApiKeys.length > 50, 'Kafka 4.4 advertises dozens of APIs');
        const own = r.ApiKeys.find((k) => k.ApiKey === 18);
        // Kafka 4.4 speaks ApiVersions up to v5; kmirror stops at v4, the version the prototype needs.
        assert.ok(own && own.MinVersion === 0 && own.MaxVersion >= 4, JSON.stringify(own));
        assert.ok(r.FinalizedFeaturesEpoch >= 0n, 'finalized features carry an epoch');
        const mv = r.FinalizedFeatures.find((f) => f.Name === 'metadata.version');
        assert.ok(mv && mv.MaxVersionLevel >= 7 && mv.MinVersionLevel === mv.MaxVersionLevel);
        const supported = r.SupportedFeatures.find((f) => f.Name === 'metadata.version');
        assert.ok(
          supported && supported.MinVersion <= mv.MaxVersionLevel && mv.MaxVersionLevel <= supported.MaxVersion,
        );
        assert.equal(r.ZkMigrationReady, false);
      }
      // v3 hides supported features whose minimum is 0 (KIP-1022); v4 lists them.
      assert.ok(
        v4.SupportedFeatures.some((f) => f.MinVersion === 0),
        'v4 lists features starting at 0',
      );
      assert.ok(
        v3.SupportedFeatures.every((f) => f.MinVersion > 0),
        'v3 omits features starting at 0',
      );
      assert.deepEqual(v3.FinalizedFeatures, v4.FinalizedFeatures);
      assert.deepEqual(v3.ApiKeys, v4.ApiKeys);
    }));

  test('CreateTopics then Metadata: the topic, its id and its partitions', () =>
    markFailureOf(kafka, async () => {
      const created = await c.client.send(CreateTopics, {
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
      assert.equal(lastVersion('CreateTopics'), 7, "Kafka 4.4 speaks CreateTopics up to v7 (v8 is the prototype's)");
      const t = created.Topics[0];
      assert.ok(t);
      assert.equal(t.ErrorCode, 0, t.ErrorMessage ?? '');
      assert.equal(t.NumPartitions, 3);
      assert.match(t.TopicId, /^[A-Za-z0-9_-]{22}$/);
      assert.notEqual(t.TopicId, 'AAAAAAAAAAAAAAAAAAAAAA');
      topicId = t.TopicId;
      const retention = t.Configs?.find((e) => e.Name === 'retention.ms');
      assert.equal(retention?.Value, '3600000');

      const md = await eventually(
        'metadata for the new topic',
        () =>
          c.client.send(Metadata, {
            Topics: [{ Name: TOPIC }, { Name: 'codec-no-such-topic' }],
            AllowAutoTopicCreation: false,
          }),
        (r) => r.Topics.find((x) => x.Name === TOPIC)?.Partitions.length === 3,
      );
      assert.equal(lastVersion('Metadata'), 13);
      assert.equal(md.ClusterId, kafka.clusterId);
      assert.deepEqual(
        md.Brokers.map((b) => ({ NodeId: b.NodeId, Host: b.Host, Port: b.Port })),
        [{ NodeId: 1, Host: '127.0.0.1', Port: kafka.ports.plaintext }],
      );
      const topic = md.Topics.find((x) => x.Name === TOPIC);
      assert.ok(topic);
      assert.equal(topic.ErrorCode, 0);
      assert.equal(topic.TopicId, topicId);
      assert.equal(topic.IsInternal, false);
      assert.deepEqual(
        topic.Partitions.map((p) => [p.PartitionIndex, p.LeaderId, p.ReplicaNodes, p.IsrNodes]).sort(),
        [0, 1, 2].map((i) => [i, 1, [1], [1]]),
      );
      const unknown = md.Topics.find((x) => x.Name === 'codec-no-such-topic');
      assert.equal(unknown?.ErrorCode, 3);
    }));

  test('DescribeCluster', () =>
    markFailureOf(kafka, async () => {
      const r = await c.client.send(DescribeCluster, { IncludeClusterAuthorizedOperations: true, EndpointType: 1 });
      assert.equal(lastVersion('DescribeCluster'), 2);
      assert.equal(r.ErrorCode, 0);
      assert.equal(r.ErrorMessage, null);
      assert.equal(r.ClusterId, kafka.clusterId);
      assert.equal(r.ControllerId, 1);
      assert.equal(r.EndpointType, 1);
      assert.deepEqual(r.Brokers, [
        { BrokerId: 1, Host: '127.0.0.1', Port: kafka.ports.plaintext, Rack: null, IsFenced: false },
      ]);
      // A super user (ANONYMOUS on PLAINTEXT) may do everything: a bit field, not the "not asked" marker.
      assert.notEqual(r.ClusterAuthorizedOperations, -2147483648);
      assert.ok(r.ClusterAuthorizedOperations > 0);
    }));

  test('DescribeConfigs v4 on a TOPIC: override, defaults, synonyms and documentation', () =>
    markFailureOf(kafka, async () => {
      const all = await topicConfigs(null);
      assert.equal(lastVersion('DescribeConfigs'), 4);
      assert.ok(all.size > 25, `Kafka lists every topic config (${all.size})`);
      const retention = all.get('retention.ms');
      assert.ok(retention);
      assert.equal(retention.Value, '3600000');
      assert.equal(retention.ConfigSource, 1, 'DYNAMIC_TOPIC_CONFIG');
      assert.equal(retention.ConfigType, 5, 'LONG');
      assert.equal(retention.ReadOnly, false);
      assert.equal(retention.IsSensitive, false);
      assert.deepEqual(retention.Synonyms[0], { Name: 'retention.ms', Value: '3600000', Source: 1 });
      assert.equal(typeof retention.Documentation, 'string');
      const cleanup = all.get('cleanup.policy');
      assert.equal(cleanup?.Value, 'delete');
      assert.equal(cleanup?.ConfigSource, 5, 'DEFAULT_CONFIG');
      assert.equal(cleanup?.ConfigType, 7, 'LIST');
      assert.deepEqual(cleanup?.Synonyms, [{ Name: 'log.cleanup.policy', Value: 'delete', Source: 5 }]);

      const some = await topicConfigs(['retention.ms', 'no.such.config']);
      assert.deepEqual([...some.keys()], ['retention.ms'], 'unknown keys are left out, not errors');
    }));

  test('IncrementalAlterConfigs v1 on a TOPIC: SET, APPEND, SUBTRACT, DELETE and validate-only, read back', () =>
    markFailureOf(kafka, async () => {
      let r = await alterTopic([{ Name: 'segment.ms', ConfigOperation: ConfigOp.SET, Value: '7200000' }], true);
      assert.equal(r.ErrorCode, 0, r.ErrorMessage ?? '');
      assert.equal(
        (await topicConfigs(['segment.ms'])).get('segment.ms')?.ConfigSource,
        5,
        'validate-only changed nothing',
      );

      r = await alterTopic([
        { Name: 'segment.ms', ConfigOperation: ConfigOp.SET, Value: '7200000' },
        { Name: 'cleanup.policy', ConfigOperation: ConfigOp.APPEND, Value: 'compact' },
      ]);
      assert.equal(r.ErrorCode, 0, r.ErrorMessage ?? '');
      assert.equal(r.ResourceName, TOPIC);
      assert.equal(r.ResourceType, ResourceType.TOPIC);
      let now = await eventually(
        'SET and APPEND applied',
        () => topicConfigs(['segment.ms', 'cleanup.policy']),
        (m) => m.get('segment.ms')?.Value === '7200000' && m.get('cleanup.policy')?.Value === 'delete,compact',
      );
      assert.equal(now.get('segment.ms')?.ConfigSource, 1);

      r = await alterTopic([
        { Name: 'cleanup.policy', ConfigOperation: ConfigOp.SUBTRACT, Value: 'delete' },
        { Name: 'retention.ms', ConfigOperation: ConfigOp.DELETE, Value: null },
      ]);
      assert.equal(r.ErrorCode, 0, r.ErrorMessage ?? '');
      now = await eventually(
        'SUBTRACT and DELETE applied',
        () => topicConfigs(['cleanup.policy', 'retention.ms']),
        (m) => m.get('cleanup.policy')?.Value === 'compact' && m.get('retention.ms')?.ConfigSource === 5,
      );
      assert.equal(now.get('retention.ms')?.Value, '604800000', 'back to the default');

      // Kafka refuses APPEND on a non-LIST key and a value of the wrong type, with its own words.
      r = await alterTopic([{ Name: 'segment.ms', ConfigOperation: ConfigOp.APPEND, Value: '1' }], true);
      assert.equal(r.ErrorCode, 40, 'INVALID_CONFIG');
      assert.match(r.ErrorMessage ?? '', /segment\.ms/);
      r = await alterTopic([{ Name: 'retention.ms', ConfigOperation: ConfigOp.SET, Value: 'soon' }], true);
      assert.equal(r.ErrorCode, 40, 'INVALID_CONFIG');
      assert.match(r.ErrorMessage ?? '', /soon/);
    }));

  test('DescribeConfigs and IncrementalAlterConfigs on a BROKER: a dynamic key set, read back and deleted', () =>
    markFailureOf(kafka, async () => {
      const read = async () => {
        const response = await c.client.send(DescribeConfigs, {
          Resources: [{ ResourceType: ResourceType.BROKER, ResourceName: '1', ConfigurationKeys: [BROKER_KEY] }],
          IncludeSynonyms: true,
          IncludeDocumentation: false,
        });
        const result = response.Results[0];
        assert.ok(result);
        assert.equal(result.ErrorCode, 0, result.ErrorMessage ?? '');
        assert.equal(result.ResourceType, ResourceType.BROKER);
        return result.Configs.find((e) => e.Name === BROKER_KEY);
      };
      const before = await read();
      assert.ok(before);
      assert.equal(before.Value, '1');
      assert.equal(before.ConfigSource, 5);
      assert.equal(before.ConfigType, 3, 'INT');
      assert.equal(before.ReadOnly, false, 'dynamic broker configs are not read-only');
      assert.equal(before.Documentation, null, 'not asked for');

      const alter = async (op: number, value: string | null, validateOnly = false) => {
        const response = await c.client.send(IncrementalAlterConfigs, {
          Resources: [
            {
              ResourceType: ResourceType.BROKER,
              ResourceName: '1',
              Configs: [{ Name: BROKER_KEY, ConfigOperation: op, Value: value }],
            },
          ],
          ValidateOnly: validateOnly,
        });
        const r = response.Responses[0];
        assert.ok(r);
        return r;
      };
      let r = await alter(ConfigOp.SET, '2', true);
      assert.equal(r.ErrorCode, 0, r.ErrorMessage ?? '');
      assert.equal((await read())?.Value, '1', 'validate-only changed nothing');

      r = await alter(ConfigOp.SET, '2');
      assert.equal(r.ErrorCode, 0, r.ErrorMessage ?? '');
      const set = await eventually('broker SET applied', read, (e) => e?.Value === '2');
      assert.equal(set?.ConfigSource, 2, 'DYNAMIC_BROKER_CONFIG');
      assert.deepEqual(set?.Synonyms, [
        { Name: BROKER_KEY, Value: '2', Source: 2 },
        { Name: BROKER_KEY, Value: '1', Source: 5 },
      ]);

      r = await alter(ConfigOp.DELETE, null);
      assert.equal(r.ErrorCode, 0, r.ErrorMessage ?? '');
      await eventually('broker DELETE applied', read, (e) => e?.Value === '1' && e.ConfigSource === 5);

      r = await alter(ConfigOp.SET, 'many', true);
      assert.notEqual(r.ErrorCode, 0, 'a non-number is refused');
      assert.ok(r.ErrorMessage, 'with a message');
    }));
});
