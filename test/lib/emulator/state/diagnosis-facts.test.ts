// The facts of PROTOCOL.md §18 that kmirror's diagnoses read (failure-causes.ts, failure-facts.ts),
// as the emulated prototype gives them: one named test each.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMirror, ctx, pair, rowsOf, run, startTopics } from './setup.js';

const REAL_TIMING = { timing: { startupFailureMs: 2000 } };

const row = (p: ReturnType<typeof pair>, topic: string) => {
  const [r] = rowsOf(p.destination, topic);
  assert.ok(r, `a row for ${topic}`);
  return r;
};

describe('emulated prototype: the facts the diagnoses read (§18)', () => {
  it('one unreachable source stalls every mirror: a new topic of a healthy mirror stays FAILED retry 1', () => {
    const p = pair(REAL_TIMING);
    p.source.createTopic('orders', { partitions: 1, initialOffset: 10n });
    p.source.createTopic('payments', { partitions: 1, initialOffset: 10n });
    createMirror(p, 'm1');
    // m2 reads from an address that nothing answers: its topic FAILS, and that stalls m1 too.
    p.destination.createClusterMirror(ctx(), {
      MirrorName: 'm2',
      Config: [
        { Name: 'bootstrap.servers', Value: 'elsewhere:9092' },
        { Name: 'mirror.source.cluster.id', Value: p.source.clusterId },
      ],
    });
    startTopics(p, 'm2', ['payments']);
    startTopics(p, 'm1', ['orders']);
    // 55 s: m2's last retry (at 30 s) is past its 4 s backoff, so fixing m2 lets it run at once.
    run(p, 55_000, 500);
    const stalled = row(p, 'orders');
    assert.deepEqual(
      [stalled.StateValue, stalled.RetryAttempt, stalled.ErrorMessage],
      ['FAILED', 1, 'Failed to get source metadata'],
    );
    p.registry.register('elsewhere:9092', p.source);
    run(p, 5000, 100);
    assert.equal(row(p, 'orders').StateValue, 'MIRRORING', 'within 5 s of fixing m2 both recover');
    assert.equal(row(p, 'payments').StateValue, 'MIRRORING');
  });

  it('a recreated source topic (new topic id) shows MIRRORING, lag 0, source = destination, and copies nothing', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 100n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    const before = p.source.topics.get('orders')?.id;
    p.source.deleteTopic('orders');
    run(p, 1000);
    p.source.createTopic('orders', { partitions: 1, initialOffset: 300n });
    assert.notEqual(p.source.topics.get('orders')?.id, before, 'the recreated topic has a new id');
    p.destination.restartBrokers();
    run(p, 5000);
    const r = row(p, 'orders');
    assert.deepEqual([r.StateValue, r.Lag, r.SourceOffset, r.DestinationOffset], ['MIRRORING', 0n, 100n, 100n]);
    assert.equal(p.destination.endOffset('orders', 0), 100n, 'none of the 300 source records is copied');
  });

  it('right after a resume the partition reports its old offsets with lag 0 for about a second', () => {
    const p = pair(REAL_TIMING);
    p.source.createTopic('orders', { partitions: 1, initialOffset: 100n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 8000);
    assert.equal(p.destination.endOffset('orders', 0), 100n);
    p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 1000);
    assert.equal(row(p, 'orders').StateValue, 'PAUSED');
    p.source.produce('orders', 0, 500);
    p.destination.resumeMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 300);
    const early = row(p, 'orders');
    assert.deepEqual([early.StateValue, early.Lag, early.SourceOffset], ['MIRRORING', 0n, 100n], 'stale: lag 0');
    run(p, 1500);
    const later = row(p, 'orders');
    assert.ok((later.SourceOffset ?? 0n) === 600n, `the real source offset once fetched: ${later.SourceOffset}`);
  });

  it('RetryAttempt and ErrorMessage are cleared about 3 s after the partition is MIRRORING again', () => {
    const p = pair(REAL_TIMING);
    p.source.createTopic('orders', { partitions: 1, initialOffset: 10n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 2600);
    const recovered = row(p, 'orders');
    assert.deepEqual(
      [recovered.StateValue, recovered.RetryAttempt, recovered.ErrorMessage],
      ['MIRRORING', 1, 'Failed to get source metadata'],
    );
    run(p, 3500);
    const cleared = row(p, 'orders');
    assert.deepEqual([cleared.StateValue, cleared.RetryAttempt, cleared.ErrorMessage], ['MIRRORING', 0, null]);
  });
});
