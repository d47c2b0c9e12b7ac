// The batch comparison over batches a real Kafka 4.4 broker wrote (test/fixtures/kafka-4.4-verify-batches.json,
// from test/real-kafka/verify-fixtures.test.ts): the same payloads produced to two clusters, so equal records
// under each cluster's own producer ids and timestamps.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  controlKey,
  ControlType,
  encodeBatch,
  endTxnMarkerValue,
  mirrorPidResetValue,
  placeBatch,
  readBatchHeader,
} from '../../../../src/lib/kafka/record-batch.js';
import { BatchComparison } from '../../../../src/lib/mirror/verify/batch-compare.js';
import { crcHex, summarize } from '../../../../src/lib/mirror/verify/batch-summary.js';
import { repoRoot } from '../../../helpers/reference.js';

interface Fixture {
  clusterA: { batches: string[] };
  clusterB: { batches: string[] };
}
const fixture = JSON.parse(
  readFileSync(join(repoRoot(), 'test', 'fixtures', 'kafka-4.4-verify-batches.json'), 'utf8'),
) as Fixture;
const A = fixture.clusterA.batches.map((h) => Buffer.from(h, 'hex'));
const B = fixture.clusterB.batches.map((h) => Buffer.from(h, 'hex'));

function compare(source: readonly Buffer[], destination: readonly Buffer[], compacted = false): BatchComparison {
  const c = new BatchComparison(compacted);
  c.push('source', source.map(summarize));
  c.push('destination', destination.map(summarize));
  c.end('source');
  c.end('destination');
  return c;
}

function marker(offset: bigint, type: number): Buffer {
  return encodeBatch({
    baseOffset: offset,
    leaderEpoch: 3,
    baseTimestamp: 1n,
    control: true,
    records: [
      {
        timestampDelta: 0n,
        key: controlKey(type),
        value: type === ControlType.MIRROR_PID_RESET ? mirrorPidResetValue('src-cluster') : endTxnMarkerValue(0),
        headers: [],
      },
    ],
  });
}

describe('verify batch comparison (Kafka 4.4 batches)', () => {
  it('a log compared with itself is identical, batch by batch', () => {
    const c = compare(A, A);
    assert.deepEqual(c.outcome, { verdict: 'identical' });
    assert.equal(c.matched, A.length);
  });

  it('a copy written in another leader epoch is identical: the epoch lies outside the CRC and is not compared', () => {
    const copied = A.map((b) => placeBatch(b, readBatchHeader(b).baseOffset, 42));
    assert.notDeepEqual(copied[0], A[0]);
    assert.deepEqual(compare(A, copied).outcome, { verdict: 'identical' });
  });

  it('the same payloads produced to two clusters diverge at the first batch, with both CRCs', () => {
    const c = compare(A, B);
    const d = c.outcome?.divergence;
    assert.equal(c.outcome?.verdict, 'diverges');
    assert.equal(d?.offset, 0n);
    assert.equal(d?.reason, 'fields');
    assert.ok(d?.fields.includes('crc'));
    assert.equal(d?.source?.crc, crcHex(readBatchHeader(A[0] as Buffer).crc));
    assert.equal(d?.destination?.crc, crcHex(readBatchHeader(B[0] as Buffer).crc));
    assert.notEqual(d?.source?.crc, d?.destination?.crc);
  });

  it('one altered byte of a record is caught by the CRC check, on the side that holds it', () => {
    const altered = A.map((b) => Buffer.from(b));
    const second = altered[1] as Buffer;
    second[second.length - 1] = (second[second.length - 1] as number) ^ 0x01;
    const c = compare(A, altered);
    assert.equal(c.outcome?.divergence?.reason, 'crc-invalid');
    assert.equal(c.outcome?.divergence?.offset, readBatchHeader(second).baseOffset);
    assert.equal(c.outcome?.divergence?.destination?.crcValid, false);
    assert.equal(c.outcome?.divergence?.source?.crcValid, true);
    assert.equal(c.matched, 1);
  });

  it("the stop's PID-reset and abort markers are the broker's own; a record written after them is not", () => {
    const end = readBatchHeader(A[A.length - 1] as Buffer);
    const stop = end.baseOffset + BigInt(end.lastOffsetDelta) + 1n;
    const stopped = [...A, marker(stop, ControlType.MIRROR_PID_RESET), marker(stop + 1n, ControlType.ABORT)];
    const c = compare([...A, marker(stop, ControlType.ABORT)], stopped);
    assert.deepEqual(c.outcome, { verdict: 'identical' });
    assert.deepEqual(
      c.additions.map((a) => [a.side, a.offset, a.kind]),
      [
        ['destination', stop, 'pid-reset'],
        ['source', stop, 'abort'],
        ['destination', stop + 1n, 'abort'],
      ],
    );
    const written = placeBatch(B[0] as Buffer, stop, 0);
    const split = compare([...A, written], stopped);
    assert.equal(split.outcome?.divergence?.reason, 'written-after-stop');
    assert.equal(split.outcome?.divergence?.offset, stop);
  });

  it('an ABORT marker the stop wrote first, facing the source’s own end of that transaction, is known', () => {
    const end = readBatchHeader(A[A.length - 1] as Buffer);
    const stop = end.baseOffset + BigInt(end.lastOffsetDelta) + 1n;
    const stopped = [...A, marker(stop, ControlType.ABORT), marker(stop + 1n, ControlType.MIRROR_PID_RESET)];
    const c = compare([...A, marker(stop, ControlType.COMMIT)], stopped);
    assert.deepEqual(c.outcome, { verdict: 'identical' });
    assert.deepEqual(
      c.additions.map((a) => [a.side, a.offset, a.kind]),
      [
        ['destination', stop, 'abort'],
        ['source', stop, 'commit'],
        ['destination', stop + 1n, 'pid-reset'],
      ],
    );
  });

  it('a batch missing on one side diverges, unless the topic is compacted: then not comparable', () => {
    const c = compare(A, [A[1] as Buffer]);
    assert.equal(c.outcome?.divergence?.reason, 'batch-missing');
    assert.equal(c.outcome?.divergence?.offset, 0n);
    assert.equal(c.outcome?.divergence?.destination, null);
    const compacted = compare(A, [A[1] as Buffer], true);
    assert.equal(compacted.outcome?.verdict, 'not-comparable');
    assert.deepEqual(
      [compacted.outcome?.notComparable?.cause, compacted.outcome?.notComparable?.side],
      ['compaction', 'destination'],
    );
  });

  it('waits for the side that has not delivered yet', () => {
    const c = new BatchComparison(false);
    c.push('source', A.map(summarize));
    assert.equal(c.outcome, null);
    assert.equal(c.wants('destination'), true);
    c.push('destination', A.map(summarize));
    c.end('destination');
    assert.equal(c.outcome, null);
    c.end('source');
    assert.deepEqual(c.outcome, { verdict: 'identical' });
  });
});
