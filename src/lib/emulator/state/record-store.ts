// The records behind the engine's offsets: a partition's log is brought level with its end offset whenever it is
// read or written (owed traffic written as real batches, a longer log truncated), so truncations cut batches too.

import {
  controlKey,
  ControlType,
  encodeBatch,
  encodeSingleValueBatch,
  endTxnMarkerValue,
  placeBatch,
  readBatchHeader,
} from '../../kafka/record-batch.js';
import type { EmulatedCluster } from './cluster-model.js';
import { epochsAt, type EpochStart } from './epoch-history.js';
import { PartitionLog } from './partition-log.js';
import { endOffset, isFrozen, passedAt, type Partition, type Topic } from './topics.js';
import { lastStableOffset } from './transactions.js';

export const MAX_PARTITION_LOG_BYTES = 2 * 1024 * 1024;

const logs = new WeakMap<Partition, PartitionLog>();

function retentionOf(topic: Topic): number {
  const configured = Number(topic.configs.get('retention.bytes') ?? '-1');
  return configured > 0 ? Math.min(configured, MAX_PARTITION_LOG_BYTES) : MAX_PARTITION_LOG_BYTES;
}

export function generatedValue(topic: string, partition: number, offset: bigint): Buffer {
  return Buffer.from(`${topic}-${partition}@${offset}`, 'utf8');
}

function generatedBatch(topic: string, partition: number, offset: bigint, leaderEpoch: number, now: number): Buffer {
  return encodeSingleValueBatch(offset, leaderEpoch, BigInt(Math.floor(now)), generatedValue(topic, partition, offset));
}

function generatedBatchBytes(topic: string, partition: number, offset: bigint): number {
  return generatedBatch(topic, partition, offset, 0, 0).length;
}

/** The log, level with the engine's end offset; with `upTo`, owed records are written only that far. */
export function recordLog(cluster: EmulatedCluster, topic: Topic, p: Partition, upTo?: bigint): PartitionLog {
  let log = logs.get(p);
  if (!log) {
    log = new PartitionLog(retentionOf(topic));
    logs.set(p, log);
  }
  const now = cluster.clock.now();
  const end = endOffset(topic, p, now);
  if (log.end > end) log.truncateTo(end);
  if (log.end < end) generate(log, topic, p, end, upTo !== undefined && upTo < end ? upTo : end, now);
  return log;
}

/** Owed records, one per batch, so the copy (which counts records, fetches whole batches) can stop at any offset. */
function generate(log: PartitionLog, topic: Topic, p: Partition, end: bigint, stop: bigint, now: number): void {
  const fits = BigInt(Math.floor(log.retentionBytes / generatedBatchBytes(topic.name, p.index, end)));
  if (end - log.end > fits) log.resetAt(end - fits);
  const epochs = epochsAt(p, end, !isFrozen(p));
  let e = 0;
  for (let offset = log.end; offset < stop; offset++) {
    while (e + 1 < epochs.length && (epochs[e + 1] as EpochStart).start <= offset) e++;
    const epoch = epochs[e]?.epoch ?? p.leaderEpoch;
    log.append(generatedBatch(topic.name, p.index, offset, epoch, producedAt(topic, p, offset, now)));
  }
}

function producedAt(topic: Topic, p: Partition, offset: bigint, now: number): number {
  if (offset < p.base) return Math.min(now, passedAt(p, offset) ?? p.anchorMs);
  if (topic.growthPerSec <= 0 || isFrozen(p)) return now;
  const at = p.anchorMs + (Number(offset - p.base + 1n) * 1000) / topic.growthPerSec;
  return Math.min(now, Math.ceil(at));
}

/** A producer's batch as the leader appends it (next offsets and the leader epoch set outside the CRC). */
export function appendProducedBatch(cluster: EmulatedCluster, topic: Topic, p: Partition, batch: Buffer): bigint {
  const log = recordLog(cluster, topic, p);
  const count = readBatchHeader(batch).lastOffsetDelta + 1;
  const { baseOffset } = cluster.produce(topic.name, p.index, count);
  log.append(placeBatch(batch, baseOffset, p.leaderEpoch));
  return baseOffset;
}

/** A COMMIT/ABORT marker (EndTxnMarker v0); a partition gone or turned read-only since gets none. */
export function appendTxnMarker(
  cluster: EmulatedCluster,
  topicName: string,
  partition: number,
  marker: { readonly producerId: bigint; readonly epoch: number; readonly commit: boolean },
): void {
  const topic = cluster.topics.get(topicName);
  const p = topic?.partitions[partition];
  if (!topic || !p || isFrozen(p)) return;
  const log = recordLog(cluster, topic, p);
  const { baseOffset } = cluster.produce(topic.name, p.index, 1);
  log.append(
    encodeBatch({
      baseOffset,
      leaderEpoch: p.leaderEpoch,
      baseTimestamp: BigInt(Math.floor(cluster.clock.now())),
      producerId: marker.producerId,
      producerEpoch: marker.epoch,
      transactional: true,
      control: true,
      records: [
        {
          timestampDelta: 0n,
          key: controlKey(marker.commit ? ControlType.COMMIT : ControlType.ABORT),
          value: endTxnMarkerValue(0),
          headers: [],
        },
      ],
    }),
  );
}

/** The last stable offset: first offset of the oldest open transaction, else the high watermark. */
export function stableOffset(cluster: EmulatedCluster, topic: Topic, p: Partition): bigint {
  if (!logs.get(p)?.hasProducers) return lastStableOffset(p, endOffset(topic, p, cluster.clock.now()));
  const log = recordLog(cluster, topic, p);
  const first = log.producers.firstUnstableOffset();
  return lastStableOffset(p, first !== null && first < log.end ? first : log.end);
}

/** A fault for verify's tests: rewrites [offset, end) with other values, as a log written twice holds them. */
export function rewriteRecordsFrom(cluster: EmulatedCluster, topic: Topic, p: Partition, offset: bigint): void {
  const log = recordLog(cluster, topic, p);
  const end = log.end;
  const epochs = log.read(offset, Number.MAX_SAFE_INTEGER).map((b) => readBatchHeader(b.bytes).partitionLeaderEpoch);
  log.truncateTo(offset);
  for (let at = offset, i = 0; at < end; at++, i++) {
    const value = Buffer.from(`rewritten ${topic.name}-${p.index}@${at}`, 'utf8');
    log.append(encodeSingleValueBatch(at, epochs[i] ?? p.leaderEpoch, BigInt(Math.floor(cluster.clock.now())), value));
  }
}

export function deleteRecordsBefore(cluster: EmulatedCluster, topic: Topic, p: Partition, offset: bigint): void {
  recordLog(cluster, topic, p).deleteBefore(offset);
}
