// What the mirror fetcher does with records: the source's batches land on the destination at the
// same offsets, byte for byte (CRC, records and the epoch that wrote them unchanged, as a follower
// appends: transactional batches and their markers too, so the destination's open transactions and
// last stable offset follow the source's), and a stop appends, as the prototype does (PROTOCOL.md §18),
// an ABORT marker per transaction still open there, then its MIRROR_PID_RESET control batch.

import {
  controlKey,
  ControlType,
  encodeBatch,
  endTxnMarkerValue,
  mirrorPidResetValue,
} from '../../kafka/record-batch.js';
import type { EmulatedCluster } from './cluster-model.js';
import { recordLog } from './record-store.js';
import type { Partition, Topic } from './topics.js';

/** The engine's hooks into the records of one mirror partition. */
export interface MirrorRecords {
  /**
   * Copies the source's batches starting in [from, to); returns the end reached, which passes `to`
   * when the last batch does (a fetcher copies whole batches).
   */
  copy(from: bigint, to: bigint): bigint;
  /**
   * Appends the stop's control batches from `offset`, written in `leaderEpoch`: an abort marker per
   * open transaction (and one more for a transaction of the offsets-only test hook when
   * `hookTransaction`), then the PID reset. Returns how many records it wrote.
   */
  stopMarkers(offset: bigint, leaderEpoch: number, hookTransaction: boolean): number;
}

/** The source partition a fetch reads; null while the source cannot be read. */
export interface SourcePartition {
  readonly cluster: EmulatedCluster;
  readonly topic: Topic;
  readonly partition: Partition;
}

export function mirrorRecords(
  destination: EmulatedCluster,
  topic: Topic,
  p: Partition,
  source: SourcePartition | null,
  sourceClusterId: string,
): MirrorRecords {
  return {
    copy(from, to) {
      if (!source || to <= from) return to;
      const log = recordLog(destination, topic, p);
      if (log.end !== from) log.truncateTo(from);
      let reached = to;
      for (const batch of recordLog(source.cluster, source.topic, source.partition, to).read(
        from,
        Number.MAX_SAFE_INTEGER,
      )) {
        if (batch.base >= to) break;
        // Part of this batch is already here (a truncation point inside it): the fetcher starts after it.
        if (batch.base < log.end) continue;
        log.append(batch.bytes);
        if (batch.next > reached) reached = batch.next;
      }
      return reached;
    },
    stopMarkers(offset, leaderEpoch, hookTransaction) {
      const log = recordLog(destination, topic, p);
      if (log.end !== offset) log.truncateTo(offset);
      const baseTimestamp = BigInt(Math.floor(destination.clock.now()));
      // An abort marker is a transactional control batch, of the transaction's producer (-1/-1 for the
      // test hook's offsets-only transaction); the PID reset is a control batch of no producer.
      const control = (key: Buffer, value: Buffer, producer: { producerId: bigint; epoch: number } | null) =>
        log.append(
          encodeBatch({
            baseOffset: log.end,
            leaderEpoch,
            baseTimestamp,
            control: true,
            ...(producer
              ? { producerId: producer.producerId, producerEpoch: producer.epoch, transactional: true }
              : {}),
            records: [{ timestampDelta: 0n, key, value, headers: [] }],
          }),
        );
      const open: { producerId: bigint; epoch: number }[] = [...log.producers.openTransactions()];
      if (hookTransaction) open.push({ producerId: -1n, epoch: -1 });
      for (const producer of open) control(controlKey(ControlType.ABORT), endTxnMarkerValue(0), producer);
      control(controlKey(ControlType.MIRROR_PID_RESET), mirrorPidResetValue(sourceClusterId), null);
      return open.length + 1;
    },
  };
}
