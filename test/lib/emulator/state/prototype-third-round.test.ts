// What a build of the prototype (c941059667) did when kmirror drove it (third round of observations),
// held against the engine: one named test per behaviour.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordLog } from '../../../../src/lib/emulator/state/record-store.js';
import {
  ControlType,
  controlTypeOf,
  isControl,
  isTransactional,
  readBatchHeader,
} from '../../../../src/lib/kafka/record-batch.js';
import { createMirror, ctx, pair, rowsOf, run, startTopics } from './setup.js';

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

  it('a stop over an open transaction writes the ABORT marker first, then the MIRROR_PID_RESET batch', () => {
    const p = pair();
    p.source.createTopic('tx', { partitions: 1, initialOffset: 2n });
    p.source.beginTransaction('tx', 0);
    p.source.appendRecords('tx', 3, 0);
    createMirror(p);
    startTopics(p, 'm1', ['tx']);
    run(p, 3000);
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'tx' }] });
    run(p, 2000);
    // Seen in a dump of the prototype's destination log (source end 5): offset 5 ABORT (transactional
    // control batch of the open transaction's producer), offset 6 MirrorPidReset, end 7.
    assert.equal(p.destination.endOffset('tx', 0), 7n);
    const t = p.destination.topics.get('tx');
    const dp = t?.partitions[0];
    assert.ok(t && dp);
    const tail = recordLog(p.destination, t, dp)
      .read(5n, Number.MAX_SAFE_INTEGER)
      .map((b) => b.bytes);
    assert.deepEqual(
      tail.map((b) => {
        const h = readBatchHeader(b);
        return [h.baseOffset, isControl(h), isTransactional(h), controlTypeOf(b), h.partitionLeaderEpoch];
      }),
      [
        [5n, true, true, ControlType.ABORT, dp.leaderEpoch],
        [6n, true, false, ControlType.MIRROR_PID_RESET, dp.leaderEpoch],
      ],
    );
  });

  it('with traffic held still (playground --no-traffic), a topic created through CreateTopics stays empty', () => {
    // Seen: orders-new created on the real source held the 1 record kcat wrote; on the --no-traffic
    // playground's source the same topic had grown to 297 records 15 s later.
    const p = pair();
    p.source.setTraffic(false);
    p.source.addTopic('orders-new', p.source.newTopicId(), 2, 1, { growthPerSec: 20 });
    run(p, 15_000);
    assert.deepEqual([p.source.endOffset('orders-new', 0), p.source.endOffset('orders-new', 1)], [0n, 0n]);
    p.source.setTraffic(true);
    run(p, 1_000);
    assert.equal(p.source.endOffset('orders-new', 0), 20n, 'its rate comes back with the traffic');
  });
});
