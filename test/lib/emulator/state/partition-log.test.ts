import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeBatch } from '../../../../src/lib/kafka/record-batch.js';
import { PartitionLog } from '../../../../src/lib/emulator/state/partition-log.js';

function batchAt(base: bigint, count: number, timestamp = 0n): Buffer {
  const records = Array.from({ length: count }, (_, i) => ({
    timestampDelta: BigInt(i),
    key: null,
    value: Buffer.alloc(50, i),
    headers: [],
  }));
  return encodeBatch({ baseOffset: base, leaderEpoch: 0, baseTimestamp: timestamp, records });
}

describe('a partition log', () => {
  it('stays within its retention: the oldest segments go and the log start moves to the first batch left', () => {
    const size = batchAt(0n, 10).length;
    // Segments of one batch each, so retention drops batch by batch.
    const log = new PartitionLog(size * 3, 0n, 0n, size);
    for (let i = 0n; i < 10n; i++) log.append(batchAt(i * 10n, 10));
    assert.equal(log.end, 100n);
    assert.equal(log.batchCount, 3);
    assert.equal(log.start, 70n);
    assert.ok(log.sizeBytes <= size * 3);
  });

  it('serves the batches of one segment as one view of it, and copies only a read across segments', () => {
    const size = batchAt(0n, 10).length;
    const log = new PartitionLog(size * 100, 0n, 0n, size * 3);
    for (let i = 0n; i < 6n; i++) log.append(batchAt(i * 10n, 10));
    const inOne = log.read(0n, size * 3);
    assert.equal(inOne.length, 3);
    const view = log.bytesOf(inOne);
    assert.deepEqual(view, Buffer.concat(inOne.map((b) => b.bytes)));
    assert.equal(view.buffer, inOne[0]?.bytes.buffer, 'a view of the segment, not a copy');
    const across = log.read(10n, size * 4);
    assert.deepEqual(log.bytesOf(across), Buffer.concat(across.map((b) => b.bytes)));
    assert.equal(log.bytesOf([]).length, 0);
  });

  it('drops whole segments: batches sharing one go together; memory stays within a segment of the bound', () => {
    const size = batchAt(0n, 10).length;
    const log = new PartitionLog(size * 4, 0n, 0n, size * 2);
    for (let i = 0n; i < 10n; i++) log.append(batchAt(i * 10n, 10));
    assert.equal(log.end, 100n);
    assert.equal(log.batchCount, 4);
    assert.equal(log.start, 60n);
    assert.ok(log.allocatedBytes <= size * 4 + size * 2);
    // Truncation gives the tail of the last segment back.
    log.truncateTo(95n);
    assert.equal(log.end, 90n);
    assert.equal(log.sizeBytes, size * 3);
    log.append(batchAt(90n, 10));
    assert.equal(log.batchCount, 4);
  });

  it('keeps one batch even when it alone exceeds the retention', () => {
    const log = new PartitionLog(10);
    log.append(batchAt(0n, 5));
    assert.equal(log.batchCount, 1);
    assert.equal(log.start, 0n);
  });

  it('reads from the batch that holds the offset, at least one batch whatever the byte limit', () => {
    const log = new PartitionLog(1 << 20);
    for (let i = 0n; i < 5n; i++) log.append(batchAt(i * 4n, 4));
    assert.deepEqual(
      log.read(9n, 1).map((b) => b.base),
      [8n],
    );
    assert.deepEqual(
      log.read(9n, 1 << 20).map((b) => b.base),
      [8n, 12n, 16n],
    );
    assert.deepEqual(log.read(20n, 1 << 20), []);
  });

  it('truncates whole batches; a batch holding the point goes', () => {
    const log = new PartitionLog(1 << 20);
    for (let i = 0n; i < 3n; i++) log.append(batchAt(i * 4n, 4));
    log.truncateTo(8n);
    assert.equal(log.end, 8n);
    log.truncateTo(6n);
    assert.equal(log.end, 4n);
    assert.throws(() => log.append(batchAt(2n, 4)), /overlaps/);
  });

  it('starts over at a batch past its end, as a follower below the leader’s log start', () => {
    const log = new PartitionLog(1 << 20);
    log.append(batchAt(0n, 4));
    log.append(batchAt(100n, 4));
    assert.equal(log.start, 100n);
    assert.equal(log.end, 104n);
  });

  it('finds offsets by timestamp inside a batch, and the largest timestamp', () => {
    const log = new PartitionLog(1 << 20);
    log.append(batchAt(0n, 4, 1000n));
    log.append(batchAt(4n, 4, 2000n));
    assert.deepEqual(log.offsetForTimestamp(1002n), { offset: 2n, timestamp: 1002n });
    assert.deepEqual(log.offsetForTimestamp(1500n), { offset: 4n, timestamp: 2000n });
    assert.equal(log.offsetForTimestamp(5000n), null);
    assert.deepEqual(log.maxTimestamp(), { offset: 7n, timestamp: 2003n });
  });
});
