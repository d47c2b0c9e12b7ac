// What verify keeps of a record batch; the bytes are dropped once summarised, so memory does not grow with the
// log. The partition leader epoch is not kept: a destination writes its own.

import {
  BATCH_HEADER_BYTES,
  controlTypeOf,
  crcMatches,
  isControl,
  readBatchHeader,
  RecordBatchError,
} from '../../kafka/record-batch.js';

export interface BatchSummary {
  readonly baseOffset: bigint;
  readonly lastOffsetDelta: number;
  readonly recordCount: number;
  readonly attributes: number;
  readonly crc: number;
  readonly crcValid: boolean;
  /** The control record type of a control batch (0 ABORT, 1 COMMIT, 7 MIRROR_PID_RESET), else null. */
  readonly controlType: number | null;
  readonly bytes: number;
}

export function nextOf(b: BatchSummary): bigint {
  return b.baseOffset + BigInt(b.lastOffsetDelta) + 1n;
}

export function summarize(batch: Buffer): BatchSummary {
  const h = readBatchHeader(batch);
  const crcValid = crcMatches(batch);
  let controlType: number | null = null;
  if (isControl(h)) {
    try {
      controlType = controlTypeOf(batch);
    } catch {
      controlType = -1;
    }
  }
  return {
    baseOffset: h.baseOffset,
    lastOffsetDelta: h.lastOffsetDelta,
    recordCount: h.recordCount,
    attributes: h.attributes,
    crc: h.crc,
    crcValid,
    controlType,
    bytes: batch.length,
  };
}

/** A broker may end a response with part of a batch; that part is left for the next fetch. */
export function completeBatches(records: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (records.length - at >= BATCH_HEADER_BYTES) {
    const size = records.readInt32BE(at + 8) + 12;
    if (size < BATCH_HEADER_BYTES) throw new RecordBatchError(`batch at byte ${at} claims ${size} bytes`);
    if (at + size > records.length) break;
    out.push(records.subarray(at, at + size));
    at += size;
  }
  return out;
}

export function crcHex(crc: number): string {
  return crc.toString(16).padStart(8, '0');
}
