// The timestamp of the first record the destination lacks, read out of a Fetch answer's batches.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Compression, encodeBatch } from '../../../../src/lib/kafka/record-batch.js';
import { timestampAt } from '../../../../src/lib/mirror/describe/record-timestamps.js';

const record = (timestampDelta: bigint) => ({ timestampDelta, key: null, value: Buffer.from('v'), headers: [] });

type Codec = typeof Compression.NONE | typeof Compression.GZIP;

function batch(baseOffset: bigint, baseTimestamp: bigint, deltas: bigint[], compression: Codec = 0): Buffer {
  return encodeBatch({ baseOffset, leaderEpoch: 0, baseTimestamp, compression, records: deltas.map(record) });
}

describe('timestampAt', () => {
  it("is the wanted record's own timestamp, inside a batch that starts before it", () => {
    const records = Buffer.concat([batch(10n, 1_000n, [0n, 5n, 9n]), batch(13n, 2_000n, [0n])]);
    assert.deepEqual(timestampAt(records, 11n), { timestampMs: 1_005 });
    assert.deepEqual(timestampAt(records, 13n), { timestampMs: 2_000 });
    assert.deepEqual(timestampAt(records, 10n), { timestampMs: 1_000 });
  });

  it('reads gzip batches', () => {
    assert.deepEqual(timestampAt(batch(0n, 7_000n, [0n, 40n], Compression.GZIP), 1n), { timestampMs: 7_040 });
  });

  it('is the append time of a LogAppendTime batch', () => {
    const b = batch(0n, 1_000n, [0n, 1n]);
    b.writeInt16BE(b.readInt16BE(21) | 0x08, 21);
    b.writeBigInt64BE(9_999n, 35);
    assert.deepEqual(timestampAt(b, 0n), { timestampMs: 9_999 });
  });

  it('is none when no whole batch holds the offset (asked again), unknown for an unreadable batch', () => {
    const whole = batch(0n, 1_000n, [0n]);
    assert.equal(timestampAt(Buffer.alloc(0), 0n), 'none');
    assert.equal(timestampAt(whole.subarray(0, whole.length - 3), 0n), 'none');
    assert.equal(timestampAt(whole, 5n), 'none');
    const old = Buffer.from(whole);
    old.writeInt8(1, 16);
    const read = timestampAt(old, 0n);
    assert.ok(typeof read === 'object' && 'unknown' in read, JSON.stringify(read));
  });
});
