import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Compression,
  controlKey,
  ControlType,
  controlTypeOf,
  crcMatches,
  decodeRecords,
  encodeBatch,
  encodeSingleValueBatch,
  isControl,
  mirrorPidResetValue,
  nextOffsetOf,
  placeBatch,
  readBatchHeader,
  RecordBatchError,
  splitBatches,
} from '../../../src/lib/kafka/record-batch.js';

const records = [
  { timestampDelta: 0n, key: Buffer.from('k1'), value: Buffer.from('v1'), headers: [] },
  {
    timestampDelta: 5n,
    key: null,
    value: Buffer.from('second'),
    headers: [{ key: 'h', value: Buffer.from('x') }],
  },
];

describe('record batch v2', () => {
  it('computes CRC-32C (Castagnoli), not CRC-32, over the bytes from the attributes on', () => {
    const batch = encodeBatch({ baseOffset: 0n, leaderEpoch: 0, baseTimestamp: 1000n, records });
    assert.equal(crcMatches(batch), true);
    // CRC-32 (zlib's) of the same bytes differs; a batch carrying it must fail the check.
    const wrong = Buffer.from(batch);
    wrong.writeUInt32BE((batch.readUInt32BE(17) ^ 1) >>> 0, 17);
    assert.equal(crcMatches(wrong), false);
  });

  it('round-trips records, headers and the header fields', () => {
    const batch = encodeBatch({
      baseOffset: 42n,
      leaderEpoch: 3,
      baseTimestamp: 1_700_000_000_000n,
      producerId: 7n,
      producerEpoch: 1,
      baseSequence: 10,
      records,
    });
    const h = readBatchHeader(batch);
    assert.equal(h.baseOffset, 42n);
    assert.equal(h.partitionLeaderEpoch, 3);
    assert.equal(h.batchLength, batch.length - 12);
    assert.equal(h.lastOffsetDelta, 1);
    assert.equal(h.maxTimestamp, 1_700_000_000_005n);
    assert.equal(h.producerId, 7n);
    assert.equal(h.baseSequence, 10);
    assert.equal(nextOffsetOf(h), 44n);
    const back = decodeRecords(batch);
    assert.deepEqual(
      back.map((r) => [r.offsetDelta, r.timestampDelta, r.key?.toString() ?? null, r.value?.toString(), r.headers]),
      [
        [0, 0n, 'k1', 'v1', []],
        [1, 5n, null, 'second', [{ key: 'h', value: Buffer.from('x') }]],
      ],
    );
  });

  it('reads gzip batches', () => {
    const batch = encodeBatch({
      baseOffset: 0n,
      leaderEpoch: 0,
      baseTimestamp: 0n,
      compression: Compression.GZIP,
      records,
    });
    assert.equal(crcMatches(batch), true);
    assert.deepEqual(
      decodeRecords(batch).map((r) => r.value?.toString()),
      ['v1', 'second'],
    );
  });

  it('moves a batch to another offset and epoch without touching its CRC', () => {
    const batch = encodeBatch({ baseOffset: 0n, leaderEpoch: 0, baseTimestamp: 0n, records });
    const placed = placeBatch(batch, 1_000_000_000_000n, 9);
    assert.equal(readBatchHeader(placed).baseOffset, 1_000_000_000_000n);
    assert.equal(readBatchHeader(placed).partitionLeaderEpoch, 9);
    assert.equal(placed.readUInt32BE(17), batch.readUInt32BE(17));
    assert.equal(crcMatches(placed), true);
    assert.equal(readBatchHeader(batch).baseOffset, 0n, 'the original is left as it was');
  });

  it('splits a records field into whole batches and refuses a truncated one', () => {
    const a = encodeBatch({ baseOffset: 0n, leaderEpoch: 0, baseTimestamp: 0n, records });
    const b = encodeBatch({ baseOffset: 2n, leaderEpoch: 0, baseTimestamp: 0n, records: records.slice(0, 1) });
    const both = Buffer.concat([a, b]);
    assert.deepEqual(
      splitBatches(both).map((x) => x.length),
      [a.length, b.length],
    );
    assert.throws(() => splitBatches(both.subarray(0, both.length - 1)), RecordBatchError);
  });

  it('the one-record fast path writes exactly what encodeBatch writes', () => {
    for (const size of [0, 5, 63, 64, 200]) {
      const value = Buffer.alloc(size, 7);
      const fast = encodeSingleValueBatch(123_456_789_012n, 4, 1_700_000_000_123n, value);
      const general = encodeBatch({
        baseOffset: 123_456_789_012n,
        leaderEpoch: 4,
        baseTimestamp: 1_700_000_000_123n,
        records: [{ timestampDelta: 0n, key: null, value, headers: [] }],
      });
      assert.equal(fast.toString('hex'), general.toString('hex'), `value of ${size} bytes`);
    }
  });

  it('refuses magic 0 and 1', () => {
    const batch = Buffer.from(encodeBatch({ baseOffset: 0n, leaderEpoch: 0, baseTimestamp: 0n, records }));
    batch.writeInt8(1, 16);
    assert.throws(() => readBatchHeader(batch), /magic 1/);
  });

  it('writes the prototype’s MIRROR_PID_RESET control record (type 7, MirrorPidResetRecord v0)', () => {
    const batch = encodeBatch({
      baseOffset: 5n,
      leaderEpoch: 1,
      baseTimestamp: 0n,
      control: true,
      records: [
        {
          timestampDelta: 0n,
          key: controlKey(ControlType.MIRROR_PID_RESET),
          value: mirrorPidResetValue('abc'),
          headers: [],
        },
      ],
    });
    assert.equal(isControl(readBatchHeader(batch)), true);
    assert.equal(controlTypeOf(batch), 7);
    // Version 0, compact string "abc" (length + 1), no tagged fields.
    assert.equal(decodeRecords(batch)[0]?.value?.toString('hex'), '000004616263' + '00');
  });
});
