// What the mirror fetcher does with records: the source's batches land on the destination at the
// same offsets, byte for byte (CRC, records and the epoch that wrote them unchanged, as a follower
// appends), and a stop appends the prototype's MIRROR_PID_RESET control batch.

import { controlKey, ControlType, encodeBatch, mirrorPidResetValue } from '../../kafka/record-batch.js';
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
  /** Appends the stop's PID-reset control batch at `offset`, written in `leaderEpoch`. */
  stopMarker(offset: bigint, leaderEpoch: number): void;
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
    stopMarker(offset, leaderEpoch) {
      const log = recordLog(destination, topic, p);
      if (log.end !== offset) log.truncateTo(offset);
      log.append(
        encodeBatch({
          baseOffset: offset,
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
