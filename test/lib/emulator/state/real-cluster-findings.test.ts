// What the prototype did on a running cluster (PROTOCOL.md §18, issue 31 item 6), held against the
// engine: one named test per behaviour.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errors } from '../../../../src/lib/kafka/error-codes.js';
import { lastStableOffset } from '../../../../src/lib/emulator/state/transactions.js';
import { Authorizer } from '../../../../src/lib/emulator/state/acl.js';
import { mirrorCoordinatorOf } from '../../../../src/lib/emulator/state/mirror-coordinators.js';
import { stopOnController } from '../../../../src/lib/emulator/apis/stop-pause-resume.js';
import { createMirror, ctx, describeAll, pair, run, startTopics, states } from './setup.js';

const topics = (...names: string[]): { TopicName: string }[] => names.map((TopicName) => ({ TopicName }));

describe('emulator: what the prototype did on a running cluster', () => {
  it('open transaction: LSO below HW on the source, copied, and aborted at the stop (end = source end + 2)', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 2, initialOffset: 100n });
    p.source.beginTransaction('orders', 0);
    p.source.appendRecords('orders', 7, 0);
    const sp = p.source.topics.get('orders')?.partitions[0];
    assert.ok(sp);
    assert.equal(p.source.endOffset('orders', 0), 107n);
    assert.equal(lastStableOffset(sp, 107n), 100n, 'read_committed stops at the open transaction');
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 3000);
    assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING', 'MIRRORING']);
    const dp = p.destination.topics.get('orders')?.partitions[0];
    assert.deepEqual(dp?.openTransaction, { firstOffset: 100n }, 'the copy holds the open transaction');
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('orders') });
    run(p, 2000);
    assert.deepEqual(states(p.destination, 'orders'), ['STOPPED', 'STOPPED']);
    // PID reset + abort marker where the transaction was open; the PID reset alone elsewhere.
    assert.equal(p.destination.endOffset('orders', 0), 109n);
    assert.equal(p.destination.endOffset('orders', 1), 101n);
    assert.equal(dp?.openTransaction, null);
  });

  it('a committed transaction is not aborted: the commit marker is copied, the stop adds the PID reset only', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 10n });
    p.source.beginTransaction('orders', 0);
    p.source.appendRecords('orders', 3, 0);
    p.source.endTransaction('orders', 0);
    assert.equal(p.source.endOffset('orders', 0), 14n, 'three records and the commit marker');
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 3000);
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('orders') });
    run(p, 2000);
    assert.equal(p.destination.endOffset('orders', 0), 15n);
  });

  it('a second PauseMirrorTopics ~150 ms after the first finds the topic PAUSED (no visible PAUSING)', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 3000);
    const first = p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('orders') });
    assert.equal(first.ErrorCode, 0);
    run(p, 150, 50);
    assert.deepEqual(states(p.destination, 'orders'), ['PAUSED']);
    // PAUSED partitions fail the broker's pre-validation, as for any paused topic.
    const second = p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('orders') });
    assert.equal(second.ErrorCode, errors.INVALID_CLUSTER_MIRROR_STATES.code);
  });

  it('StartMirrorTopics by name stores the names in mirror.topics.include and empties mirror.topics.exclude', () => {
    const p = pair();
    p.source.createTopic('payments', { partitions: 1 });
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['payments', 'orders']);
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.include'), 'payments,orders');
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.exclude'), '');
  });

  it('StopMirrorTopics with Topics and Patterns: named PAUSED topic refused, pattern stored and applied', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 3000);
    p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('orders') });
    run(p, 1000);
    assert.deepEqual(states(p.destination, 'orders'), ['PAUSED']);
    // The controller's half: the broker's pre-validation would refuse the PAUSED topic with 145 first.
    const stop = stopOnController(p.destination, ctx(), {
      MirrorName: 'm1',
      Topics: topics('orders'),
      Patterns: ['ord.*'],
    });
    assert.deepEqual(
      stop.Topics.map((t) => [t.Name, t.ErrorCode]),
      [['orders', errors.MIRROR_TOPIC_ALREADY_PAUSED.code]],
    );
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.exclude'), 'ord.*');
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.include'), 'orders', 'the name stays included');
    run(p, 2000);
    assert.deepEqual(states(p.destination, 'orders'), ['STOPPED'], 'the stored pattern stops it');
  });

  it('pause and stop need ALTER_CONFIGS on every listed topic besides ALTER on the mirror', () => {
    const authorizer = new Authorizer({
      rules: [
        { principal: 'User:op', resourceType: 'CLUSTER_MIRROR', name: '*', operation: 'ALL' },
        { principal: 'User:op', resourceType: 'TOPIC', name: 'orders', operation: 'ALTER_CONFIGS' },
      ],
      superUsers: ['User:admin'],
    });
    const p = pair({ authorizer });
    p.source.createTopic('orders', { partitions: 1 });
    p.source.createTopic('payments', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['orders', 'payments']);
    run(p, 3000);
    const denied = p.destination.pauseMirrorTopics(ctx('User:op'), { MirrorName: 'm1', Topics: topics('payments') });
    assert.equal(denied.ErrorCode, errors.TOPIC_AUTHORIZATION_FAILED.code);
    const stopDenied = p.destination.stopMirrorTopics(ctx('User:op'), { MirrorName: 'm1', Topics: topics('payments') });
    assert.equal(stopDenied.ErrorCode, errors.TOPIC_AUTHORIZATION_FAILED.code);
    const allowed = p.destination.pauseMirrorTopics(ctx('User:op'), { MirrorName: 'm1', Topics: topics('orders') });
    assert.equal(allowed.ErrorCode, 0);
  });

  it('a stopped destination node: its partitions lose their leader and no live node reports them', () => {
    const p = pair({ nodeCount: 3, brokerConfigs: { 'default.replication.factor': '1' } });
    p.source.createTopic('orders', { partitions: 3 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 3000);
    const partitions = p.destination.topics.get('orders')?.partitions ?? [];
    const led = partitions.filter((x) => x.leader === 2).map((x) => x.index);
    assert.ok(led.length > 0);
    p.destination.setNodeUp(2, false);
    assert.deepEqual(
      partitions.filter((x) => x.leader === -1).map((x) => x.index),
      led,
    );
    const reported = describeAll(p.destination).map((r) => r.PartitionIndex);
    assert.deepEqual(
      reported,
      partitions.map((x) => x.index).filter((i) => !led.includes(i)),
    );
  });

  it('group offset sync copies only partitions with a replica on the syncing broker (replication factor 1)', () => {
    const p = pair({
      nodeCount: 3,
      brokerConfigs: { 'default.replication.factor': '1', 'mirror.metadata.refresh.interval.ms': '1000' },
    });
    p.source.createTopic('orders', { partitions: 6, initialOffset: 100n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 2000);
    for (let partition = 0; partition < 6; partition++)
      p.source.groups.commit('app', 'orders', partition, {
        offset: 50n,
        leaderEpoch: 0,
        metadata: null,
        committedAt: 0,
      });
    run(p, 3000);
    const syncing = mirrorCoordinatorOf(p.destination, 'm1');
    const partitions = p.destination.topics.get('orders')?.partitions ?? [];
    const onSyncing = partitions.filter((x) => x.replicas.includes(syncing)).map((x) => x.index);
    assert.ok(onSyncing.length > 0 && onSyncing.length < 6, 'some partitions, not all, live on the syncing broker');
    const copied = partitions.filter((x) => p.destination.groups.offset('app', 'orders', x.index)).map((x) => x.index);
    assert.deepEqual(copied, onSyncing);
  });
});
