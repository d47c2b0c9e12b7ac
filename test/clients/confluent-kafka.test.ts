// The emulator judged by confluent-kafka's AdminClient (Python over librdkafka, as Debian 12 ships
// it): cluster metadata, TOPIC configs, and SASL. Expected values come from the engine.

import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  startEmulatedClusters,
  type EmulatedClusterHandle,
  type EmulatedClusters,
  type WireEvent,
} from '../../src/lib/emulator/index.js';
import { expectedBrokers, expectedTopicConfigs, expectedTopics, sortedEntries } from './expected.js';
import { analyseScram } from './scram-check.js';
import {
  ADMIN_PROBE,
  DEBIAN_PYTHON,
  describeRun,
  describeWithTool,
  probeConfluentKafka,
  runTool,
  type ToolResult,
} from './tools.js';

const confluentKafka = await probeConfluentKafka();
/** librdkafka's version as an int (0xMMmmrrpp); 0 when the module is missing. */
const LIBRDKAFKA_VERSION = Number(confluentKafka.detail.split(/\s+/)[2] ?? 0);
/** librdkafka before 2.6.1 echoes the client nonce twice in SCRAM (confluentinc/librdkafka#4895). */
const LIBRDKAFKA_SCRAM_FIXED = 0x02060100;

const CONFIG_SOURCE_DYNAMIC_TOPIC = 1;
const CONFIG_SOURCE_DEFAULT = 5;

interface ProbeMetadata {
  cluster_id: string;
  controller_id: number;
  brokers: { id: number; host: string; port: number }[];
  topics: Record<
    string,
    { error: number | null; partitions: Record<string, { leader: number; replicas: number[]; isrs: number[] }> }
  >;
}

type ProbeConfigs = Record<
  string,
  { value: string | null; source: number; is_read_only: boolean; is_default: boolean; is_sensitive: boolean }
>;

type Settings = Record<string, string>;

function probe(
  request: { config: Settings; action: 'metadata' } | { config: Settings; action: 'describe-configs'; topic: string },
): Promise<ToolResult> {
  return runTool(DEBIAN_PYTHON, [ADMIN_PROBE], { stdin: JSON.stringify(request) });
}

async function probeJson<T>(request: Parameters<typeof probe>[0]): Promise<T> {
  const result = await probe(request);
  assert.equal(result.code, 0, describeRun(`admin_probe ${request.action}`, result));
  return JSON.parse(result.stdout) as T;
}

function assertMetadataMatches(md: ProbeMetadata, handle: EmulatedClusterHandle): void {
  assert.equal(md.cluster_id, handle.clusterId, 'cluster id');
  assert.equal(md.controller_id, handle.cluster.controllerId, 'controller id');
  assert.deepEqual(md.brokers, expectedBrokers(handle), 'brokers');
  const seen = new Map(
    Object.entries(md.topics).map(([name, t]) => {
      assert.equal(t.error, null, `topic ${name} has error ${String(t.error)}`);
      const partitions = Object.entries(t.partitions)
        .map(([index, p]) => ({ partition: Number(index), leader: p.leader, replicas: p.replicas, isrs: p.isrs }))
        .sort((a, b) => a.partition - b.partition);
      return [name, partitions] as const;
    }),
  );
  assert.deepEqual(sortedEntries(seen), sortedEntries(expectedTopics(handle)), 'topics');
}

describeWithTool(confluentKafka, 'confluent-kafka AdminClient against the emulator (PLAINTEXT)', () => {
  let emulator: EmulatedClusters;

  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'clients-confluent', destination: { nodes: 3 } });
    emulator.destination.cluster.createTopic('orders', {
      partitions: 6,
      replicationFactor: 3,
      configs: { 'retention.ms': '3600000', 'cleanup.policy': 'compact' },
    });
    emulator.destination.cluster.createTopic('payments', { partitions: 2, replicationFactor: 2 });
    emulator.destination.cluster.createTopic('__internal-offsets', { partitions: 1 });
  });

  after(async () => {
    await emulator.close();
  });

  it(
    'list_topics: brokers, cluster id, controller id, topics, partition counts, leaders, ' +
      'replicas and ISR match the engine',
    async () => {
      const md = await probeJson<ProbeMetadata>({
        config: { 'bootstrap.servers': emulator.destination.bootstrap },
        action: 'metadata',
      });
      assertMetadataMatches(md, emulator.destination);
      assert.equal(Object.keys(md.topics['orders']?.partitions ?? {}).length, 6);
    },
  );

  it('list_topics from each node alone gives the same view', async () => {
    for (const node of emulator.destination.nodes) {
      const md = await probeJson<ProbeMetadata>({ config: { 'bootstrap.servers': node.address }, action: 'metadata' });
      assertMetadataMatches(md, emulator.destination);
    }
  });

  it(
    'describe_configs of a TOPIC returns the engine’s config names and values, overrides as ' + 'DYNAMIC_TOPIC_CONFIG',
    async () => {
      const configs = await probeJson<ProbeConfigs>({
        config: { 'bootstrap.servers': emulator.destination.bootstrap },
        action: 'describe-configs',
        topic: 'orders',
      });
      const seen = new Map(Object.entries(configs).map(([name, c]) => [name, c.value]));
      assert.deepEqual(sortedEntries(seen), sortedEntries(expectedTopicConfigs(emulator.destination, 'orders')));
      for (const name of ['retention.ms', 'cleanup.policy']) {
        assert.equal(configs[name]?.source, CONFIG_SOURCE_DYNAMIC_TOPIC, `${name} source`);
        assert.equal(configs[name]?.is_default, false, `${name} is_default`);
      }
      assert.equal(configs['retention.ms']?.value, '3600000');
      assert.equal(configs['segment.bytes']?.source, CONFIG_SOURCE_DEFAULT);
      assert.equal(configs['segment.bytes']?.is_default, true);
    },
  );

  it('describe_configs of a topic without overrides matches the engine too', async () => {
    const configs = await probeJson<ProbeConfigs>({
      config: { 'bootstrap.servers': emulator.destination.bootstrap },
      action: 'describe-configs',
      topic: 'payments',
    });
    const seen = new Map(Object.entries(configs).map(([name, c]) => [name, c.value]));
    assert.deepEqual(sortedEntries(seen), sortedEntries(expectedTopicConfigs(emulator.destination, 'payments')));
    assert.ok(Object.values(configs).every((c) => c.source === CONFIG_SOURCE_DEFAULT));
  });

  it('describe_configs of a missing topic fails with UNKNOWN_TOPIC_OR_PART', async () => {
    const result = await probe({
      config: { 'bootstrap.servers': emulator.destination.bootstrap },
      action: 'describe-configs',
      topic: 'no-such-topic',
    });
    assert.equal(result.code, 1, describeRun('describe_configs of a missing topic', result));
    assert.match(result.stderr, /UNKNOWN_TOPIC_OR_PART|Unknown topic/i);
  });
});

