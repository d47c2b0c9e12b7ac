// Transactions through mirroring (PROTOCOL.md §18 "Transactions at a stop", test_stop_with_txns): the
// destination copies transactional batches and their markers as they are, so its last stable offset
// follows the source's; a stop aborts every transaction still open there (one ABORT marker each, then
// the MIRROR_PID_RESET batch), and the destination's own transactional producers commit afterwards.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EmulatedCluster } from '../../../../src/lib/emulator/state/cluster.js';
import { PartitionLog } from '../../../../src/lib/emulator/state/partition-log.js';
import { appendProducedBatch, recordLog, stableOffset } from '../../../../src/lib/emulator/state/record-store.js';
import {
  addPartitionsToTxn,
  endTxn,
  initTransactionalProducer,
  type TxnProducer,
} from '../../../../src/lib/emulator/state/transaction-coordinator.js';
import {
  ControlType,
  controlKey,
  controlTypeOf,
  encodeBatch,
  endTxnMarkerValue,
  readBatchHeader,
} from '../../../../src/lib/kafka/record-batch.js';
import { createMirror, ctx, pair, run, startTopics } from './setup.js';

function partitionOf(cluster: EmulatedCluster, topic: string) {
  const t = cluster.topics.get(topic);
  const p = t?.partitions[0];
  assert.ok(t && p);
  return { t, p };
}

/** A transactional producer of `cluster` with a transaction open on `topic`-0. */
function openTransaction(cluster: EmulatedCluster, id: string, topic: string): TxnProducer {
  const init = initTransactionalProducer(cluster, id, 60_000, { producerId: -1n, epoch: -1 });
  assert.equal(init.code, 0);
  const who = { transactionalId: id, producerId: init.producerId, epoch: init.epoch };
  assert.deepEqual(
    addPartitionsToTxn(cluster, who, [{ topic, partition: 0 }], () => 0),
    [0],
  );
  return who;
}

function write(cluster: EmulatedCluster, topic: string, who: TxnProducer, sequence: number, value: string): bigint {
  const { t, p } = partitionOf(cluster, topic);
  const batch = encodeBatch({
    baseOffset: 0n,
    leaderEpoch: -1,
    baseTimestamp: BigInt(cluster.clock.now()),
    producerId: who.producerId,
    producerEpoch: who.epoch,
    baseSequence: sequence,
    transactional: true,
    records: [{ timestampDelta: 0n, key: null, value: Buffer.from(value), headers: [] }],
  });
  assert.equal(recordLog(cluster, t, p).producers.check(readBatchHeader(batch)).kind, 'append');
  return appendProducedBatch(cluster, t, p, batch);
}

function batches(cluster: EmulatedCluster, topic: string): Buffer[] {
  const { t, p } = partitionOf(cluster, topic);
  return recordLog(cluster, t, p)
    .read(0n, Number.MAX_SAFE_INTEGER)
    .map((b) => b.bytes);
}

