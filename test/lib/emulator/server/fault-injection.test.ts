import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../../src/lib/emulator/state/clock.js';
import { decodeResponseFrame } from '../../../../src/lib/kafka/frames.js';
import {
  ApiVersions,
  CreateClusterMirror,
  CreateTopics,
  DescribeCluster,
  DescribeClusterMirrors,
  ListClusterMirrors,
  Metadata,
  StartMirrorTopics,
} from '../../../../src/lib/kafka/messages/index.js';
import { useEmulator } from './emulator-fixture.js';
import { RawClient } from './raw-client.js';

describe('fault injection', () => {
  const clock = new ManualClock(0);
  const fx = useEmulator({ clock, demoTopics: true, seed: 'faults', timing: { logTruncationMs: 100 } });
  const node = (i: number) => {
    const n = fx.emulator.destination.nodes[i];
    assert.ok(n);
    return n;
  };

  it('delays a response by the given time, and the responses queued behind it', async () => {
    const client = await fx.connect(node(0).address);
    const rule = node(0).faults.delay(Metadata, 200, { times: 1 });
    const started = Date.now();
    client.sendRequest(Metadata, 12, { Topics: [], AllowAutoTopicCreation: false });
    client.sendRequest(ApiVersions, 0, {});
    assert.equal(decodeResponseFrame(Metadata, 12, await client.readFrame()).correlationId, 1);
    assert.ok(Date.now() - started >= 190, 'the delayed response came too early');
    assert.equal(decodeResponseFrame(ApiVersions, 0, await client.readFrame()).correlationId, 2);
    assert.equal(rule.fired, 1);
  });

  it('drops a response but keeps serving the connection', async () => {
    const client = await fx.connect(node(0).address);
    node(0).faults.drop('Metadata');
    client.sendRequest(Metadata, 12, { Topics: [], AllowAutoTopicCreation: false });
    client.sendRequest(ApiVersions, 0, {});
    assert.equal(decodeResponseFrame(ApiVersions, 0, await client.readFrame()).correlationId, 2);
    await assert.rejects(client.readFrame(150), /no response/);
  });

  it('closes the connection in the middle of a response frame', async () => {
    const client = await fx.connect(node(1).address);
    node(1).faults.closeMidFrame(Metadata);
    client.sendRequest(Metadata, 12, { Topics: null, AllowAutoTopicCreation: false });
    await assert.rejects(client.readFrame(), /closed/);
    assert.equal(client.isClosed, true);
    assert.ok(client.partialBytes > 4, 'half a frame arrived before the close');
  });

  it('answers a retriable top-level error N times, then behaves', async () => {
    const client = await fx.connect(node(1).address);
    node(1).faults.failWith(ListClusterMirrors, 15, { times: 2 });
    assert.equal((await client.request(ListClusterMirrors, 0, {})).ErrorCode, 15);
    assert.equal((await client.request(ListClusterMirrors, 0, {})).ErrorCode, 15);
    assert.equal((await client.request(ListClusterMirrors, 0, {})).ErrorCode, 0);
  });

  it('puts the error in per-item fields when the API has no top-level error, without doing the work', async () => {
    const client = await fx.connect(node(2).address);
    node(2).faults.failWith('*', 7, { times: 2, message: 'injected' });
    const metadata = await client.request(Metadata, 9, {
      Topics: [{ Name: 'a' }, { Name: 'b' }],
      AllowAutoTopicCreation: false,
    });
    assert.deepEqual(
      metadata.Topics.map((t) => t.ErrorCode),
      [7, 7],
    );
    const created = await client.request(CreateTopics, 7, {
      Topics: [{ Name: 'never-created', NumPartitions: 1, ReplicationFactor: 1, Assignments: [], Configs: [] }],
      timeoutMs: 1000,
    });
    assert.equal(created.Topics[0]?.ErrorCode, 7);
    assert.equal(created.Topics[0]?.ErrorMessage, 'injected');
    assert.equal(fx.emulator.destination.cluster.topics.has('never-created'), false);
  });

  it('reports a throttle time per API, or for every API', async () => {
    const client = await fx.connect(node(2).address);
    node(2).faults.setThrottle(500, DescribeCluster);
    assert.equal((await client.request(DescribeCluster, 0, {})).ThrottleTimeMs, 500);
    assert.equal((await client.request(Metadata, 12, { Topics: [], AllowAutoTopicCreation: false })).ThrottleTimeMs, 0);
    node(2).faults.setThrottle(50);
    assert.equal(
      (await client.request(Metadata, 12, { Topics: [], AllowAutoTopicCreation: false })).ThrottleTimeMs,
      50,
    );
    node(2).faults.clear();
    assert.equal((await client.request(DescribeCluster, 0, {})).ThrottleTimeMs, 0);
  });

  it('brings a node back on its port although something held that port for a moment while it was down', async () => {
    const victim = node(2);
    const port = victim.port;
    await victim.faults.down();
    // What a client's outgoing connection can do to a free port: hold it briefly.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ port, host: '127.0.0.1', exclusive: true }, resolve));
    setTimeout(() => holder.close(), 300);
    await victim.faults.up();
    assert.equal(victim.faults.isUp, true);
    assert.equal(victim.port, port);
    const back = await fx.connect(victim.address);
    assert.ok((await back.request(Metadata, 12, { Topics: [], AllowAutoTopicCreation: false })).Brokers.length > 0);
  });

  it(
    'takes a node down (connections dropped, refused, leaders moved) and brings it back on the ' + 'same port',
    async () => {
      const victim = node(1);
      const survivor = await fx.connect(node(0).address);
      const connected = await fx.connect(victim.address);
      await victim.faults.down();
      assert.equal(victim.faults.isUp, false);
      assert.equal(await connected.closedWithin(1000), true);
      await assert.rejects(RawClient.connect(victim.address), /ECONNREFUSED/);

      const during = await survivor.request(Metadata, 12, { Topics: null, AllowAutoTopicCreation: false });
      assert.equal(
        during.Brokers.some((b) => b.NodeId === victim.nodeId),
        false,
      );
      for (const topic of during.Topics) for (const p of topic.Partitions) assert.notEqual(p.LeaderId, victim.nodeId);

      await victim.faults.up();
      assert.equal(victim.port, fx.emulator.destination.nodes[1]?.port);
      const back = await fx.connect(victim.address);
      const after = await back.request(Metadata, 12, { Topics: [], AllowAutoTopicCreation: false });
      assert.equal(
        after.Brokers.some((b) => b.NodeId === victim.nodeId && b.Port === victim.port),
        true,
      );
    },
  );

  it('a source with every node down makes its mirror partitions fail', async () => {
    const client = await fx.connect(node(0).address);
    await client.request(CreateClusterMirror, 0, {
      MirrorName: 'm',
      Config: [
        { Name: 'bootstrap.servers', Value: fx.emulator.source.bootstrap },
        { Name: 'mirror.source.cluster.id', Value: fx.emulator.source.clusterId },
      ],
    });
    const orders = fx.emulator.source.cluster.topics.get('orders');
    await client.request(StartMirrorTopics, 0, {
      MirrorName: 'm',
      Topics: [{ TopicId: orders?.id ?? '', TopicName: 'orders', NumPartitions: 3 }],
    });
    for (let i = 0; i < 10; i++) {
      clock.advance(100);
      fx.emulator.tick();
    }
    for (const n of fx.emulator.source.nodes) await n.faults.down();
    for (let i = 0; i < 10; i++) {
      clock.advance(100);
      fx.emulator.tick();
    }
    const states: string[] = [];
    for (const n of fx.emulator.destination.nodes) {
      const c = await fx.connect(n.address);
      const answer = await c.request(DescribeClusterMirrors, 0, { MirrorNames: ['m'] });
      for (const t of answer.Mirrors[0]?.Topics ?? []) for (const p of t.Partitions) states.push(p.StateValue);
    }
    assert.equal(states.length, 3);
    assert.deepEqual(new Set(states), new Set(['FAILED']));
    for (const n of fx.emulator.source.nodes) await n.faults.up();
  });
});
