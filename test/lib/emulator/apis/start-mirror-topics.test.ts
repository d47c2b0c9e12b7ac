import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Authorizer } from '../../../../src/lib/emulator/state/acl.js';
import { startOnController } from '../../../../src/lib/emulator/apis/start-mirror-topics.js';
import { ZERO_UUID } from '../../../../src/lib/kafka/wire/uuid.js';
import { createMirror, ctx, pair, run, SOURCE_ADDRESS, startTopics, states } from '../state/setup.js';

function topic(
  name: string,
  numPartitions = 1,
  id = ZERO_UUID,
): { TopicId: string; TopicName: string; NumPartitions: number } {
  return { TopicId: id, TopicName: name, NumPartitions: numPartitions };
}

describe('StartMirrorTopics (§3 StartMirrorTopics)', () => {
  it('feature gate: 35 on the broker, ErrorMessage null, Topics empty', () => {
    const p = pair({ mirrorVersion: 0 });
    assert.deepEqual(p.destination.startMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [topic('a')] }), {
      ThrottleTimeMs: 0,
      ErrorCode: 35,
      ErrorMessage: null,
      Topics: [],
    });
  });

  it('step 2: a listed topic already MIRRORING fails the whole request with 145 before any per-topic code', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 2 });
    p.source.createTopic('payments', { partitions: 2 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    const payments = p.source.topics.get('payments');
    assert.ok(payments);
    const res = p.destination.startMirrorTopics(ctx(), {
      MirrorName: 'm1',
      Topics: [topic('orders', 2), topic('payments', 2, payments.id)],
    });
    assert.deepEqual(res, {
      ThrottleTimeMs: 0,
      ErrorCode: 145,
      ErrorMessage: 'Cluster mirror partition states are not in the expected states.',
      Topics: [],
    });
    assert.equal(p.destination.topics.has('payments'), false, 'nothing of the request was applied');
  });

  it(
    'step 3: controller order ALTER (144), then feature, then forwarded (42), then ALTER_CONFIGS per ' + 'topic (29)',
    () => {
      const auth = new Authorizer({
        rules: [
          { principal: 'User:ops', resourceType: 'CLUSTER_MIRROR', name: 'm1', operation: 'ALTER' },
          { principal: 'User:ops', resourceType: 'TOPIC', name: 'a', operation: 'ALTER_CONFIGS' },
        ],
      });
      const p = pair({ authorizer: auth });
      // The mirror must exist, or the broker answers 145 first; User:ops may not create it.
      p.destination.mirrors.setConfig('m1', 'bootstrap.servers', SOURCE_ADDRESS);
      const eve = p.destination.startMirrorTopics(ctx('User:eve', 1, true), { MirrorName: 'm1', Topics: [topic('a')] });
      assert.equal(eve.ErrorCode, 144, '144 comes before the 42 of a direct controller request');
      assert.equal(
        p.destination.startMirrorTopics(ctx('User:ops', 1, true), { MirrorName: 'm1', Topics: [topic('a')] }).ErrorCode,
        42,
      );
      const denied = p.destination.startMirrorTopics(ctx('User:ops'), {
        MirrorName: 'm1',
        Topics: [topic('a'), topic('b')],
      });
      assert.deepEqual(denied, { ThrottleTimeMs: 0, ErrorCode: 29, ErrorMessage: null, Topics: [] });
    },
  );

  it('step 5: names and IncludePatterns join include, ExcludePatterns join exclude; both keys written back', () => {
    const p = pair();
    p.source.createTopic('orders-us', { partitions: 1 });
    createMirror(p, 'm1', { 'mirror.topics.exclude': 'orders-us,tmp-.*' });
    const res = p.destination.startMirrorTopics(ctx(), {
      MirrorName: 'm1',
      Topics: [topic('orders-us')],
      IncludePatterns: ['orders-.*', 'tmp-.*'],
      ExcludePatterns: ['orders-internal'],
    });
    assert.equal(res.ErrorCode, 0);
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.include'), 'orders-us,orders-.*,tmp-.*');
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.exclude'), 'orders-internal');
  });

  it('step 5: the exclude default __.* is replaced by an explicit "" after a start', () => {
    const p = pair();
    createMirror(p);
    p.destination.startMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [topic('x', 0)] });
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.exclude'), '');
  });

  it('step 5: a listed topic matching the exclude set gives top-level 42 and nothing is written', () => {
    const p = pair();
    createMirror(p);
    const res = p.destination.startMirrorTopics(ctx(), {
      MirrorName: 'm1',
      Topics: [topic('orders-internal', 1)],
      ExcludePatterns: ['orders-.*'],
    });
    assert.deepEqual(res, { ThrottleTimeMs: 0, ErrorCode: 42, ErrorMessage: null, Topics: [] });
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.include'), undefined);
    assert.equal(p.destination.topics.has('orders-internal'), false);
  });

  it('step 5: existing topics of the mirror that the new exclude list matches are switched to STOPPED', () => {
    const p = pair();
    p.source.createTopic('orders-eu', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['orders-eu']);
    run(p, 1000);
    p.destination.startMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [], ExcludePatterns: ['orders-eu'] });
    assert.equal(p.destination.topics.get('orders-eu')?.mirror?.desired, 'STOPPED');
  });

  it('step 6: NumPartitions <= 0 for an absent topic: OK and nothing created (discovery picks it up later)', () => {
    const p = pair();
    p.source.createTopic('later', { partitions: 3 });
    createMirror(p);
    const res = p.destination.startMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [topic('later', 0)] });
    assert.deepEqual(res.Topics, [{ Name: 'later', ErrorCode: 0, ErrorMessage: null }]);
    assert.equal(p.destination.topics.has('later'), false);
    run(p, 2100);
    const created = p.destination.topics.get('later');
    assert.equal(created?.id, p.source.topics.get('later')?.id);
    assert.equal(created?.partitions.length, 3);
  });

  it('step 6: an absent topic is created with the source topic id and partition count', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 4 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    const dst = p.destination.topics.get('orders');
    assert.equal(dst?.id, p.source.topics.get('orders')?.id);
    assert.equal(dst?.partitions.length, 4);
    assert.deepEqual(dst?.mirror && { name: dst.mirror.name, desired: dst.mirror.desired }, {
      name: 'm1',
      desired: 'MIRRORING',
    });
  });

  it('step 6: RF above the live nodes gives 38 for that topic, copied to the top level', () => {
    const p = pair({ nodeCount: 2, brokerConfigs: { 'default.replication.factor': '2' } });
    createMirror(p);
    p.destination.setNodeUp(2, false);
    const res = p.destination.startMirrorTopics(ctx(), {
      MirrorName: 'm1',
      Topics: [topic('orders', 3, p.source.random.uuid())],
    });
    assert.deepEqual([res.ErrorCode, res.Topics[0]?.ErrorCode], [38, 38]);
  });

  it('step 6: 103 when the id differs from the existing topic, 36 when the id belongs to another name', () => {
    const p = pair();
    const other = p.destination.createTopic('other', { partitions: 1 });
    p.destination.createTopic('plain', { partitions: 1 });
    createMirror(p);
    const res = p.destination.startMirrorTopics(ctx(), {
      MirrorName: 'm1',
      Topics: [topic('plain', 1, p.source.random.uuid()), topic('fresh', 1, other.id)],
    });
    assert.equal(res.Topics[0]?.ErrorCode, 103);
    assert.match(
      res.Topics[0]?.ErrorMessage ?? '',
      /^Topic id \S+ in the request doesn't match the existing topic id \S+ for topic plain$/,
    );
    assert.equal(res.Topics[1]?.ErrorCode, 36);
    assert.equal(
      res.Topics[1]?.ErrorMessage,
      `Topic id ${other.id} with topic name fresh in the request is already used by topic name other`,
    );
    // step 7: the first per-topic error is copied to the top level.
    assert.deepEqual([res.ErrorCode, res.ErrorMessage], [103, res.Topics[0]?.ErrorMessage]);
  });

  it('step 6: a topic active in another mirror gives 138 naming it (controller half; the broker says 145)', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p, 'm1');
    createMirror(p, 'm2');
    startTopics(p, 'm1', ['orders']);
    const viaBroker = p.destination.startMirrorTopics(ctx(), { MirrorName: 'm2', Topics: [topic('orders', 1)] });
    assert.equal(viaBroker.ErrorCode, 145);
    const res = startOnController(p.destination, ctx(), { MirrorName: 'm2', Topics: [topic('orders', 1)] });
    assert.deepEqual(res.Topics, [
      { Name: 'orders', ErrorCode: 138, ErrorMessage: "Topic 'orders' is already in mirror 'm1' in MIRRORING state" },
    ]);
  });

  it('step 6: already MIRRORING in this mirror is OK; another non-STOPPED state gives 146', () => {
    const p = pair();
    p.source.createTopic('a', { partitions: 1 });
    p.source.createTopic('b', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['a', 'b']);
    run(p, 1000);
    p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'b' }] });
    const res = startOnController(p.destination, ctx(), { MirrorName: 'm1', Topics: [topic('a', 1), topic('b', 1)] });
    assert.deepEqual(res.Topics, [
      { Name: 'a', ErrorCode: 0, ErrorMessage: null },
      { Name: 'b', ErrorCode: 146, ErrorMessage: "Topic 'b' is in PAUSED state" },
    ]);
  });

  it('step 7: partial success — a failing topic does not stop the others being started', () => {
    const p = pair();
    p.source.createTopic('good', { partitions: 2 });
    const clash = p.destination.createTopic('clash', { partitions: 1 });
    createMirror(p);
    const good = p.source.topics.get('good');
    assert.ok(good);
    const res = p.destination.startMirrorTopics(ctx(), {
      MirrorName: 'm1',
      Topics: [topic('elsewhere', 1, clash.id), topic('good', 2, good.id)],
    });
    assert.equal(res.ErrorCode, 36);
    assert.deepEqual(
      res.Topics.map((t) => [t.Name, t.ErrorCode]),
      [
        ['elsewhere', 36],
        ['good', 0],
      ],
    );
    run(p, 1000);
    assert.deepEqual(states(p.destination, 'good'), ['MIRRORING', 'MIRRORING']);
  });

  it('restarting a STOPPED topic is allowed and goes back through LOG_TRUNCATION to MIRRORING', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 10n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 1000);
    assert.deepEqual(states(p.destination, 'orders'), ['STOPPED']);
    startTopics(p, 'm1', ['orders']);
    run(p, 100);
    assert.deepEqual(states(p.destination, 'orders'), ['LOG_TRUNCATION']);
    run(p, 1000);
    assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING']);
  });
});
