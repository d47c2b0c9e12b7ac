// The emulator judged by kcat (librdkafka): metadata (-L), end offsets (-Q), SASL and TLS listeners
// must work the way they do against a real broker. Expected values come from the engine.

import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  startEmulatedClusters,
  type EmulatedClusterHandle,
  type EmulatedClusters,
} from '../../src/lib/emulator/index.js';
import { expectedBrokers, expectedTopics } from './expected.js';
import { describeRun, describeWithTool, probeKcat, runTool } from './tools.js';

const kcat = await probeKcat();

interface KcatMetadata {
  controllerid: number;
  brokers: { id: number; name: string }[];
  topics: {
    topic: string;
    error?: string;
    partitions: {
      partition: number;
      leader: number;
      replicas: { id: number }[];
      isrs: { id: number }[];
      error?: string;
    }[];
  }[];
}

type KcatOffsets = Record<string, Record<string, { partition: number; offset: number; error?: string } | string>>;

async function kcatJson<T>(args: readonly string[]): Promise<T> {
  const result = await runTool('kcat', args);
  assert.equal(result.code, 0, describeRun(`kcat ${args.join(' ')}`, result));
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    assert.fail(describeRun('kcat printed no JSON', result));
  }
}

/** kcat's -L -J view reduced to what the engine defines, in the engine's order. */
function normalise(md: KcatMetadata): {
  brokers: { id: number; host: string; port: number }[];
  topics: Map<string, { partition: number; leader: number; replicas: number[]; isrs: number[] }[]>;
} {
  const brokers = md.brokers
    .map((b) => {
      const colon = b.name.lastIndexOf(':');
      return { id: b.id, host: b.name.slice(0, colon), port: Number(b.name.slice(colon + 1)) };
    })
    .sort((a, b) => a.id - b.id);
  const topics = new Map(
    md.topics.map((t) => {
      assert.equal(t.error, undefined, `topic ${t.topic} has error ${String(t.error)}`);
      const partitions = t.partitions
        .map((p) => {
          assert.equal(p.error, undefined, `${t.topic}[${p.partition}] has error ${String(p.error)}`);
          return {
            partition: p.partition,
            leader: p.leader,
            replicas: p.replicas.map((r) => r.id),
            isrs: p.isrs.map((r) => r.id),
          };
        })
        .sort((a, b) => a.partition - b.partition);
      return [t.topic, partitions] as const;
    }),
  );
  return { brokers, topics };
}

function assertMetadataMatches(md: KcatMetadata, handle: EmulatedClusterHandle): void {
  const seen = normalise(md);
  assert.deepEqual(seen.brokers, expectedBrokers(handle), 'brokers');
  assert.equal(md.controllerid, handle.cluster.controllerId, 'controller id');
  assert.deepEqual(
    new Map([...seen.topics].sort(([a], [b]) => a.localeCompare(b))),
    new Map([...expectedTopics(handle)].sort(([a], [b]) => a.localeCompare(b))),
    'topics',
  );
}

