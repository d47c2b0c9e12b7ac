// The records behind the engine's offsets. A partition's end offset still comes from the engine
// (growth, Produce, the mirror copy, truncation); its log is brought level with it whenever records
// are read or written: records the traffic generator owes are written as real batches (in the leader
// epoch the history gives them), and a log longer than the end offset is truncated, so failback and
// re-add truncation cut the batches too. Logs hang off their partitions, so a deleted topic's go with it.

import { Compression, encodeBatch, placeBatch, readBatchHeader } from '../../kafka/record-batch.js';
import type { EmulatedCluster } from './cluster.js';
import { epochsAt } from './epoch-history.js';
import { PartitionLog } from './partition-log.js';
import { endOffset, isFrozen, type Partition, type Topic } from './topics.js';

/** The most bytes one partition's log keeps (a smaller positive `retention.bytes` wins). */
export const MAX_PARTITION_LOG_BYTES = 1024 * 1024;
/** The traffic generator's batches hold at most this many records (a real producer's linger). */
export const GENERATED_BATCH_RECORDS = 100;
/** Bytes of one generated record inside its batch, for the retention cap of a long gap. */
const GENERATED_RECORD_BYTES = 32;

const logs = new WeakMap<Partition, PartitionLog>();

function retentionOf(topic: Topic): number {
  const configured = Number(topic.configs.get('retention.bytes') ?? '-1');
  return configured > 0 ? Math.min(configured, MAX_PARTITION_LOG_BYTES) : MAX_PARTITION_LOG_BYTES;
}

/** The value of the generated record at `offset`: says where it was written, so a reader can check. */
export function generatedValue(topic: string, partition: number, offset: bigint): Buffer {
  return Buffer.from(`${topic}-${partition}@${offset}`, 'utf8');
}

/** The partition's log, level with the engine's end offset at the cluster's clock. */
export function recordLog(cluster: EmulatedCluster, topic: Topic, p: Partition): PartitionLog {
  let log = logs.get(p);
  if (!log) {
    log = new PartitionLog(retentionOf(topic));
    logs.set(p, log);
  }
  const now = cluster.clock.now();
  const end = endOffset(topic, p, now);
  if (log.end > end) log.truncateTo(end);
  if (log.end < end) generate(log, topic, p, end, now);
  return log;
}

/** Writes the records [log.end, end) the traffic generator owes, batch by batch, in their epochs. */
function generate(log: PartitionLog, topic: Topic, p: Partition, end: bigint, now: number): void {
  const fits = BigInt(Math.floor(log.retentionBytes / GENERATED_RECORD_BYTES));
  // Records that retention would delete at once are never made: the log starts after them.
  if (end - log.end > fits) log.resetAt(end - fits);
  const epochs = epochsAt(p, end, !isFrozen(p));
  let offset = log.end;
  while (offset < end) {
    const entry = [...epochs].reverse().find((e) => e.start <= offset);
    const nextEpochStart = epochs.find((e) => e.start > offset)?.start ?? end;
    const stop = [nextEpochStart, end, offset + BigInt(GENERATED_BATCH_RECORDS)].reduce((a, b) => (b < a ? b : a));
    const records = [];
    for (let o = offset; o < stop; o++)
      records.push({ timestampDelta: 0n, key: null, value: generatedValue(topic.name, p.index, o), headers: [] });
    log.append(
      encodeBatch({
        baseOffset: offset,
        leaderEpoch: entry?.epoch ?? p.leaderEpoch,
        baseTimestamp: BigInt(Math.floor(now)),
        compression: Compression.NONE,
        records,
      }),
    );
    offset = stop;
  }
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
