// One partition's records: real magic-v2 batches in memory segments, the oldest dropped once the log exceeds its
// retention bytes, as Kafka deletes a segment.

import {
  controlTypeOf,
  decodeRecords,
  isControl,
  isTransactional,
  nextOffsetOf,
  readBatchHeader,
  RecordBatchError,
} from '../../kafka/record-batch.js';
import { ProducerStates } from './producer-state.js';

export interface StoredBatch {
  readonly base: bigint;
  readonly next: bigint;
  readonly bytes: Buffer;
  readonly maxTimestamp: bigint;
  readonly producerId: bigint;
  readonly transactional: boolean;
  readonly control: boolean;
}

export const MAX_SEGMENT_BYTES = 64 * 1024;
const FIRST_SEGMENT_BYTES = 4 * 1024;

interface Segment {
  readonly id: number;
  readonly buf: Buffer;
  used: number;
}

class Placed implements StoredBatch {
  constructor(
    readonly base: bigint,
    readonly next: bigint,
    readonly maxTimestamp: bigint,
    readonly producerId: bigint,
    readonly transactional: boolean,
    readonly control: boolean,
    readonly seg: Segment,
    readonly at: number,
    readonly length: number,
  ) {}

  get segment(): number {
    return this.seg.id;
  }

  get bytes(): Buffer {
    return this.seg.buf.subarray(this.at, this.at + this.length);
  }
}

export class PartitionLog {
  private batches: Placed[] = [];
  private segments: Segment[] = [];
  private nextSegmentId = 0;
  private held = 0;
  private producerStates: ProducerStates | undefined;

  constructor(
    readonly retentionBytes: number,
    private startOffset = 0n,
    private endOffset = startOffset,
    private readonly maxSegmentBytes = MAX_SEGMENT_BYTES,
  ) {}

  get start(): bigint {
    return this.startOffset;
  }
  get end(): bigint {
    return this.endOffset;
  }
  get sizeBytes(): number {
    return this.held;
  }
  get allocatedBytes(): number {
    return this.segments.reduce((n, s) => n + s.buf.length, 0);
  }
  get batchCount(): number {
    return this.batches.length;
  }
  get hasProducers(): boolean {
    return this.producerStates !== undefined;
  }
  get producers(): ProducerStates {
    this.producerStates ??= new ProducerStates();
    return this.producerStates;
  }

  /**
   * Appends a batch at its offset, copied (the bytes given are often a slice of a larger frame); a batch
   * past the end empties the log and starts it there, as a follower does below a leader's log start.
   */
  append(bytes: Buffer): StoredBatch {
    const h = readBatchHeader(bytes);
    if (h.baseOffset < this.endOffset)
      throw new RecordBatchError(`batch at ${h.baseOffset} overlaps the log, which ends at ${this.endOffset}`);
    if (h.baseOffset > this.endOffset) this.resetAt(h.baseOffset);
    const control = isControl(h);
    if (h.producerId >= 0n || control) this.producers.observe(h, control ? controlTypeOf(bytes) : null);
    const segment = this.segmentFor(bytes.length);
    bytes.copy(segment.buf, segment.used);
    const batch = new Placed(
      h.baseOffset,
      nextOffsetOf(h),
      h.maxTimestamp,
      h.producerId,
      isTransactional(h),
      control,
      segment,
      segment.used,
      bytes.length,
    );
    segment.used += bytes.length;
    this.batches.push(batch);
    this.held += bytes.length;
    this.endOffset = batch.next;
    this.enforceRetention();
    return batch;
  }

  truncateTo(offset: bigint): void {
    if (offset >= this.endOffset) return;
    while (this.batches.length > 0) {
      const last = this.batches[this.batches.length - 1] as Placed;
      if (last.next <= offset) break;
      this.batches.pop();
      this.held -= last.length;
      const segment = this.segments[this.segments.length - 1];
      if (segment && segment.id === last.segment) {
        segment.used -= last.length;
        if (segment.used === 0) this.segments.pop();
      }
    }
    const kept = this.batches[this.batches.length - 1]?.next;
    this.endOffset = kept ?? (offset < this.startOffset ? offset : this.startOffset);
    this.producerStates?.truncateTo(this.endOffset);
    if (this.batches.length === 0) this.resetAt(this.endOffset);
  }