describeWithTool(kcat, 'kcat against the emulator (PLAINTEXT)', () => {
  let emulator: EmulatedClusters;

  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'clients-kcat', destination: { nodes: 3 } });
    // Several topics so that partition leaders land on every destination node.
    emulator.destination.cluster.createTopic('orders', { partitions: 5, replicationFactor: 3 });
    emulator.destination.cluster.createTopic('payments', { partitions: 2, replicationFactor: 2 });
    emulator.destination.cluster.createTopic('audit', { partitions: 1 });
    emulator.source.cluster.createTopic('clicks', { partitions: 3, initialOffset: 100n });
    emulator.source.cluster.appendRecords('clicks', 17, 1);
    emulator.source.cluster.appendRecords('clicks', 5, 2);
    emulator.source.cluster.createTopic('views', { partitions: 1, initialOffset: 42n });
  });

  after(async () => {
    await emulator.close();
  });

  it(
    'kcat -L -J lists the destination brokers, controller, topics, partitions, leaders, ' +
      'replicas and ISR of the engine',
    async () => {
      const md = await kcatJson<KcatMetadata>(['-L', '-J', '-b', emulator.destination.bootstrap]);
      assertMetadataMatches(md, emulator.destination);
      const leaders = new Set([...expectedTopics(emulator.destination).values()].flat().map((p) => p.leader));
      assert.ok(leaders.size > 1, 'the fixture spreads leaders over several nodes');
    },
  );

  it('kcat -L -J lists the source cluster too', async () => {
    const md = await kcatJson<KcatMetadata>(['-L', '-J', '-b', emulator.source.bootstrap]);
    assertMetadataMatches(md, emulator.source);
  });

  it('kcat -L -J sees a node go down and a topic appear', async () => {
    const [, second] = emulator.destination.nodes;
    assert.ok(second);
    emulator.destination.cluster.createTopic('late', { partitions: 2 });
    await second.faults.down();
    try {
      const md = await kcatJson<KcatMetadata>(['-L', '-J', '-b', emulator.destination.nodes[0]?.address ?? '']);
      assertMetadataMatches(md, emulator.destination);
      assert.ok(!md.brokers.some((b) => b.id === second.nodeId), 'a stopped node is not listed');
    } finally {
      await second.faults.up();
      emulator.destination.cluster.deleteTopic('late');
    }
  });

  it('kcat -L (text) exits 0 and names every broker and topic', async () => {
    const result = await runTool('kcat', ['-L', '-b', emulator.destination.bootstrap]);
    assert.equal(result.code, 0, describeRun('kcat -L', result));
    const brokers = expectedBrokers(emulator.destination);
    assert.match(result.stdout, new RegExp(`\\b${brokers.length} brokers:`));
    for (const b of brokers)
      assert.match(result.stdout, new RegExp(`broker ${b.id} at ${b.host.replace(/\./g, '\\.')}:${b.port}`));
    for (const [name, partitions] of expectedTopics(emulator.destination)) {
      assert.match(result.stdout, new RegExp(`topic "${name}" with ${partitions.length} partitions`));
    }
  });

  it('kcat -Q reads the end offsets (timestamp -1) the engine holds', async () => {
    const source = emulator.source.cluster;
    const wanted = [...source.topics.values()].flatMap((t) =>
      t.partitions.map((p) => ({ topic: t.name, partition: p.index })),
    );
    const offsets = await kcatJson<KcatOffsets>([
      '-Q',
      '-J',
      '-b',
      emulator.source.bootstrap,
      ...wanted.flatMap((w) => ['-t', `${w.topic}:${w.partition}:-1`]),
    ]);
    for (const w of wanted) {
      const entry = offsets[w.topic]?.[String(w.partition)];
      assert.ok(
        entry && typeof entry === 'object',
        `no answer for ${w.topic}:${w.partition} in ${JSON.stringify(offsets)}`,
      );
      assert.equal(entry.error, undefined, `${w.topic}:${w.partition}: ${String(entry.error)}`);
      assert.equal(BigInt(entry.offset), source.endOffset(w.topic, w.partition), `${w.topic}:${w.partition}`);
    }
    // The fixture makes partitions differ, so a mix-up of partitions would show.
    assert.notEqual(source.endOffset('clicks', 1), source.endOffset('clicks', 0));
  });

  it('kcat -Q follows records appended after the first read', async () => {
    emulator.source.cluster.appendRecords('views', 8);
    const offsets = await kcatJson<KcatOffsets>(['-Q', '-J', '-b', emulator.source.bootstrap, '-t', 'views:0:-1']);
    const entry = offsets.views?.['0'];
    assert.ok(entry && typeof entry === 'object');
    assert.equal(BigInt(entry.offset), emulator.source.cluster.endOffset('views', 0));
  });

  it('kcat -Q with timestamp -2 reads the log start, 0 while retention has deleted nothing', async () => {
    const offsets = await kcatJson<KcatOffsets>(['-Q', '-J', '-b', emulator.source.bootstrap, '-t', 'clicks:1:-2']);
    const entry = offsets.clicks?.['1'];
    assert.ok(entry && typeof entry === 'object');
    assert.equal(entry.offset, 0);
  });

  it('kcat -Q gets UNKNOWN_TOPIC_OR_PARTITION from the broker for a topic it does not have', async () => {
    // With a known topic in the same query librdkafka sends the request and shows the broker's code.
    const offsets = await kcatJson<KcatOffsets>([
      '-Q',
      '-J',
      '-b',
      emulator.source.bootstrap,
      '-t',
      'views:0:-1',
      '-t',
      'no-such-topic:0:-1',
    ]);
    const entry = offsets['no-such-topic']?.['0'];
    assert.ok(entry && typeof entry === 'object', JSON.stringify(offsets));
    assert.match(entry.error ?? '', /^Broker: Unknown topic or partition/);
  });
});

