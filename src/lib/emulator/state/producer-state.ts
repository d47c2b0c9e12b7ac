// One partition's producer state from its appended batches, as Kafka's ProducerStateManager keeps it; a
// MIRROR_PID_RESET batch (a stop, PROTOCOL.md §18) forgets every producer.

import { ControlType, type BatchHeader } from '../../kafka/record-batch.js';
import { errors } from '../../kafka/error-codes.js';

const BATCHES_RETAINED = 5;
const INT32_MAX = 0x7fffffff;

interface BatchSequence {
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly base: bigint;
}

interface ProducerEntry {
  readonly epoch: number;
  readonly batches: readonly BatchSequence[];
  readonly txnFirst: bigint | null;
}

export interface AbortedTransaction {
  readonly producerId: bigint;
  readonly firstOffset: bigint;
  readonly lastOffset: bigint;
}

export interface OpenProducerTransaction {
  readonly producerId: bigint;
  readonly epoch: number;
  readonly firstOffset: bigint;
}

export type SequenceCheck =
  | { readonly kind: 'append' }
  | { readonly kind: 'duplicate'; readonly base: bigint }
  | { readonly kind: 'refused'; readonly code: number; readonly message: string };

interface Undo {
  readonly at: bigint;
  undo(): void;
}

function lastSequenceOf(h: BatchHeader): number {
  const last = h.baseSequence + h.lastOffsetDelta;
  return last > INT32_MAX ? last - INT32_MAX - 1 : last;
}

function inSequence(lastSeq: number, nextSeq: number): boolean {
  return nextSeq === lastSeq + 1 || (nextSeq === 0 && lastSeq === INT32_MAX);
}

export class ProducerStates {
  private producers = new Map<bigint, ProducerEntry>();
  private aborted: AbortedTransaction[] = [];
  private undos: Undo[] = [];

  check(h: BatchHeader): SequenceCheck {
    if (h.producerId < 0n) return { kind: 'append' };
    const entry = this.producers.get(h.producerId);
    if (!entry) return { kind: 'append' };
    const first = h.baseSequence;
    if (h.producerEpoch < entry.epoch)
      return refused(
        errors.INVALID_PRODUCER_EPOCH.code,
        `Epoch of producer ${h.producerId} is ${h.producerEpoch}, ` +
          `which is smaller than the last seen epoch ${entry.epoch}`,
      );
    if (h.producerEpoch > entry.epoch)
      return first === 0
        ? { kind: 'append' }
        : refused(
            errors.OUT_OF_ORDER_SEQUENCE_NUMBER.code,
            `Invalid sequence number for new epoch of producer ${h.producerId}: ${h.producerEpoch} ` +
              `(request epoch), ${first} (seq. number), ${entry.epoch} (current producer epoch)`,
          );
    const last = lastSequenceOf(h);
    const duplicate = entry.batches.find((b) => b.firstSeq === first && b.lastSeq === last);
    if (duplicate) return { kind: 'duplicate', base: duplicate.base };
    const lastSeq = entry.batches[entry.batches.length - 1]?.lastSeq ?? -1;
    if (inSequence(lastSeq, first)) return { kind: 'append' };
    return refused(
      errors.OUT_OF_ORDER_SEQUENCE_NUMBER.code,
      `Out of order sequence number for producer ${h.producerId}: ${first} (incoming seq. number), ` +
        `${lastSeq} (current end sequence number)`,
    );
  }

  observe(h: BatchHeader, controlType: number | null): void {
    if (controlType === ControlType.MIRROR_PID_RESET) {
      const before = this.producers;
      this.producers = new Map();
      this.undos.push({ at: h.baseOffset, undo: () => (this.producers = before) });
      return;
    }
    if (h.producerId < 0n) return;
    const pid = h.producerId;
    const before = this.producers.get(pid);
    const epoch = Math.max(h.producerEpoch, before?.epoch ?? -1);
    let next: ProducerEntry;
    let abortedAdded = false;
    if (controlType !== null) {
      const first = before?.txnFirst ?? null;
      if (controlType === ControlType.ABORT && first !== null) {
        this.aborted.push({ producerId: pid, firstOffset: first, lastOffset: h.baseOffset });
        abortedAdded = true;
      }
      // A marker in a newer epoch (a fenced producer's transaction aborted) starts the epoch afresh.
      next = { epoch, batches: before && before.epoch === epoch ? before.batches : [], txnFirst: null };
    } else {
      const kept = before && before.epoch === h.producerEpoch ? before.batches : [];
      const batch = { firstSeq: h.baseSequence, lastSeq: lastSequenceOf(h), base: h.baseOffset };
      next = {
        epoch,
        batches: [...kept.slice(-(BATCHES_RETAINED - 1)), batch],
        txnFirst: before?.txnFirst ?? ((h.attributes & 0x10) !== 0 ? h.baseOffset : null),
      };
    }
    this.producers.set(pid, next);
    this.undos.push({
      at: h.baseOffset,
      undo: () => {
        if (before) this.producers.set(pid, before);
        else this.producers.delete(pid);
        if (abortedAdded) this.aborted.pop();
      },
    });
  }

  truncateTo(offset: bigint): void {
    while (this.undos.length > 0 && (this.undos[this.undos.length - 1] as Undo).at >= offset)
      (this.undos.pop() as Undo).undo();
  }

  trimBelow(start: bigint): void {
    let undos = 0;
    while (undos < this.undos.length && (this.undos[undos] as Undo).at < start) undos++;
    if (undos > 0) this.undos.splice(0, undos);
    let aborted = 0;
    while (aborted < this.aborted.length && (this.aborted[aborted] as AbortedTransaction).lastOffset < start) aborted++;
    if (aborted > 0) this.aborted.splice(0, aborted);
  }

  openTransactions(): OpenProducerTransaction[] {
    const open: OpenProducerTransaction[] = [];
    for (const [producerId, entry] of this.producers)
      if (entry.txnFirst !== null) open.push({ producerId, epoch: entry.epoch, firstOffset: entry.txnFirst });
    return open.sort((a, b) => (a.firstOffset < b.firstOffset ? -1 : a.firstOffset > b.firstOffset ? 1 : 0));
  }

  firstUnstableOffset(): bigint | null {
    return this.openTransactions()[0]?.firstOffset ?? null;
  }

  abortedIn(from: bigint, to: bigint): AbortedTransaction[] {
    return this.aborted.filter((a) => a.lastOffset >= from && a.firstOffset < to);
  }
}

function refused(code: number, message: string): SequenceCheck {
  return { kind: 'refused', code, message };
}
