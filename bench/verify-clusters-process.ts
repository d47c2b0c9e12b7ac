// The emulated clusters of the verify bench, in a process of their own so kmirror is measured apart.
// Usage: node dist/bench/verify-clusters-process.js TOPICS PARTITIONS BATCHES RECORDS (serves until stdin closes)

import { startEmulatedClusters } from '../src/lib/emulator/index.js';
import { appendProducedBatch, recordLog } from '../src/lib/emulator/state/record-store.js';
import { encodeBatch } from '../src/lib/kafka/record-batch.js';
import { startBenchMirror } from './describe.js';

const [topics, partitions, batches, records] = process.argv.slice(2).map(Number);
if (!topics || !partitions || !batches || !records)
  throw new Error('usage: verify-clusters-process TOPICS PARTITIONS BATCHES RECORDS');
const started = performance.now();
const emulator = await startEmulatedClusters({
  seed: 'bench-verify',
  growthPerSec: 0,
  timing: { copyRecordsPerSec: 20_000_000 },
});
const source = emulator.source.cluster;
const destination = emulator.destination.cluster;
const names = Array.from({ length: topics }, (_, i) => `topic-${String(i).padStart(4, '0')}`);
const value = Buffer.alloc(100, 'v');
let bytesPerSide = 0;
// One batch, appended again and again: the leader places each copy at its offset (a 2 GB mirror's set-up
// is then the copying, not the encoding).
const batch = encodeBatch({
  baseOffset: 0n,
  leaderEpoch: 0,
  baseTimestamp: BigInt(Date.now()),
  records: Array.from({ length: records }, () => ({ timestampDelta: 0n, key: null, value, headers: [] })),
});
for (const name of names) {
  const topic = source.createTopic(name, { partitions });
  for (const p of topic.partitions)
    for (let b = 0; b < batches; b++) {
      bytesPerSide += batch.length;
      appendProducedBatch(source, topic, p, batch);
    }
}
startBenchMirror(emulator, names, partitions);
const until = Date.now() + 600_000;
for (;;) {
  let behind = 0;
  for (const name of names) {
    const src = source.topics.get(name);
    const dst = destination.topics.get(name);
    for (const p of src?.partitions ?? []) {
      const d = dst?.partitions[p.index];
      if (!d || !src || !dst || recordLog(destination, dst, d).end < recordLog(source, src, p).end) behind++;
    }
  }
  if (behind === 0) break;
  if (Date.now() > until) throw new Error(`${behind} partitions not copied`);
  await new Promise((r) => setTimeout(r, 200));
}
const ready = {
  bootstrap: emulator.destination.bootstrap,
  setUpMs: Math.round(performance.now() - started),
  bytesPerSide,
};
process.stdout.write(`${JSON.stringify(ready)}\n`);
process.stdin.resume();
process.stdin.on('end', () => void emulator.close().then(() => process.exit(0)));