describeWithTool(kcat, 'kcat against the emulator with SASL required', () => {
  let emulator: EmulatedClusters;
  const users = { 'kcat-user': 'kcat-secret' };
  const sasl = (mechanism: string, username: string, password: string): string[] => [
    '-X',
    'security.protocol=SASL_PLAINTEXT',
    '-X',
    `sasl.mechanisms=${mechanism}`,
    '-X',
    `sasl.username=${username}`,
    '-X',
    `sasl.password=${password}`,
  ];

  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'clients-kcat-sasl', sasl: { users } });
    emulator.source.cluster.createTopic('secured', { partitions: 2 });
  });

  after(async () => {
    await emulator.close();
  });

  it('SASL/PLAIN with the right password lists metadata', async () => {
    const md = await kcatJson<KcatMetadata>([
      '-L',
      '-J',
      '-b',
      emulator.source.bootstrap,
      ...sasl('PLAIN', 'kcat-user', 'kcat-secret'),
    ]);
    assertMetadataMatches(md, emulator.source);
  });

  it('SASL/PLAIN with a wrong password fails with the broker’s authentication error', async () => {
    const result = await runTool('kcat', [
      '-L',
      '-m',
      '3',
      '-b',
      emulator.source.bootstrap,
      ...sasl('PLAIN', 'kcat-user', 'not-the-password'),
    ]);
    assert.notEqual(result.code, 0, describeRun('kcat with a wrong password', result));
    assert.equal(result.timedOut, false, describeRun('kcat with a wrong password', result));
    assert.match(result.stderr, /SASL authentication error: Authentication failed: Invalid username or password/);
  });

  it('no SASL at all fails (the listener requires it)', async () => {
    const result = await runTool('kcat', ['-L', '-m', '3', '-b', emulator.source.bootstrap]);
    assert.notEqual(result.code, 0, describeRun('kcat without SASL', result));
    assert.equal(result.timedOut, false);
  });
});

describeWithTool(kcat, 'kcat against the emulator over TLS', () => {
  let emulator: EmulatedClusters;
  let caPath: string;

  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'clients-kcat-tls', tls: true });
    emulator.source.cluster.createTopic('encrypted', { partitions: 3 });
    const tls = emulator.security.tls;
    assert.ok(tls, 'the emulator exposes its CA');
    caPath = tls.caPath;
  });

  after(async () => {
    await emulator.close();
  });

  it('security.protocol=SSL with the emulator’s CA lists metadata', async () => {
    const md = await kcatJson<KcatMetadata>([
      '-L',
      '-J',
      '-b',
      emulator.source.bootstrap,
      '-X',
      'security.protocol=SSL',
      '-X',
      `ssl.ca.location=${caPath}`,
    ]);
    assertMetadataMatches(md, emulator.source);
  });

  it('the certificate also verifies for the name localhost', async () => {
    const port = emulator.source.nodes[0]?.port;
    const result = await runTool('kcat', [
      '-L',
      '-b',
      `localhost:${String(port)}`,
      '-X',
      'security.protocol=SSL',
      '-X',
      `ssl.ca.location=${caPath}`,
    ]);
    assert.equal(result.code, 0, describeRun('kcat to localhost', result));
    assert.match(result.stdout, /topic "encrypted" with 3 partitions/);
  });

  it('without the CA the handshake fails certificate verification', async () => {
    const result = await runTool('kcat', [
      '-L',
      '-m',
      '3',
      '-b',
      emulator.source.bootstrap,
      '-X',
      'security.protocol=SSL',
    ]);
    assert.notEqual(result.code, 0, describeRun('kcat without the CA', result));
    assert.equal(result.timedOut, false);
    assert.match(result.stderr, /certificate verify failed/);
  });
});
