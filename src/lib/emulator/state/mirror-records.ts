// The mirror fetcher's records: source batches land byte for byte at the same offsets (markers too), and a stop
// appends an ABORT marker per open transaction, then MIRROR_PID_RESET, as the prototype does (PROTOCOL.md §18).

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

export interface MirrorRecords {
  /** Copies batches starting in [from, to); the end reached passes `to` when the last batch does. */
  copy(from: bigint, to: bigint): bigint;
  /** Appends the stop's abort markers and PID reset from `offset`; returns how many records it wrote. */
  stopMarkers(offset: bigint, leaderEpoch: number, hookTransaction: boolean): number;
}

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
