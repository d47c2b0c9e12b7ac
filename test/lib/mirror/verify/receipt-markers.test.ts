// The stop markers a receipt records: the broker's control batches from the source end on, and where a forced
// promote stopped before the copy reached the source end, from its PID reset on.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ControlType } from '../../../../src/lib/kafka/record-batch.js';
import { type ReceiptBatch, stopMarkersOf } from '../../../../src/lib/mirror/verify/receipt.js';

const batch = (baseOffset: bigint, controlType: number | null = null): ReceiptBatch => ({
  baseOffset,
  lastOffsetDelta: 0,
  recordCount: 1,
  attributes: controlType === null ? 0 : 0x20,
  crc: '00000000',
  crcValid: true,
  controlType,
});
const { ABORT, COMMIT, MIRROR_PID_RESET: RESET } = ControlType;

describe('receipt stop markers', () => {
  it('a stop after the copy reached the source end: the markers from the source end on', () => {
    assert.deepEqual(stopMarkersOf([batch(8n), batch(9n), batch(10n, RESET)], 10n), [10n]);
    assert.deepEqual(stopMarkersOf([batch(9n), batch(10n, RESET), batch(11n, ABORT)], 10n), [10n, 11n]);
  });

  it('a forced stop before the copy reached the source end: from its PID reset on, with the aborts before it', () => {
    assert.deepEqual(stopMarkersOf([batch(3547n), batch(3548n), batch(3549n, RESET)], 3551n), [3549n]);
    assert.deepEqual(stopMarkersOf([batch(5n), batch(6n, ABORT), batch(7n, RESET)], 9n), [6n, 7n]);
  });

  it("a source's own reset (copied from an earlier stop) and its commit markers are not this stop's", () => {
    const log = [batch(3n, RESET), batch(4n), batch(5n, COMMIT), batch(6n), batch(7n, RESET)];
    assert.deepEqual(stopMarkersOf(log, 7n), [7n]);
    assert.deepEqual(stopMarkersOf([batch(4n), batch(5n, COMMIT)], 6n), [], 'no stop marker read');
  });
});
