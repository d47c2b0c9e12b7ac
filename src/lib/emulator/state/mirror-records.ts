// What the mirror fetcher does with records: the source's batches land on the destination at the
// same offsets, byte for byte (CRC, records and the epoch that wrote them unchanged, as a follower
// appends), and a stop appends the prototype's MIRROR_PID_RESET control batch.

import {
  controlKey,
  ControlType,
  encodeBatch,
  endTxnMarkerValue,
  isTransactional,
  mirrorPidResetValue,
  readBatchHeader,
} from '../../kafka/record-batch.js';
import type { EmulatedCluster } from './cluster.js';
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
   * Appends the stop's control batches at `offset`, written in `leaderEpoch`: with `abortFrom` (the
   * first offset of a transaction still open) an ABORT marker of that transaction's producer first,
   * then the PID-reset batch, as the prototype's stop wrote them (abort at N, PID reset at N + 1).
   */
  stopMarker(offset: bigint, leaderEpoch: number, abortFrom?: bigint): void;
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
    stopMarker(offset, leaderEpoch, abortFrom) {
      const log = recordLog(destination, topic, p);
      if (log.end !== offset) log.truncateTo(offset);
      let next = offset;
      if (abortFrom !== undefined) {
        const producer = openTransactionProducer(log.read(abortFrom, Number.MAX_SAFE_INTEGER), abortFrom);
        log.append(
          encodeBatch({
            baseOffset: next,
            leaderEpoch,
            baseTimestamp: BigInt(Math.floor(destination.clock.now())),
            producerId: producer.producerId,
            producerEpoch: producer.producerEpoch,
            transactional: true,
            control: true,
            records: [
              { timestampDelta: 0n, key: controlKey(ControlType.ABORT), value: endTxnMarkerValue(0), headers: [] },
            ],
          }),
        );
        next += 1n;
      }
      log.append(
        encodeBatch({
          baseOffset: next,
          leaderEpoch,
          baseTimestamp: BigInt(Math.floor(destination.clock.now())),
          control: true,
          records: [
            {
              timestampDelta: 0n,
              key: controlKey(ControlType.MIRROR_PID_RESET),
              value: mirrorPidResetValue(sourceClusterId),
              headers: [],
            },
          ],
        }),
      );
    },
  };
}

/** The producer of the first transactional batch at or after `from`; -1/-1 when the log holds none. */
function openTransactionProducer(
  batches: readonly { readonly bytes: Buffer }[],
  from: bigint,
): { producerId: bigint; producerEpoch: number } {
  for (const batch of batches) {
    const h = readBatchHeader(batch.bytes);
    if (h.baseOffset >= from && isTransactional(h)) return { producerId: h.producerId, producerEpoch: h.producerEpoch };
  }
  return { producerId: -1n, producerEpoch: -1 };
}
