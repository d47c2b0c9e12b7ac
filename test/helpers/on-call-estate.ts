// An estate for the on-call series and the dashboard: a destination mirroring two topics from the source
// with lag (one partition over 100,000 records behind, the others behind by records of known age), one
// topic PAUSED, and a mirror loop (the source mirrors `refunds` from the destination while the
// destination's m1 mirrors it back), whose partition here is FAILED with its one retry spent. The
// clock stands still an hour in the past, so every record's time is known and nothing moves.

import { ManualClock, startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { encodeBatch } from '../../src/lib/kafka/record-batch.js';
import { appendProducedBatch } from '../../src/lib/emulator/state/record-store.js';
import { createMirror, pauseTopics, startTopics } from '../commands/describe-setup.js';
import { INSTANT_START } from './emulator-timing.js';

const ADMIN = { principal: 'User:admin', nodeId: 1 };
export const TEN_MINUTES = 600_000;
/** Records behind of orders/1: above the alert rule's 100,000. */
export const BIG_LAG = 100_001;

export interface OnCallEstate {
  readonly emulator: EmulatedClusters;
  /** Clock time (ms) at which the first record each lagging partition lacks was produced. */
  readonly producedAt: ReadonlyMap<string, number>;
}

/** One batch of `count` small records at the partition's end, as a producer's write. */
function produceBatch(emulator: EmulatedClusters, topicName: string, partition: number, count: number): void {
  const source = emulator.source.cluster;
  const topic = source.topics.get(topicName);
  const p = topic?.partitions[partition];
  if (!topic || !p) throw new Error(`no ${topicName}-${partition}`);
  const records = Array.from({ length: count }, () => ({
    timestampDelta: 0n,
    key: null,
    value: Buffer.from('r'),
    headers: [],
  }));
  const batch = encodeBatch({ baseOffset: 0n, leaderEpoch: 0, baseTimestamp: BigInt(source.clock.now()), records });
  appendProducedBatch(source, topic, p, batch);
}

export async function startOnCallEstate(seed: string): Promise<OnCallEstate> {
  const clock = new ManualClock(Date.now() - 6 * TEN_MINUTES);
  const emulator = await startEmulatedClusters({
    seed,
    growthPerSec: 0,
    clock,
    // So slow that nothing appended after the start is copied: the lag stays as made.
    timing: { ...INSTANT_START, copyRecordsPerSec: 0.0001 },
    source: { brokerConfigs: { 'mirror.state.topic.replication.factor': '1' } },
    destination: { brokerConfigs: { 'mirror.failed.retry.max.attempts': '1' } },
  });
  const source = emulator.source.cluster;
  const destination = emulator.destination.cluster;
  source.createTopic('orders', { partitions: 3 });
  source.createTopic('payments', { partitions: 2 });
  const refunds = destination.createTopic('refunds', { partitions: 1 });
  const back = source.createClusterMirror(ADMIN, {
    MirrorName: 'back',
    Config: [
      { Name: 'bootstrap.servers', Value: emulator.destination.bootstrap },
      { Name: 'mirror.source.cluster.id', Value: emulator.destination.clusterId },
    ],
  });
  if (back.ErrorCode !== 0) throw new Error(`CreateClusterMirror back: ${back.ErrorCode}`);
  const started = source.startMirrorTopics(ADMIN, {
    MirrorName: 'back',
    Topics: [{ TopicId: refunds.id, TopicName: 'refunds', NumPartitions: 1 }],
  });
  if (started.ErrorCode !== 0) throw new Error(`StartMirrorTopics back: ${started.ErrorCode}`);
  // Both clusters' engines, on the one clock.
  const run = (ms: number): void => {
    for (let done = 0; done < ms; done += 100) {
      clock.advance(100);
      source.tick();
      destination.tick();
    }
  };
  createMirror(emulator, 'm1');
  startTopics(emulator, 'm1', ['orders', 'payments']);
  run(3000);
  // The loop: m1 mirrors refunds back from the source, which mirrors it from here.
  startTopics(emulator, 'm1', ['refunds']);
  const producedAt = new Map<string, number>();
  producedAt.set('orders/0', clock.now());
  source.appendRecords('orders', 700, 0);
  clock.advance(TEN_MINUTES);
  producedAt.set('orders/2', clock.now());
  source.appendRecords('orders', 300, 2);
  producedAt.set('orders/1', clock.now());
  produceBatch(emulator, 'orders', 1, BIG_LAG);
  pauseTopics(emulator, 'm1', ['payments']);
  run(3000);
  return { emulator, producedAt };
}
