// The catch-up rate and ETA of `describe --watch`, checked against the emulator's own throughput:
// a manual clock steps time, the source grows at a set rate, the mirror copies at a set rate, and
// the trend must report the difference and a time to zero lag that the emulator then meets.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../src/lib/cli/command/deadline.js';
import { ManualClock, startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import type { KafkaClient } from '../../src/lib/kafka/client.js';
import { createClient } from '../../src/lib/kafka/connect.js';
import { describeMirrors } from '../../src/lib/mirror/describe/describe.js';
import { addSamples, trendRows, type TrendHistory } from '../../src/lib/mirror/describe/trend.js';
import { createMirror, startTopics } from '../commands/describe-setup.js';

const GROWTH_PER_SEC = 20;
const COPY_PER_SEC = 120;
const PARTITIONS = 3;

describe('scenario: catch-up rate and ETA against the emulator (manual clock)', () => {
  let emulator: EmulatedClusters;
  let clock: ManualClock;
  let client: KafkaClient;
  before(async () => {
    clock = new ManualClock(5_000_000);
    emulator = await startEmulatedClusters({
      seed: 'catch-up',
      demoTopics: [{ name: 'orders', partitions: PARTITIONS, initialOffset: 0n }],
      growthPerSec: 0,
      clock,
      timing: { ...INSTANT_START, copyRecordsPerSec: COPY_PER_SEC },
    });
    client = createClient(
      { bootstrap: emulator.destination.bootstrap.split(','), clientId: 'eta-test' },
      new Deadline(60_000),
    );
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders']);
    emulator.destination.cluster.advance(1000, 100);
    emulator.source.cluster.setGrowthRate('orders', GROWTH_PER_SEC);
    emulator.source.cluster.appendRecords('orders', 3000);
    emulator.destination.cluster.advance(100, 100);
  });
  after(async () => {
    await client?.close();
    await emulator?.close();
  });

  it('reports the copy rate, the lag falling at copy minus growth, and an ETA the emulator meets', async () => {
    let history: TrendHistory = new Map();
    let last;
    for (let i = 0; i < 5; i++) {
      last = await describeMirrors(client, ['m1']);
      history = addSamples(history, last, clock.now());
      emulator.destination.cluster.advance(2000, 100);
    }
    assert.ok(last);
    const orders = trendRows(history, last).find((r) => r.topic === 'orders');
    assert.ok(orders);
    assert.equal(orders.windowMs, 8000);
    assert.equal(orders.recordsPerSecond, PARTITIONS * COPY_PER_SEC);
    assert.equal(orders.lagPerSecond, -PARTITIONS * (COPY_PER_SEC - GROWTH_PER_SEC));
    const lastLag = orders.lagHistory.at(-1) ?? 0;
    assert.ok(lastLag > 0, 'still behind');
    assert.equal(orders.etaSeconds, Math.ceil(lastLag / (PARTITIONS * (COPY_PER_SEC - GROWTH_PER_SEC))));

    // The emulator moved 2 s past the last sample; at the ETA measured from it the lag is gone.
    const etaMs = Math.ceil(((orders.etaSeconds ?? 0) * 1000) / 100) * 100;
    emulator.destination.cluster.advance(etaMs - 2000 - 1000, 100);
    const almost = await describeMirrors(client, ['m1']);
    assert.ok((almost.mirrors[0]?.summary.totalLag ?? 0n) > 0n, 'a second before the ETA it is still behind');
    emulator.destination.cluster.advance(1000, 100);
    const caughtUp = await describeMirrors(client, ['m1']);
    assert.equal(caughtUp.mirrors[0]?.summary.totalLag, 0n);
    assert.equal(caughtUp.mirrors[0]?.summary.lagUnknown, 0);
  });
});
