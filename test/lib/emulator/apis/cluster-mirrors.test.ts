import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Authorizer } from '../../../../src/lib/emulator/state/acl.js';
import { deleteOnController } from '../../../../src/lib/emulator/apis/cluster-mirrors.js';
import { MIRROR_STATE_TOPIC } from '../../../../src/lib/emulator/state/mirror-coordinators.js';
import { createMirror, ctx, mirrorConfig, pair, run, startTopics } from '../state/setup.js';

describe('CreateClusterMirror (§3 CreateClusterMirror)', () => {
  it('step 1 before step 2: CREATE is checked before the feature gate (144, not 35), message ""', () => {
    const auth = new Authorizer({
      rules: [{ principal: 'User:admin', resourceType: 'CLUSTER_MIRROR', name: '*', operation: 'ALL' }],
    });
    const p = pair({ authorizer: auth, mirrorVersion: 0 });
    const res = p.destination.createClusterMirror(ctx('User:eve'), { MirrorName: 'm1', Config: mirrorConfig(p) });
    assert.deepEqual(res, { ThrottleTimeMs: 0, ErrorCode: 144, ErrorMessage: '' });
  });

  it('step 2: mirror.version < 1 gives 35 with message "" (checked by the controller, not the broker)', () => {
    const p = pair({ mirrorVersion: 0 });
    const res = p.destination.createClusterMirror(ctx(), { MirrorName: 'm1', Config: mirrorConfig(p) });
    assert.deepEqual(res, { ThrottleTimeMs: 0, ErrorCode: 35, ErrorMessage: '' });
  });

  it('step 3: missing bootstrap.servers or mirror.source.cluster.id gives 42 with message ""', () => {
    const p = pair();
    const noBootstrap = p.destination.createClusterMirror(ctx(), {
      MirrorName: 'm1',
      Config: [{ Name: 'mirror.source.cluster.id', Value: 'x' }],
    });
    assert.deepEqual([noBootstrap.ErrorCode, noBootstrap.ErrorMessage], [42, '']);
    const noId = p.destination.createClusterMirror(ctx(), {
      MirrorName: 'm1',
      Config: [{ Name: 'bootstrap.servers', Value: 'x:1' }],
    });
    assert.deepEqual([noId.ErrorCode, noId.ErrorMessage], [42, '']);
    assert.equal(p.destination.mirrors.exists('m1'), false);
  });

  it('step 4: an existing name gives 136 "Mirror \'<name>\' already exists"', () => {
    const p = pair();
    createMirror(p);
    const again = p.destination.createClusterMirror(ctx(), { MirrorName: 'm1', Config: mirrorConfig(p) });
    assert.deepEqual(again, { ThrottleTimeMs: 0, ErrorCode: 136, ErrorMessage: "Mirror 'm1' already exists" });
  });

  it('step 5: stores unknown keys and odd names as given, success has message ""', () => {
    const p = pair();
    const res = p.destination.createClusterMirror(ctx(), {
      MirrorName: 'weird name!',
      Config: mirrorConfig(p, { 'no.such.key': 'x' }),
    });
    assert.deepEqual(res, { ThrottleTimeMs: 0, ErrorCode: 0, ErrorMessage: '' });
    assert.equal(p.destination.mirrors.config('weird name!', 'no.such.key'), 'x');
  });

  it('real prototype: no configs, an empty name or a bad value answer 42 with an empty message', () => {
    const p = pair();
    const none = p.destination.createClusterMirror(ctx(), { MirrorName: 'm1', Config: [] });
    const unnamed = p.destination.createClusterMirror(ctx(), { MirrorName: '', Config: mirrorConfig(p) });
    const bad = p.destination.createClusterMirror(ctx(), {
      MirrorName: 'm1',
      Config: mirrorConfig(p, { 'request.timeout.ms': 'abc' }),
    });
    for (const res of [none, unnamed, bad])
      assert.deepEqual(res, { ThrottleTimeMs: 0, ErrorCode: 42, ErrorMessage: '' });
    assert.deepEqual(p.destination.mirrors.names(), []);
  });

  it('real prototype: an unknown key stored by Create can never be deleted (IncrementalAlterConfigs 40)', () => {
    const p = pair();
    createMirror(p, 'm1', { 'no.such.key': 'x' });
    const res = p.destination.incrementalAlterConfigs(ctx(), {
      Resources: [
        { ResourceType: 64, ResourceName: 'm1', Configs: [{ Name: 'no.such.key', ConfigOperation: 1, Value: null }] },
      ],
      ValidateOnly: false,
    });
    assert.equal(res.Responses[0]?.ErrorCode, 40);
    assert.equal(res.Responses[0]?.ErrorMessage, 'Unknown mirror configuration: no.such.key');
    assert.equal(p.destination.mirrors.config('m1', 'no.such.key'), 'x');
  });

  it('real prototype: IncrementalAlterConfigs on a mirror that does not exist succeeds and creates it', () => {
    const p = pair();
    const res = p.destination.incrementalAlterConfigs(ctx(), {
      Resources: [
        {
          ResourceType: 64,
          ResourceName: 'ghost',
          Configs: [{ Name: 'bootstrap.servers', ConfigOperation: 0, Value: 'x:9092' }],
        },
      ],
      ValidateOnly: false,
    });
    assert.equal(res.Responses[0]?.ErrorCode, 0);
    assert.equal(p.destination.mirrors.exists('ghost'), true);
    const listed = p.destination.listClusterMirrors(ctx(), { IncludeTopicNames: false });
    assert.deepEqual(
      listed.Mirrors.map((m) => m.MirrorName),
      ['ghost'],
    );
  });

  it('step 6: creates __mirror_state (compacted, 50 partitions) the first time', () => {
    const p = pair();
    createMirror(p);
    const topic = p.destination.topics.get(MIRROR_STATE_TOPIC);
    assert.ok(topic);
    assert.equal(topic.partitions.length, 50);
    assert.equal(topic.internal, true);
    assert.equal(topic.configs.get('cleanup.policy'), 'compact');
  });

  it('step 6: RF above the live nodes gives 38 after the mirror was committed; a retry gets 136', () => {
    const p = pair({ nodeCount: 1, brokerConfigs: { 'mirror.state.topic.replication.factor': '3' } });
    const res = p.destination.createClusterMirror(ctx(), { MirrorName: 'm1', Config: mirrorConfig(p) });
    assert.deepEqual(res, { ThrottleTimeMs: 0, ErrorCode: 38, ErrorMessage: '' });
    assert.equal(p.destination.mirrors.exists('m1'), true);
    assert.equal(
      p.destination.createClusterMirror(ctx(), { MirrorName: 'm1', Config: mirrorConfig(p) }).ErrorCode,
      136,
    );
  });

  it('step 6: a principal that may not create __mirror_state gets 29 (mirror still committed)', () => {
    const auth = new Authorizer({
      rules: [{ principal: 'User:bob', resourceType: 'CLUSTER_MIRROR', name: 'm1', operation: 'CREATE' }],
    });
    const p = pair({ authorizer: auth });
    const res = p.destination.createClusterMirror(ctx('User:bob'), { MirrorName: 'm1', Config: mirrorConfig(p) });
    assert.equal(res.ErrorCode, 29);
    assert.equal(p.destination.mirrors.exists('m1'), true);
  });
});

