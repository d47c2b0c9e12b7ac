import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMirror, ctx, pair, run, startTopics } from './setup.js';

// 1,000 topics × 100 partitions over 3 nodes: a full per-node describe must stay linear in the
// number of partitions. No timing assertion — a quadratic path would make this test crawl.
describe('scale', () => {
  it('1,000 topics × 100 partitions: each node describes its share, the union is all 100,000', () => {
    const p = pair();
    const names = Array.from({ length: 1000 }, (_, i) => `topic-${String(i).padStart(4, '0')}`);
    for (const name of names) p.source.createTopic(name, { partitions: 100, initialOffset: 10n });
    createMirror(p);
    startTopics(p, 'm1', names);
    run(p, 1000, 500);

    let total = 0;
    const perNode: number[] = [];
    for (const node of p.destination.nodeIds) {
      const res = p.destination.describeClusterMirrors(ctx('User:admin', node), { MirrorNames: [] });
      const [mirror] = res.Mirrors;
      assert.ok(mirror);
      let count = 0;
      for (const topic of mirror.Topics) {
        for (const part of topic.Partitions) {
          assert.equal(part.StateValue, 'MIRRORING');
          assert.equal(part.Lag, 0n);
          count++;
        }
      }
      perNode.push(count);
      total += count;
    }
    assert.equal(total, 100_000);
    assert.ok(
      perNode.every((n) => n >= 33_333 && n <= 33_334),
      `even spread, got ${perNode.join(', ')}`,
    );
    const [listed] = p.destination.listClusterMirrors(ctx(), { IncludeTopicNames: true }).Mirrors;
    assert.equal(listed?.TopicCount, 1000);
  });
});
