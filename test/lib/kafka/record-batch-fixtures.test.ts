// The codec against bytes it did not write: batches a real Kafka 4.4 broker served
// (test/fixtures/kafka-4.4-record-batches.json, made by test/real-kafka/record-batch-fixtures.test.ts).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  compressionOf,
  Compression,
  ControlType,
  controlTypeOf,
  crcMatches,
  decodeRecords,
  encodeBatch,
  isControl,
  isTransactional,
  nextOffsetOf,
  placeBatch,
  readBatchHeader,
} from '../../../src/lib/kafka/record-batch.js';
import { repoRoot } from '../../helpers/reference.js';

interface Fixture {
  readonly batches: readonly string[];
}

const fixture = JSON.parse(
  readFileSync(join(repoRoot(), 'test', 'fixtures', 'kafka-4.4-record-batches.json'), 'utf8'),
) as Fixture;
const batches = fixture.batches.map((hex) => Buffer.from(hex, 'hex'));

describe('record batches served by Kafka 4.4', () => {
  it('all pass the CRC-32C check and follow one another without gaps', () => {
    let next = 0n;
    for (const batch of batches) {
      const h = readBatchHeader(batch);
      assert.equal(crcMatches(batch), true, `batch at ${h.baseOffset}`);
      assert.equal(h.baseOffset, next);
      assert.equal(h.batchLength, batch.length - 12);
      next = nextOffsetOf(h);
    }
    assert.equal(next, 10n);
  });

  it('decode: keys, values and headers of a kcat batch, a gzip batch, a transaction', () => {
    const [plain, gzip, committed] = batches;
    assert.ok(plain && gzip && committed);
    assert.deepEqual(
      decodeRecords(plain).map((r) => [
        r.key?.toString(),
        r.value?.toString(),
        r.headers.map((h) => [h.key, h.value?.toString()]),
      ]),
      [
        ['k1', 'plain-one', [['origin', 'kcat']]],
        ['k2', 'plain-two', [['origin', 'kcat']]],
      ],
    );
    assert.equal(compressionOf(readBatchHeader(gzip)), Compression.GZIP);
    assert.deepEqual(
      decodeRecords(gzip).map((r) => r.value?.toString().replace(/\.+$/, '')),
      ['gzip-one', 'gzip-two', 'gzip-three'],
    );
    const h = readBatchHeader(committed);
    assert.equal(isTransactional(h), true);
    assert.ok(h.producerId >= 0n);
  });

  it('reads the broker’s own COMMIT and ABORT markers', () => {
    const controls = batches.filter((b) => isControl(readBatchHeader(b)));
    assert.deepEqual(controls.map(controlTypeOf), [ControlType.COMMIT, ControlType.ABORT]);
  });

  it('placing a served batch at another offset and epoch keeps its CRC valid (a mirror follower’s copy)', () => {
    for (const batch of batches) {
      const placed = placeBatch(batch, 1_000_000n, 42);
      assert.equal(crcMatches(placed), true);
      assert.deepEqual(placed.subarray(17), batch.subarray(17));
    }
  });

  it('our encoder writes the same bytes for the same records as librdkafka did', () => {
    const [plain] = batches;
    assert.ok(plain);
    const h = readBatchHeader(plain);
    const ours = encodeBatch({
      baseOffset: h.baseOffset,
      leaderEpoch: h.partitionLeaderEpoch,
      baseTimestamp: h.baseTimestamp,
      records: decodeRecords(plain),
    });
    assert.equal(ours.toString('hex'), plain.toString('hex'));
  });
});