describe('DeleteClusterMirror (§3 DeleteClusterMirror)', () => {
  it('step 1: feature disabled gives 35 with the schema default message ""', () => {
    const p = pair({ mirrorVersion: 0 });
    assert.deepEqual(p.destination.deleteClusterMirror(ctx(), { MirrorName: 'm1' }), {
      ThrottleTimeMs: 0,
      ErrorCode: 35,
      ErrorMessage: '',
    });
  });

  it('step 1: the broker checks DELETE and answers 144 with "Cluster mirror authorization failed."', () => {
    const auth = new Authorizer({
      rules: [{ principal: 'User:bob', resourceType: 'CLUSTER_MIRROR', name: 'm1', operation: 'ALTER' }],
    });
    const p = pair({ authorizer: auth });
    const res = p.destination.deleteClusterMirror(ctx('User:bob'), { MirrorName: 'm1' });
    assert.deepEqual(res, { ThrottleTimeMs: 0, ErrorCode: 144, ErrorMessage: 'Cluster mirror authorization failed.' });
  });

  it('step 3: the controller checks ALTER, so DELETE alone is not enough (144, message "")', () => {
    const auth = new Authorizer({
      rules: [{ principal: 'User:bob', resourceType: 'CLUSTER_MIRROR', name: 'm1', operation: 'DELETE' }],
    });
    const p = pair({ authorizer: auth });
    assert.deepEqual(p.destination.deleteClusterMirror(ctx('User:bob'), { MirrorName: 'm1' }), {
      ThrottleTimeMs: 0,
      ErrorCode: 144,
      ErrorMessage: '',
    });
  });

  it('step 3: sent straight to a controller gives 42', () => {
    const p = pair();
    createMirror(p);
    assert.equal(p.destination.deleteClusterMirror(ctx('User:admin', 1, true), { MirrorName: 'm1' }).ErrorCode, 42);
  });

  it('step 4: an unknown mirror gives 137 "Mirror \'<name>\' not found"', () => {
    const p = pair();
    assert.deepEqual(p.destination.deleteClusterMirror(ctx(), { MirrorName: 'nope' }), {
      ThrottleTimeMs: 0,
      ErrorCode: 137,
      ErrorMessage: "Mirror 'nope' not found",
    });
  });

  it('step 2: a topic not STOPPED (desired and partitions) gives 145 for the whole request', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 2 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    const res = p.destination.deleteClusterMirror(ctx(), { MirrorName: 'm1' });
    assert.deepEqual(res, {
      ThrottleTimeMs: 0,
      ErrorCode: 145,
      ErrorMessage: 'Cluster mirror partition states are not in the expected states.',
    });
  });

  it('step 5: the controller refuses a mirror with a MIRRORING or PAUSED topic with 143 naming it', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    // The broker's 145 pre-empts 143, so the controller half is called on its own here.
    const res = deleteOnController(p.destination, ctx(), { MirrorName: 'm1' });
    assert.deepEqual(res, {
      ThrottleTimeMs: 0,
      ErrorCode: 143,
      ErrorMessage: "Mirror 'm1' still has active or paused topic 'orders'",
    });
  });

  it('step 6: after stop, delete detaches the topics and drops every config; List is empty', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 2 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 1000);
    assert.deepEqual(p.destination.deleteClusterMirror(ctx(), { MirrorName: 'm1' }), {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: '',
    });
    assert.equal(p.destination.mirrors.exists('m1'), false);
    assert.equal(p.destination.topics.get('orders')?.mirror, null);
    assert.deepEqual(p.destination.listClusterMirrors(ctx(), {}).Mirrors, []);
  });

  it("real prototype (§18): the deleted mirror's STOPPED topics refuse writes until the brokers restart", () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 10n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 1000);
    assert.deepEqual(p.destination.produce('orders', 0, 5), { baseOffset: 11n, nextOffset: 16n });
    assert.equal(p.destination.deleteClusterMirror(ctx(), { MirrorName: 'm1' }).ErrorCode, 0);
    assert.throws(() => p.destination.produce('orders', 0, 1), /READ_ONLY_TOPIC.*deleted mirror/);
    run(p, 60_000, 1000);
    assert.throws(() => p.destination.produce('orders', 0, 1), /READ_ONLY_TOPIC/, 'time alone does not lift it');
    p.destination.restartBrokers();
    assert.deepEqual(p.destination.produce('orders', 0, 2), { baseOffset: 16n, nextOffset: 18n });
  });
});

