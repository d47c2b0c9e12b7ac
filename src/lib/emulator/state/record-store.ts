// The records behind the engine's offsets. A partition's end offset still comes from the engine
// (growth, Produce, the mirror copy, truncation); its log is brought level with it whenever records
// are read or written: records the traffic generator owes are written as real batches (in the leader
// epoch the history gives them), and a log longer than the end offset is truncated, so failback and
// re-add truncation cut the batches too. Logs hang off their partitions, so a deleted topic's go with it.

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
import { endOffset, isFrozen, type Partition, type Topic } from './topics.js';
import { lastStableOffset } from './transactions.js';

/** The most bytes one partition's log keeps (a smaller positive `retention.bytes` wins). */
export const MAX_PARTITION_LOG_BYTES = 2 * 1024 * 1024;

const logs = new WeakMap<Partition, PartitionLog>();

function retentionOf(topic: Topic): number {
  const configured = Number(topic.configs.get('retention.bytes') ?? '-1');
  return configured > 0 ? Math.min(configured, MAX_PARTITION_LOG_BYTES) : MAX_PARTITION_LOG_BYTES;
}

/** The value of the generated record at `offset`: says where it was written, so a reader can check. */
export function generatedValue(topic: string, partition: number, offset: bigint): Buffer {
  return Buffer.from(`${topic}-${partition}@${offset}`, 'utf8');
}

function generatedBatch(topic: string, partition: number, offset: bigint, leaderEpoch: number, now: number): Buffer {
  return encodeSingleValueBatch(offset, leaderEpoch, BigInt(Math.floor(now)), generatedValue(topic, partition, offset));
}

/** Bytes of one generated batch near `offset`, for the retention cap of a long gap. */
function generatedBatchBytes(topic: string, partition: number, offset: bigint): number {
  return generatedBatch(topic, partition, offset, 0, 0).length;
}

/**
 * The partition's log, level with the engine's end offset at the cluster's clock. With `upTo`, owed
 * records are written only that far (the mirror copy reads a stretch at a time, so a long backlog
 * is not written all at once); a later call writes the rest.
 */
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

/**
 * Writes the records [log.end, stop) of the [log.end, end) the traffic generator owes, in their
 * epochs, one record per batch: the engine's copy rate counts records, and a fetcher copies whole
 * batches, so a batch of one is what lets the copy stop at any offset as it always has.
 */
function generate(log: PartitionLog, topic: Topic, p: Partition, end: bigint, stop: bigint, now: number): void {
  const fits = BigInt(Math.floor(log.retentionBytes / generatedBatchBytes(topic.name, p.index, end)));
  // Records that retention would delete at once are never made: the log starts after them.
  if (end - log.end > fits) log.resetAt(end - fits);
  const epochs = epochsAt(p, end, !isFrozen(p));
  let e = 0;
  for (let offset = log.end; offset < stop; offset++) {
    while (e + 1 < epochs.length && (epochs[e + 1] as EpochStart).start <= offset) e++;
    const epoch = epochs[e]?.epoch ?? p.leaderEpoch;
    log.append(generatedBatch(topic.name, p.index, offset, epoch, producedAt(topic, p, offset, now)));
  }
}

/**
 * When the traffic generator produced `offset`: a record past the folded base came at its place in the
 * steady growth since the anchor; one before it (folded earlier) is stamped `now`, the only time known.
 */
function producedAt(topic: Topic, p: Partition, offset: bigint, now: number): number {
  if (offset < p.base || topic.growthPerSec <= 0 || isFrozen(p)) return now;
  const at = p.anchorMs + (Number(offset - p.base + 1n) * 1000) / topic.growthPerSec;
  return Math.min(now, Math.ceil(at));
}

/**
 * A producer's batch as the leader appends it: the next offsets and the leader's epoch are written
 * into its header (outside the CRC), and the engine's end offset moves past it. Returns its base offset.
 */
export function appendProducedBatch(cluster: EmulatedCluster, topic: Topic, p: Partition, batch: Buffer): bigint {
  const log = recordLog(cluster, topic, p);
  const count = readBatchHeader(batch).lastOffsetDelta + 1;
  const { baseOffset } = cluster.produce(topic.name, p.index, count);
  log.append(placeBatch(batch, baseOffset, p.leaderEpoch));
  return baseOffset;
}

/**
 * A COMMIT or ABORT marker (EndTxnMarker v0, coordinator epoch 0) in a partition of a transaction, as
 * the coordinator writes it: the next offset, the leader's epoch, the producer's id and epoch. A
 * partition gone, or turned read-only since the transaction wrote there, gets none.
 */
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

/**
 * The last stable offset: the first offset of the oldest open transaction in the log (or of one the
 * offsets-only test hook opened, `state/transactions.ts`), else the high watermark.
 */
export function stableOffset(cluster: EmulatedCluster, topic: Topic, p: Partition): bigint {
  // A log no producer wrote to holds no transaction: the engine's end needs no records written.
  if (!logs.get(p)?.hasProducers) return lastStableOffset(p, endOffset(topic, p, cluster.clock.now()));
  const log = recordLog(cluster, topic, p);
  const first = log.producers.firstUnstableOffset();
  return lastStableOffset(p, first !== null && first < log.end ? first : log.end);
}

/**
 * A fault for verify's tests: the records [offset, end) of this cluster's log are written again with other
 * values (one per batch, same offsets and epochs), as a log written twice would hold them.
 */
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

/** DeleteRecords: the partition's log starts at `offset` from now on (the engine's end offset is unchanged). */
export function deleteRecordsBefore(cluster: EmulatedCluster, topic: Topic, p: Partition, offset: bigint): void {
  recordLog(cluster, topic, p).deleteBefore(offset);
}
