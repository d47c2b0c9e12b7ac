// One partition's records: real magic-v2 batches kept in memory, oldest out once the log holds more
// than its retention in bytes (the log start offset moves to the first batch left, as Kafka's does
// when it deletes a segment). Offsets are exact bigints; a batch's bytes are stored as appended.

import {
  decodeRecords,
  isControl,
  isTransactional,
  nextOffsetOf,
  readBatchHeader,
  RecordBatchError,
} from '../../kafka/record-batch.js';

export interface StoredBatch {
  readonly base: bigint;
  /** The offset after the batch's last record. */
  readonly next: bigint;
  readonly bytes: Buffer;
  readonly maxTimestamp: bigint;
  readonly producerId: bigint;
  readonly transactional: boolean;
  readonly control: boolean;
}

export class PartitionLog {
  private batches: StoredBatch[] = [];
  private held = 0;

  constructor(
    readonly retentionBytes: number,
    private startOffset = 0n,
    private endOffset = startOffset,
  ) {}

  get start(): bigint {
    return this.startOffset;
  }
  get end(): bigint {
    return this.endOffset;
  }
  /** Bytes of the batches held. */
  get sizeBytes(): number {
    return this.held;
  }
  get batchCount(): number {
    return this.batches.length;
  }

  /**
   * Appends a batch already placed at its offset. A batch past the end (the records between were
   * never received) empties the log and starts it there, as a follower does below a leader's start.
   */
  append(bytes: Buffer): StoredBatch {
    const h = readBatchHeader(bytes);
    if (h.baseOffset < this.endOffset)
      throw new RecordBatchError(`batch at ${h.baseOffset} overlaps the log, which ends at ${this.endOffset}`);
    if (h.baseOffset > this.endOffset) this.resetAt(h.baseOffset);
    const batch: StoredBatch = {
      base: h.baseOffset,
      next: nextOffsetOf(h),
      bytes,
      maxTimestamp: h.maxTimestamp,
      producerId: h.producerId,
      transactional: isTransactional(h),
      control: isControl(h),
    };
    this.batches.push(batch);
    this.held += bytes.length;
    this.endOffset = batch.next;
    this.enforceRetention();
    return batch;
  }

  /** Drops every record at or beyond `offset` (a batch holding it goes whole). */
  truncateTo(offset: bigint): void {
    if (offset >= this.endOffset) return;
    while (this.batches.length > 0) {
      const last = this.batches[this.batches.length - 1] as StoredBatch;
      if (last.next <= offset) break;
      this.batches.pop();
      this.held -= last.bytes.length;
    }
    const kept = this.batches[this.batches.length - 1]?.next;
    this.endOffset = kept ?? (offset < this.startOffset ? offset : this.startOffset);
    if (this.batches.length === 0) this.startOffset = this.endOffset;
  }

  /** Empties the log; it starts (and ends) at `offset`. */
  resetAt(offset: bigint): void {
    this.batches = [];
    this.held = 0;
    this.startOffset = offset;
    this.endOffset = offset;
  }

  /** The batches from the one holding `from` on, up to about `maxBytes` (always at least one). */
  read(from: bigint, maxBytes: number): StoredBatch[] {
    const out: StoredBatch[] = [];
    let bytes = 0;
    for (let i = this.firstIndexAtOrAfter(from); i < this.batches.length; i++) {
      const batch = this.batches[i] as StoredBatch;
      if (out.length > 0 && bytes + batch.bytes.length > maxBytes) break;
      out.push(batch);
      bytes += batch.bytes.length;
    }
    return out;
  }

  /** ListOffsets by timestamp: the first offset whose record has a timestamp at or after `ts`; null when none. */
  offsetForTimestamp(ts: bigint): { readonly offset: bigint; readonly timestamp: bigint } | null {
    for (const batch of this.batches) {
      if (batch.control || batch.maxTimestamp < ts) continue;
      const h = readBatchHeader(batch.bytes);
      try {
        for (const record of decodeRecords(batch.bytes)) {
          const timestamp = h.baseTimestamp + record.timestampDelta;
          if (timestamp >= ts) return { offset: batch.base + BigInt(record.offsetDelta), timestamp };
        }
      } catch (err) {
        // Records compressed in a way the emulator cannot read: the batch stands for its first record.
        if (!(err instanceof RecordBatchError)) throw err;
        return { offset: batch.base, timestamp: batch.maxTimestamp };
      }
    }
    return null;
  }

  /** The offset and timestamp of the record with the largest timestamp; null for an empty log. */
  maxTimestamp(): { readonly offset: bigint; readonly timestamp: bigint } | null {
    let best: StoredBatch | undefined;
    for (const batch of this.batches)
      if (!batch.control && (!best || batch.maxTimestamp >= best.maxTimestamp)) best = batch;
    return best ? { offset: best.next - 1n, timestamp: best.maxTimestamp } : null;
  }

  private firstIndexAtOrAfter(offset: bigint): number {
    let lo = 0;
    let hi = this.batches.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.batches[mid] as StoredBatch).next <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private enforceRetention(): void {
    while (this.held > this.retentionBytes && this.batches.length > 1) {
      const oldest = this.batches.shift() as StoredBatch;
      this.held -= oldest.bytes.length;
      this.startOffset = (this.batches[0] as StoredBatch).base;
    }
  }
}
