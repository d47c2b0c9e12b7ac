// What a build of the prototype (c941059667) did when kmirror drove it (third round of observations),
// held against the engine: one named test per behaviour.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMirror, pair, rowsOf, run, startTopics } from './setup.js';

describe('emulator: the prototype as kmirror drove it (third round)', () => {
  it('StartMirrorTopics adds the names to mirror.topics.include in Java HashSet order, not request order', () => {
    const p = pair();
    p.source.createTopic('payments', { partitions: 1 });
    p.source.createTopic('orders-eu', { partitions: 1 });
    p.source.createTopic('orders-us', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['payments']);
    // Seen: a start of [orders-eu, orders-us] with pattern orders-.* stored payments,orders-us,orders-eu,orders-.*
    // (the controller collects the names with Collectors.toSet(); the stored list itself keeps its order).
    startTopics(p, 'm1', ['orders-eu', 'orders-us']);
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.include'), 'payments,orders-us,orders-eu');
  });

  it('a source that dies under a MIRRORING partition: the first FAILED record already says RetryAttempt 1', () => {
    const p = pair();
    p.source.createTopic('inv', { partitions: 2, initialOffset: 40n });
    createMirror(p);
    startTopics(p, 'm1', ['inv']);
    // Past the start transient and the ~3 s after which its record is cleared.
    run(p, 10_000);
    assert.deepEqual(
      rowsOf(p.destination, 'inv').map((r) => [r.StateValue, r.RetryAttempt]),
      [
        ['MIRRORING', 0],
        ['MIRRORING', 0],
      ],
    );
    p.source.setReachable(false);
    run(p, 100);
    // Seen 8 s after kill -9 of the source: FAILED 1/100 on both partitions, then 2, 3 on later retries.
    assert.deepEqual(
      rowsOf(p.destination, 'inv').map((r) => [r.StateValue, r.RetryAttempt]),
      [
        ['FAILED', 1],
        ['FAILED', 1],
      ],
    );
    run(p, 35_000);
    assert.deepEqual(
      rowsOf(p.destination, 'inv').map((r) => r.RetryAttempt),
      [2, 2],
    );
  });
});
