// The record store's memory bound: one hour of the playground's default traffic on a manual clock, so the hour
// takes a minute or so. KMIRROR_BENCH_RECORDS_HOURS=6 runs six simulated hours, to see where RSS levels off.

import { ManualClock, startEmulatedClusters } from '../src/lib/emulator/index.js';
import {
  PLAYGROUND_COPY_RECORDS_PER_SEC,
  PLAYGROUND_GROWTH_PER_SEC,
  PLAYGROUND_TOPICS,
} from '../src/lib/emulator/playground.js';
import { MAX_PARTITION_LOG_BYTES, recordLog } from '../src/lib/emulator/state/record-store.js';
import type { EmulatedCluster } from '../src/lib/emulator/state/cluster.js';
import type { BenchResult } from './measure.js';

const HOUR_MS = 3_600_000;
const HOURS = Math.max(1, Number(process.env.KMIRROR_BENCH_RECORDS_HOURS ?? '1') || 1);
const TICK_MS = 100;
const ADMIN = { principal: 'User:admin', nodeId: 1 };

function heldBytes(cluster: EmulatedCluster): number {
  let bytes = 0;
  for (const topic of cluster.topics.values())
    for (const p of topic.partitions) if (!topic.internal) bytes += recordLog(cluster, topic, p).sizeBytes;
  return bytes;
}

export async function benchEmulatorRecords(): Promise<BenchResult[]> {
  const clock = new ManualClock(Date.now());
  const emulator = await startEmulatedClusters({
    seed: 'bench-records',
    clock,
    demoTopics: PLAYGROUND_TOPICS,
    growthPerSec: PLAYGROUND_GROWTH_PER_SEC,
    timing: { copyRecordsPerSec: PLAYGROUND_COPY_RECORDS_PER_SEC, startupFailureMs: 0 },
  });
  try {
    const { source, destination } = emulator;
    destination.cluster.createClusterMirror(ADMIN, {
      MirrorName: 'bench',
      Config: [
        { Name: 'bootstrap.servers', Value: source.bootstrap },
        { Name: 'mirror.source.cluster.id', Value: source.clusterId },
      ],
    });
    destination.cluster.startMirrorTopics(ADMIN, {
      MirrorName: 'bench',
      Topics: PLAYGROUND_TOPICS.map((t) => ({
        TopicName: t.name,
        TopicId: source.cluster.topics.get(t.name)?.id ?? '',
        NumPartitions: t.partitions,
      })),
    });
    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss / 1e6;
    const started = performance.now();
    for (let t = 0; t < HOURS * HOUR_MS; t += TICK_MS) {
      clock.advance(TICK_MS);
      emulator.tick();
    }
    const elapsed = (performance.now() - started) / 1000;
    globalThis.gc?.();
    const memory = process.memoryUsage();
    const rssAfter = memory.rss / 1e6;
    const held = (heldBytes(source.cluster) + heldBytes(destination.cluster)) / 1e6;
    const partitions = PLAYGROUND_TOPICS.reduce((n, t) => n + t.partitions, 0);
    const bound = (2 * partitions * MAX_PARTITION_LOG_BYTES) / 1e6;
    const first = PLAYGROUND_TOPICS[0]?.name ?? '';
    return [
      {
        name: `emulator: record batches held after ${HOURS} h of playground traffic (source + destination)`,
        value: held,
        unit: 'MB',
        target: `≤ ${bound.toFixed(1)} MB (${MAX_PARTITION_LOG_BYTES / 1048576} MiB × ${partitions} partitions × 2)`,
        detail:
          `simulated in ${elapsed.toFixed(0)} s; ${first}-0 ends at ${destination.cluster.endOffset(first, 0)} ` +
          `on the destination, ${source.cluster.endOffset(first, 0)} on the source`,
      },
      {
        name: `emulator process RSS after ${HOURS} h of playground traffic`,
        value: rssAfter,
        unit: 'MB',
        detail:
          `${rssBefore.toFixed(0)} MB before; after it heap ${(memory.heapUsed / 1e6).toFixed(0)} MB, ` +
          `buffers ${(memory.arrayBuffers / 1e6).toFixed(0)} MB`,
      },
    ];
  } finally {
    await emulator.close();
  }
}
