import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMirror, ctx, pair, rowsOf, run, startTopics, states, type Pair } from './setup.js';

/** Runs in 50 ms steps and returns the lowest end offset the destination's `orders`-0 had meanwhile. */
function lowestEndWhileRunning(p: Pair, totalMs: number): bigint {
  let lowest = p.destination.endOffset('orders', 0);
  for (let t = 0; t < totalMs; t += 50) {
    run(p, 50, 50);
    const end = p.destination.endOffset('orders', 0);
    if (end < lowest) lowest = end;
  }
  return lowest;
}

describe('mirroring engine (§10 lifecycle)', () => {
  it('start → LOG_TRUNCATION → MIRRORING, lag falls to 0 while the source keeps growing', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 3, initialOffset: 1000n, growthPerSec: 10 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    assert.deepEqual(
      states(p.destination, 'orders'),
      ['UNKNOWN', 'UNKNOWN', 'UNKNOWN'],
      'no cached state before the engine runs',
    );
    run(p, 100);
    const truncating = rowsOf(p.destination, 'orders');
    assert.deepEqual(
      truncating.map((r) => r.StateValue),
      ['LOG_TRUNCATION', 'LOG_TRUNCATION', 'LOG_TRUNCATION'],
    );
    assert.deepEqual(
      truncating.map((r) => [r.SourceOffset, r.DestinationOffset, r.Lag]),
      [
        [-1n, -1n, -1n],
        [-1n, -1n, -1n],
        [-1n, -1n, -1n],
      ],
      'offsets only while MIRRORING',
    );
    run(p, 500);
    const started = rowsOf(p.destination, 'orders');
    assert.ok(
      started.every((r) => r.StateValue === 'MIRRORING' && r.Lag > 0n),
      'lag is visible right after truncation',
    );
    run(p, 1000);
    for (const r of rowsOf(p.destination, 'orders')) {
      assert.equal(r.StateValue, 'MIRRORING');
      assert.equal(r.Lag, 0n);
      assert.equal(r.SourceOffset, p.source.endOffset('orders', r.PartitionIndex));
      assert.equal(r.DestinationOffset, r.SourceOffset);
    }
  });

  it('pause: MIRRORING → PAUSING → PAUSED; resume: PAUSED → MIRRORING and catches up', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 50n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 50);
    assert.deepEqual(states(p.destination, 'orders'), ['PAUSING']);
    run(p, 250);
    const [paused] = rowsOf(p.destination, 'orders');
    assert.deepEqual([paused?.StateValue, paused?.Lag], ['PAUSED', -1n]);
    p.source.appendRecords('orders', 25);
    run(p, 1000);
    assert.equal(p.destination.endOffset('orders', 0), 50n, 'a paused topic does not fetch');
    p.destination.resumeMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 100);
    const [resumed] = rowsOf(p.destination, 'orders');
    assert.deepEqual(
      [resumed?.StateValue, resumed?.SourceOffset, resumed?.DestinationOffset, resumed?.Lag],
      ['MIRRORING', 75n, 75n, 0n],
    );
  });

  it('stop: → STOPPING → STOPPED with destination end = source end + 1 (PID-reset record); topic writable', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 2, initialOffset: 50n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 100);
    assert.deepEqual(states(p.destination, 'orders'), ['STOPPING', 'STOPPING']);
    run(p, 3 * 2000);
    assert.deepEqual(states(p.destination, 'orders'), ['STOPPED', 'STOPPED']);
    assert.equal(p.destination.endOffset('orders', 0), 51n);
    assert.equal(p.destination.endOffset('orders', 1), 51n);
    p.source.appendRecords('orders', 10);
    run(p, 2000);
    assert.equal(p.destination.endOffset('orders', 0), 51n, 'a stopped topic no longer mirrors');
    p.destination.appendRecords('orders', 1, 0);
    assert.equal(p.destination.endOffset('orders', 0), 52n);
  });

  it(
    "source outage → FAILED with RetryAttempt 1 at once (the fetcher's IO error), each retry runs the 30 s " +
      'request timeout after the last; back only once the last 16 s backoff is over',
    () => {
      const p = pair();
      p.source.createTopic('orders', { partitions: 1, initialOffset: 10n });
      createMirror(p);
      startTopics(p, 'm1', ['orders']);
      run(p, 1000);
      p.source.setReachable(false);
      run(p, 100);
      const failed = rowsOf(p.destination, 'orders')[0];
      // The prototype's first failure record is attempt 1 (updateFailedState: existing ? existing + 1 : 1).
      assert.deepEqual(
        [failed?.StateValue, failed?.RetryAttempt, failed?.ErrorMessage, failed?.Lag],
        ['FAILED', 1, 'Fetch IO error: Connection to 1 was disconnected before the response was read', -1n],
      );
      run(p, 29_800);
      assert.equal(rowsOf(p.destination, 'orders')[0]?.RetryAttempt, 1, 'held behind the 30 s source sync');
      run(p, 200);
      assert.equal(rowsOf(p.destination, 'orders')[0]?.RetryAttempt, 2);
      run(p, 30_000);
      assert.equal(rowsOf(p.destination, 'orders')[0]?.RetryAttempt, 3);
      run(p, 30_000);
      assert.equal(rowsOf(p.destination, 'orders')[0]?.RetryAttempt, 4);
      p.source.setReachable(true);
      p.source.appendRecords('orders', 5);
      // Attempt 4's retry is due 2^4 s after it failed (at 91 s): the answering source does not bring it forward.
      run(p, 14_000);
      assert.equal(rowsOf(p.destination, 'orders')[0]?.StateValue, 'FAILED');
      run(p, 3000);
      const recovered = rowsOf(p.destination, 'orders')[0];
      // The failure record survives a retry that goes straight back to MIRRORING.
      assert.deepEqual([recovered?.StateValue, recovered?.Lag, recovered?.RetryAttempt], ['MIRRORING', 0n, 5]);
      assert.equal(p.destination.endOffset('orders', 0), 15n);
    },
  );

  it('real prototype (§18): starting a topic that exists here with data truncates it to 0, then copies again', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 40n });
    // The same topic (same id) on the destination, outside any mirror, with 70 records of its own.
    const id = p.source.topics.get('orders')?.id;
    p.destination.createTopic('orders', { partitions: 1, id, initialOffset: 70n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    const lowest = lowestEndWhileRunning(p, 2000);
    assert.equal(lowest, 0n, 'the destination end went back to 0');
    assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING']);
    assert.equal(p.destination.endOffset('orders', 0), 40n, 'then the source was copied again');
    assert.deepEqual(
      p.destination.topics.get('orders')?.partitions[0]?.epochs,
      p.source.topics.get('orders')?.partitions[0]?.epochs,
    );
  });

  it('real prototype: a stopped topic started again in its mirror is truncated to 0, then copied again', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 40n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 1000);
    p.destination.produce('orders', 0, 9);
    startTopics(p, 'm1', ['orders']);
    const lowest = lowestEndWhileRunning(p, 2000);
    assert.equal(lowest, 0n);
    assert.equal(p.destination.endOffset('orders', 0), 40n);
  });

  it('retries stop at mirror.failed.retry.max.attempts and the partition stays FAILED', () => {
    const p = pair({
      brokerConfigs: { 'mirror.failed.retry.max.attempts': '3', 'mirror.failed.retry.max.backoff.ms': '2000' },
    });
    p.source.createTopic('orders', { partitions: 2 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.source.setReachable(false);
    run(p, 200_000, 1000);
    assert.deepEqual(
      rowsOf(p.destination, 'orders').map((r) => [r.StateValue, r.RetryAttempt]),
      [
        ['FAILED', 3],
        ['FAILED', 3],
      ],
    );
    p.source.setReachable(true);
    run(p, 60_000, 1000);
    assert.deepEqual(states(p.destination, 'orders'), ['FAILED', 'FAILED']);
  });

  it('deleted source topic → FAILED, RetryAttempt -1, "The source topic is deleted.", and it stays', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.source.deleteTopic('orders');
    run(p, 3 * 2000);
    assert.deepEqual(
      rowsOf(p.destination, 'orders').map((r) => [r.StateValue, r.RetryAttempt, r.ErrorMessage]),
      [['FAILED', -1, 'The source topic is deleted.']],
    );
  });

  it('an unresolvable bootstrap.servers fails partitions like an unreachable source', () => {
    const p = pair();
    p.destination.createTopic('orders', { partitions: 1 });
    p.destination.createClusterMirror(ctx(), {
      MirrorName: 'm1',
      Config: [
        { Name: 'bootstrap.servers', Value: 'nowhere:9092' },
        { Name: 'mirror.source.cluster.id', Value: 'abc' },
      ],
    });
    const id = p.destination.topics.get('orders')?.id ?? '';
    p.destination.startMirrorTopics(ctx(), {
      MirrorName: 'm1',
      Topics: [{ TopicId: id, TopicName: 'orders', NumPartitions: 1 }],
    });
    run(p, 500);
    assert.deepEqual(
      rowsOf(p.destination, 'orders').map((r) => [r.StateValue, r.ErrorMessage]),
      [['FAILED', 'Failed to get source metadata']],
    );
  });

  it('a source whose cluster id differs from mirror.source.cluster.id fails non-retryably', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p, 'm1', { 'mirror.source.cluster.id': 'someone-else' });
    startTopics(p, 'm1', ['orders']);
    run(p, 500);
    const [row] = rowsOf(p.destination, 'orders');
    assert.equal(row?.RetryAttempt, -1);
    assert.equal(
      row?.ErrorMessage,
      `Source cluster ID changed for mirror m1: expected someone-else, got ${p.source.clusterId}. ` +
        'This may indicate a misconfiguration or that the source cluster has been replaced. ' +
        'Moving all partitions to non-retryable failed state.',
    );
  });

  it('the outcome does not depend on how often the server ticks', () => {
    const runWith = (stepMs: number): string => {
      const p = pair();
      p.source.createTopic('orders', { partitions: 2, initialOffset: 5000n, growthPerSec: 3 });
      createMirror(p);
      startTopics(p, 'm1', ['orders']);
      run(p, 700, stepMs);
      p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
      run(p, 250, stepMs);
      return JSON.stringify(rowsOf(p.destination, 'orders').map((r) => [r.StateValue, String(r.DestinationOffset)]));
    };
    assert.equal(runWith(10), runWith(50));
  });
});