describeWithTool(confluentKafka, 'confluent-kafka AdminClient against the emulator with SASL required', () => {
  let emulator: EmulatedClusters;
  const users = { 'py-user': 'py-secret' };
  const saslEvents: WireEvent[] = [];
  const sasl = (mechanism: string, password: string): Settings => ({
    'bootstrap.servers': emulator.source.bootstrap,
    'security.protocol': 'SASL_PLAINTEXT',
    'sasl.mechanisms': mechanism,
    'sasl.username': 'py-user',
    'sasl.password': password,
  });

  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'clients-confluent-sasl',
      sasl: { users },
      onWire: (event) => {
        if (event.cluster === 'source' && event.apiName === 'SaslAuthenticate') saslEvents.push(event);
      },
    });
    emulator.source.cluster.createTopic('secured', { partitions: 4 });
  });

  after(async () => {
    await emulator.close();
  });

  it('SASL/PLAIN with the right password lists metadata', async () => {
    const md = await probeJson<ProbeMetadata>({ config: sasl('PLAIN', 'py-secret'), action: 'metadata' });
    assertMetadataMatches(md, emulator.source);
  });

  it('SASL/PLAIN with a wrong password fails with the broker’s message', async () => {
    const result = await probe({ config: sasl('PLAIN', 'wrong'), action: 'metadata' });
    assert.equal(result.code, 1, describeRun('PLAIN with a wrong password', result));
    assert.match(result.stderr, /Authentication failed: Invalid username or password/);
  });

  it(
    'SASL/SCRAM-SHA-512 with the right password: works, or is refused exactly as Kafka 4.x ' +
      'refuses librdkafka < 2.6.1',
    async () => {
      saslEvents.length = 0;
      const result = await probe({ config: sasl('SCRAM-SHA-512', 'py-secret'), action: 'metadata' });
      if (LIBRDKAFKA_VERSION >= LIBRDKAFKA_SCRAM_FIXED) {
        assert.equal(result.code, 0, describeRun('SCRAM-SHA-512 with the right password', result));
        assertMetadataMatches(JSON.parse(result.stdout) as ProbeMetadata, emulator.source);
        return;
      }
      // Older librdkafka prefixes the client nonce once more in client-final-message. Kafka 3.8.1-3.9
      // tolerated that; Kafka 4.x compares the nonce exactly (checked against 4.4.0), and so does the
      // emulator. Prove that the nonce is the only fault: the proof itself is right for the password.
      assert.equal(result.code, 1, describeRun('SCRAM-SHA-512 from an old librdkafka', result));
      assert.match(result.stderr, /invalid credentials with SASL mechanism SCRAM-SHA-512/);
      const tokens = saslEvents.map((e) =>
        Buffer.from((e.body as { AuthBytes: Uint8Array }).AuthBytes).toString('utf8'),
      );
      const [clientFirst, serverFirst, clientFinal] = tokens;
      assert.ok(
        clientFirst !== undefined && serverFirst !== undefined && clientFinal !== undefined,
        `SCRAM exchange seen: ${tokens.length} tokens`,
      );
      const findings = analyseScram({ clientFirst, serverFirst, clientFinal }, 'py-secret', 'sha512');
      assert.ok(
        findings.combinedNonce.startsWith(findings.clientNonce),
        'the server nonce extends the client nonce (RFC 5802)',
      );
      assert.equal(
        findings.echoedNonce,
        findings.clientNonce + findings.combinedNonce,
        'the known librdkafka nonce bug',
      );
      assert.equal(findings.proofMatchesPassword, true, 'the emulator’s salt and iterations give the client’s proof');
    },
  );

  it('SASL/SCRAM-SHA-512 with a wrong password fails', async () => {
    const result = await probe({ config: sasl('SCRAM-SHA-512', 'wrong'), action: 'metadata' });
    assert.equal(result.code, 1, describeRun('SCRAM-SHA-512 with a wrong password', result));
    assert.match(result.stderr, /invalid credentials with SASL mechanism SCRAM-SHA-512/);
  });
});