  resetAt(offset: bigint): void {
    this.batches = [];
    this.segments = [];
    this.held = 0;
    this.startOffset = offset;
    this.endOffset = offset;
    this.producerStates?.trimBelow(offset);
  }

  /** DeleteRecords: the log starts at `offset`; segment memory stays until retention drops it (test hook). */
  deleteBefore(offset: bigint): void {
    const start = offset < this.endOffset ? offset : this.endOffset;
    if (start <= this.startOffset) return;
    let count = 0;
    for (; count < this.batches.length && (this.batches[count] as Placed).next <= start; count++)
      this.held -= (this.batches[count] as Placed).length;
    this.batches.splice(0, count);
    this.startOffset = start;
  }

  read(from: bigint, maxBytes: number, minOne = true): StoredBatch[] {
    const out: StoredBatch[] = [];
    let bytes = 0;
    for (let i = this.firstIndexAtOrAfter(from); i < this.batches.length; i++) {
      const batch = this.batches[i] as Placed;
      // minOne: the first batch comes whole even past maxBytes (KIP-74), so a fetch always makes progress.
      if ((out.length > 0 || !minOne) && bytes + batch.length > maxBytes) break;
      out.push(batch);
      bytes += batch.length;
    }
    return out;
  }

  /** The bytes of read()'s batches: one view per run within a segment, copying only across segments. */
  bytesOf(batches: readonly StoredBatch[]): Buffer {
    const views: Buffer[] = [];
    let run: { seg: Segment; start: number; end: number } | undefined;
    for (const b of batches as readonly Placed[]) {
      if (run && run.seg === b.seg && run.end === b.at) run.end += b.length;
      else {
        if (run) views.push(run.seg.buf.subarray(run.start, run.end));
        run = { seg: b.seg, start: b.at, end: b.at + b.length };
      }
    }
    if (run) views.push(run.seg.buf.subarray(run.start, run.end));
    return views.length === 1 ? (views[0] as Buffer) : Buffer.concat(views);
  }

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

  maxTimestamp(): { readonly offset: bigint; readonly timestamp: bigint } | null {
    let best: Placed | undefined;
    for (const batch of this.batches)
      if (!batch.control && (!best || batch.maxTimestamp >= best.maxTimestamp)) best = batch;
    return best ? { offset: best.next - 1n, timestamp: best.maxTimestamp } : null;
  }

  private firstIndexAtOrAfter(offset: bigint): number {
    let lo = 0;
    let hi = this.batches.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.batches[mid] as Placed).next <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private segmentFor(size: number): Segment {
    const last = this.segments[this.segments.length - 1];
    if (last && last.buf.length - last.used >= size) return last;
    const grown = last ? Math.min(this.maxSegmentBytes, last.buf.length * 2) : FIRST_SEGMENT_BYTES;
    const segment: Segment = {
      id: this.nextSegmentId++,
      buf: Buffer.allocUnsafeSlow(Math.max(size, Math.min(grown, this.maxSegmentBytes))),
      used: 0,
    };
    this.segments.push(segment);
    return segment;
  }

  private enforceRetention(): void {
    while (this.held > this.retentionBytes && this.segments.length > 1) {
      const oldest = this.segments.shift() as Segment;
      let count = 0;
      for (; count < this.batches.length && (this.batches[count] as Placed).segment === oldest.id; count++)
        this.held -= (this.batches[count] as Placed).length;
      this.batches.splice(0, count);
      this.startOffset = (this.batches[0] as Placed).base;
    }
    this.producerStates?.trimBelow(this.startOffset);
  }
}