/** The real default interval is 60 s; these tests sync every 2 s, as the playground does. */
const FAST_SYNC = { brokerConfigs: { 'mirror.metadata.refresh.interval.ms': '2000' } };

describe('periodic sync (§10 auto-discovery, exclude enforcement)', () => {
  it('discovers source topics fully matching include and not exclude (default __.*), skipping internal ones', () => {
    const p = pair(FAST_SYNC);
    for (const t of ['orders-us', 'orders-eu', 'logs-app', '__orders-x', 'orders-us-old'])
      p.source.createTopic(t, { partitions: 1 });
    createMirror(p, 'm1', { 'mirror.topics.include': 'orders-(us|eu),__.*' });
    run(p, 1000);
    const mirrored = [...p.destination.mirrors.topicsOf('m1')].map((t) => t.name).sort();
    assert.deepEqual(mirrored, ['orders-eu', 'orders-us']);
    p.source.createTopic('orders-jp', { partitions: 1 });
    p.destination.incrementalAlterConfigs(ctx(), {
      ValidateOnly: false,
      Resources: [
        {
          ResourceType: 64,
          ResourceName: 'm1',
          Configs: [{ Name: 'mirror.topics.include', ConfigOperation: 2, Value: 'orders-jp' }],
        },
      ],
    });
    run(p, 900);
    assert.equal(p.destination.topics.has('orders-jp'), false, 'not before the next refresh interval (2 s)');
    run(p, 200);
    assert.equal(p.destination.topics.get('orders-jp')?.mirror?.desired, 'MIRRORING');
  });

  it('a stopped topic is not re-discovered; exclude changes stop matching MIRRORING topics at the next sync', () => {
    const p = pair(FAST_SYNC);
    for (const t of ['orders-us', 'orders-eu']) p.source.createTopic(t, { partitions: 1 });
    createMirror(p, 'm1', { 'mirror.topics.include': 'orders-.*' });
    run(p, 3000);
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders-eu' }] });
    run(p, 6000);
    assert.deepEqual(states(p.destination, 'orders-eu'), ['STOPPED']);
    p.destination.incrementalAlterConfigs(ctx(), {
      ValidateOnly: false,
      Resources: [
        {
          ResourceType: 64,
          ResourceName: 'm1',
          Configs: [{ Name: 'mirror.topics.exclude', ConfigOperation: 0, Value: 'orders-us' }],
        },
      ],
    });
    run(p, 3000);
    assert.deepEqual(states(p.destination, 'orders-us'), ['STOPPED']);
  });

  it('source topic configs are synced to mirror topics except mirror.topic.properties.exclude keys', () => {
    const p = pair(FAST_SYNC);
    p.source.createTopic('orders', { partitions: 1, configs: { 'retention.ms': '1000', 'min.insync.replicas': '2' } });
    createMirror(p, 'm1', { 'mirror.topics.include': 'orders' });
    run(p, 4500);
    const configs = p.destination.topics.get('orders')?.configs;
    assert.equal(configs?.get('retention.ms'), '1000');
    assert.equal(configs?.has('min.insync.replicas'), false);
  });
});