describe('ListClusterMirrors (§3 ListClusterMirrors)', () => {
  it('feature gate: 35, ErrorMessage null, no mirrors', () => {
    const p = pair({ mirrorVersion: 0 });
    assert.deepEqual(p.destination.listClusterMirrors(ctx(), {}), {
      ThrottleTimeMs: 0,
      ErrorCode: 35,
      ErrorMessage: null,
      Mirrors: [],
    });
  });

  it('TopicCount counts desired MIRRORING only; TopicNames has MIRRORING and PAUSED, not STOPPED', () => {
    const p = pair();
    for (const t of ['a', 'b', 'c']) p.source.createTopic(t, { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['a', 'b', 'c']);
    run(p, 1000);
    p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'b' }] });
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'c' }] });
    const [listed] = p.destination.listClusterMirrors(ctx(), { IncludeTopicNames: true }).Mirrors;
    assert.deepEqual(listed, {
      MirrorName: 'm1',
      SourceBootstrap: 'source:9092',
      SourceClusterId: p.source.clusterId,
      TopicCount: 1,
      TopicNames: ['a', 'b'],
    });
    const [withoutNames] = p.destination.listClusterMirrors(ctx(), {}).Mirrors;
    assert.deepEqual(withoutNames?.TopicNames, []);
  });

  it('mirrors the principal may not DESCRIBE are left out silently', () => {
    const auth = new Authorizer({
      rules: [
        { principal: 'User:admin', resourceType: 'CLUSTER_MIRROR', name: '*', operation: 'ALL' },
        { principal: 'User:admin', resourceType: 'CLUSTER', name: '*', operation: 'ALL' },
        { principal: 'User:bob', resourceType: 'CLUSTER_MIRROR', name: 'm2', operation: 'ALTER' },
      ],
    });
    const p = pair({ authorizer: auth });
    createMirror(p, 'm1');
    createMirror(p, 'm2');
    const res = p.destination.listClusterMirrors(ctx('User:bob'), {});
    // ALTER implies DESCRIBE, as in Kafka's authorizer.
    assert.deepEqual(
      res.Mirrors.map((m) => m.MirrorName),
      ['m2'],
    );
    assert.equal(res.ErrorMessage, null);
  });
});