describe('transactions through mirroring', () => {
  it('copies transactional batches and markers; a stop aborts each open transaction, then resets producer ids', () => {
    const pr = pair();
    pr.source.createTopic('payments', { partitions: 1 });
    const committed = openTransaction(pr.source, 'tx-done', 'payments');
    write(pr.source, 'payments', committed, 0, 'kept');
    assert.equal(endTxn(pr.source, committed, true), 0);
    const left = openTransaction(pr.source, 'tx-left', 'payments');
    const other = openTransaction(pr.source, 'tx-other', 'payments');
    write(pr.source, 'payments', left, 0, 'open-1');
    write(pr.source, 'payments', other, 0, 'open-2');
    const source = partitionOf(pr.source, 'payments');
    assert.equal(stableOffset(pr.source, source.t, source.p), 2n);

    createMirror(pr, 'fwd');
    startTopics(pr, 'fwd', ['payments']);
    run(pr, 2000);
    assert.deepEqual(batches(pr.destination, 'payments'), batches(pr.source, 'payments'));
    const dest = partitionOf(pr.destination, 'payments');
    // The destination's own last stable offset, from the batches it copied.
    assert.equal(stableOffset(pr.destination, dest.t, dest.p), 2n);

    const sourceEnd = pr.source.endOffset('payments', 0);
    const res = pr.destination.stopMirrorTopics(ctx(), { MirrorName: 'fwd', Topics: [{ TopicName: 'payments' }] });
    assert.equal(res.ErrorCode, 0);
    run(pr, 1000);
    // Two abort markers and one PID reset, as test_stop_with_txns saw.
    assert.equal(pr.destination.endOffset('payments', 0), sourceEnd + 3n);
    const tail = batches(pr.destination, 'payments').slice(-3);
    assert.deepEqual(
      tail.map((b) => [readBatchHeader(b).baseOffset, readBatchHeader(b).producerId, controlTypeOf(b)]),
      [
        [sourceEnd, left.producerId, ControlType.ABORT],
        [sourceEnd + 1n, other.producerId, ControlType.ABORT],
        [sourceEnd + 2n, -1n, ControlType.MIRROR_PID_RESET],
      ],
    );
    assert.equal(stableOffset(pr.destination, dest.t, dest.p), sourceEnd + 3n);
    assert.deepEqual(
      recordLog(pr.destination, dest.t, dest.p)
        .producers.abortedIn(0n, sourceEnd + 3n)
        .map((a) => [a.producerId, a.firstOffset]),
      [
        [left.producerId, 2n],
        [other.producerId, 3n],
      ],
    );

    // The destination's coordinator hands out producer id 0 again, which the source used: after the
    // PID reset its sequence 0 is a new producer's first batch, not a duplicate, and it commits.
    const local = openTransaction(pr.destination, 'tx-local', 'payments');
    assert.equal(local.producerId, committed.producerId);
    assert.equal(write(pr.destination, 'payments', local, 0, 'local'), sourceEnd + 3n);
    assert.equal(endTxn(pr.destination, local, true), 0);
    assert.equal(stableOffset(pr.destination, dest.t, dest.p), sourceEnd + 5n);
  });

  it('writes the offsets-only test hook’s abort as a control batch, not a generated record', () => {
    const pr = pair();
    pr.source.createTopic('hooked', { partitions: 1 });
    pr.source.appendRecords('hooked', 2, 0);
    pr.source.beginTransaction('hooked', 0);
    pr.source.appendRecords('hooked', 2, 0);
    createMirror(pr, 'fwd');
    startTopics(pr, 'fwd', ['hooked']);
    run(pr, 2000);
    pr.destination.stopMirrorTopics(ctx(), { MirrorName: 'fwd', Topics: [{ TopicName: 'hooked' }] });
    run(pr, 1000);
    assert.equal(pr.destination.endOffset('hooked', 0), 6n);
    assert.deepEqual(
      batches(pr.destination, 'hooked')
        .slice(-2)
        .map((b) => controlTypeOf(b)),
      [ControlType.ABORT, ControlType.MIRROR_PID_RESET],
    );
  });
});

describe('producer state follows the log', () => {
  const txnBatch = (base: bigint, control: boolean): Buffer =>
    encodeBatch({
      baseOffset: base,
      leaderEpoch: 0,
      baseTimestamp: 0n,
      producerId: 7n,
      producerEpoch: 0,
      baseSequence: control ? -1 : 0,
      transactional: true,
      control,
      records: [
        control
          ? { timestampDelta: 0n, key: controlKey(ControlType.ABORT), value: endTxnMarkerValue(0), headers: [] }
          : { timestampDelta: 0n, key: null, value: Buffer.from('v'), headers: [] },
      ],
    });

  it('a truncation undoes what the cut batches did to transactions', () => {
    const log = new PartitionLog(1 << 20);
    log.append(txnBatch(0n, false));
    log.append(txnBatch(1n, true));
    assert.equal(log.producers.firstUnstableOffset(), null);
    assert.deepEqual(log.producers.abortedIn(0n, 2n).length, 1);
    log.truncateTo(1n);
    assert.equal(log.producers.firstUnstableOffset(), 0n);
    assert.deepEqual(log.producers.abortedIn(0n, 2n), []);
    log.truncateTo(0n);
    assert.equal(log.producers.firstUnstableOffset(), null);
    // With its state gone, the producer's next batch is taken whatever its sequence.
    assert.equal(log.producers.check(readBatchHeader(txnBatch(0n, false))).kind, 'append');
  });
});
