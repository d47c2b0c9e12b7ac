// What a planned switchover and a failback meet on the prototype (issue 17): lag taken from the last
// fetch (a false zero while the source moves), failback truncation, EPOCH_FENCING, mirror-loop
// detection and the leader-epoch war. Each test names the behaviour it holds the emulator to.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EmulatedCluster } from '../../../../src/lib/emulator/state/cluster.js';
import { createMirror, ctx, pair, rowsOf, run, startTopics, type Pair } from './setup.js';

const DESTINATION_ADDRESS = 'destination:9092';

/** A (the pair's source) mirrored into B as `fwd`, one partition, 100 records, caught up. */
function mirroredPair(options: { refreshMs?: number } = {}): Pair {
  const brokerConfigs: Record<string, string> =
    options.refreshMs === undefined ? {} : { 'mirror.metadata.refresh.interval.ms': String(options.refreshMs) };
  const p = pair({ brokerConfigs }, { brokerConfigs });
  p.registry.register(DESTINATION_ADDRESS, p.destination);
  p.source.createTopic('orders', { partitions: 1, initialOffset: 100n });
  createMirror(p, 'fwd');
  startTopics(p, 'fwd', ['orders']);
  run(p, 2000);
  assert.equal(p.destination.endOffset('orders', 0), 100n);
  return p;
}

/** Failover: the topic STOPPED on B (its end offset is then A's + 1, the PID-reset marker). */
function failOver(p: Pair): void {
  const res = p.destination.stopMirrorTopics(ctx(), { MirrorName: 'fwd', Topics: [{ TopicName: 'orders' }] });
  assert.equal(res.ErrorCode, 0);
  run(p, 1000);
  assert.equal(p.destination.topics.get('orders')?.partitions[0]?.mirror?.state, 'STOPPED');
  assert.equal(p.destination.endOffset('orders', 0), 101n);
}

/** The reverse mirror on A reading from B, and `orders` started in it. Returns Start's top-level code. */
function startOnA(p: Pair, mirror = 'rev'): number {
  if (!p.source.mirrors.exists(mirror)) {
    const created = p.source.createClusterMirror(ctx(), {
      MirrorName: mirror,
      Config: [
        { Name: 'bootstrap.servers', Value: DESTINATION_ADDRESS },
        { Name: 'mirror.source.cluster.id', Value: p.destination.clusterId },
      ],
    });
    assert.equal(created.ErrorCode, 0);
  }
  const topic = p.source.topics.get('orders');
  return p.source.startMirrorTopics(ctx(), {
    MirrorName: mirror,
    Topics: [{ TopicId: topic?.id ?? '', TopicName: 'orders', NumPartitions: 1 }],
  }).ErrorCode;
}

interface Seen {
  state: string;
  retry: number;
  error: string | null;
  end: bigint;
}

/** Steps the clock in `stepMs` and records every change of A's partition state, with A's end offset then. */
function follow(p: Pair, cluster: EmulatedCluster, totalMs: number, stepMs = 10): Seen[] {
  const seen: Seen[] = [];
  for (let t = 0; t < totalMs; t += stepMs) {
    run(p, stepMs, stepMs);
    const m = cluster.topics.get('orders')?.partitions[0]?.mirror;
    const state = m?.state ?? 'UNKNOWN';
    if (seen[seen.length - 1]?.state !== state)
      seen.push({
        state,
        retry: m?.failure?.retryAttempt ?? 0,
        error: m?.failure?.message ?? null,
        end: cluster.endOffset('orders', 0),
      });
  }
  return seen;
}

describe('lag from the last fetch', () => {
  it('reads 0 between fetch responses while the source is thousands of records ahead (a false zero)', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 1000n, growthPerSec: 1000 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    p.destination.mirrorFetchIntervalMs = 5000;
    run(p, 6000);
    // Just after a fetch response the mirror has everything that fetch brought...
    const [row] = rowsOf(p.destination, 'orders');
    assert.equal(row?.StateValue, 'MIRRORING');
    assert.equal(row?.Lag, 0n);
    // ...and until the next one, lag stays 0 while the source moves on.
    run(p, 4000);
    const [later] = rowsOf(p.destination, 'orders');
    const sourceEnd = p.source.endOffset('orders', 0);
    const destinationEnd = p.destination.endOffset('orders', 0);
    assert.equal(later?.Lag, 0n);
    assert.equal(later?.SourceOffset, destinationEnd);
    assert.ok(sourceEnd - destinationEnd >= 3900n, `source ${sourceEnd} vs destination ${destinationEnd}`);
  });
});

describe('EPOCH_FENCING', () => {
  it('a fetched batch of a newer source leader epoch fences the partition, then it mirrors on', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 10n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    // The first fetch raised the destination to 0 + 10 + 1; leader elections on the source take it
    // past that at once (12), and the records written next carry it.
    assert.equal(p.destination.topics.get('orders')?.partitions[0]?.leaderEpoch, 11);
    const topic = p.source.topics.get('orders');
    const leader = topic?.partitions[0]?.leader ?? 1;
    for (let i = 0; i < 6; i++) {
      p.source.setNodeUp(leader, false);
      p.source.setNodeUp(leader, true);
    }
    assert.equal(topic?.partitions[0]?.leaderEpoch, 12);
    p.source.appendRecords('orders', 5);
    const seen = follow(p, p.destination, 1000);
    assert.deepEqual(
      seen.map((s) => s.state),
      ['EPOCH_FENCING', 'MIRRORING'],
    );
    // The bump asks for the source's epoch + 10; the controller adds 1.
    assert.equal(p.destination.topics.get('orders')?.partitions[0]?.leaderEpoch, 23);
    assert.equal(p.destination.endOffset('orders', 0), 15n);
  });
});

describe('failback', () => {
  it(
    'LOG_TRUNCATION → MIRRORING → FAILED "Failed to get source metadata" (retry 1) → MIRRORING → ' +
      'EPOCH_FENCING (B wrote in epoch 11, A is at 0) → MIRRORING at 22; A loses what B never had',
    () => {
      const p = mirroredPair();
      failOver(p);
      // Producers moved to B; a split-brain writer still wrote 30 records to A.
      p.destination.produce('orders', 0, 20);
      p.source.produce('orders', 0, 30);
      assert.equal(p.source.endOffset('orders', 0), 130n);
      assert.equal(startOnA(p), 0);
      const seen = follow(p, p.source, 6000);
      assert.deepEqual(
        seen.map((s) => [s.state, s.retry, s.error]),
        [
          ['LOG_TRUNCATION', 0, null],
          ['MIRRORING', 0, null],
          ['FAILED', 1, 'Failed to get source metadata'],
          ['MIRRORING', 1, 'Failed to get source metadata'],
          ['EPOCH_FENCING', 1, 'Failed to get source metadata'],
          ['MIRRORING', 1, 'Failed to get source metadata'],
        ],
      );
      assert.deepEqual(
        [p.source, p.destination].map((c) => c.topics.get('orders')?.partitions[0]?.leaderEpoch),
        [22, 11],
      );
      // Not cut before the fetcher runs: A still holds its 130 records through the FAILED retry...
      assert.equal(seen[1]?.end, 130n);
      assert.equal(seen[2]?.end, 130n);
      // ...then cut to 100 (B's end of the last epoch it mirrored from A), and B's records copied.
      assert.equal(p.source.endOffset('orders', 0), 121n);
      assert.equal(p.source.endOffset('orders', 0), p.destination.endOffset('orders', 0));
      assert.deepEqual(
        p.source.topics.get('orders')?.partitions[0]?.epochs,
        p.destination.topics.get('orders')?.partitions[0]?.epochs,
        'A holds B record for record, epochs included',
      );
    },
  );

  it('A behind B loses nothing: nothing beyond the common point to cut', () => {
    const p = mirroredPair();
    failOver(p);
    p.destination.produce('orders', 0, 7);
    assert.equal(startOnA(p), 0);
    const seen = follow(p, p.source, 6000);
    assert.equal(seen[1]?.end, 100n);
    assert.ok(
      seen.some((s) => s.state === 'EPOCH_FENCING'),
      "B's records carry epoch 11, newer than A's: A fences once",
    );
    assert.equal(p.source.endOffset('orders', 0), 108n);
  });
});

describe('mirror loop', () => {
  it(
    'start on A while B still mirrors the topic from A: accepted, then FAILED "Detected mirror loop ' +
      'for mirror:rev"',
    () => {
      const p = mirroredPair();
      assert.equal(startOnA(p), 0, 'the start is accepted');
      run(p, 500);
      const [row] = rowsOf(p.source, 'orders');
      assert.equal(row?.StateValue, 'FAILED');
      assert.equal(row?.ErrorMessage, 'Detected mirror loop for mirror:rev');
      // B's side stays MIRRORING; A's topic is read-only, and stopping it there is refused.
      assert.equal(rowsOf(p.destination, 'orders')[0]?.StateValue, 'MIRRORING');
      assert.throws(() => p.source.produce('orders', 0, 1), /READ_ONLY_TOPIC/);
      const stop = p.source.stopMirrorTopics(ctx(), { MirrorName: 'rev', Topics: [{ TopicName: 'orders' }] });
      assert.equal(stop.ErrorCode, 145);
      // It keeps failing while B mirrors; it recovers once the topic is stopped on B.
      run(p, 5000);
      assert.equal(rowsOf(p.source, 'orders')[0]?.StateValue, 'FAILED');
      failOver(p);
      run(p, 40_000, 100);
      assert.equal(rowsOf(p.source, 'orders')[0]?.StateValue, 'MIRRORING');
    },
  );
});

describe('mirror loop, as DescribeClusterMirrors reports it', () => {
  it('alternates per partition between (retry 1, "Detected mirror loop for mirror:rev") and (retry 2, null)', () => {
    const p = mirroredPair();
    assert.equal(startOnA(p), 0);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      run(p, 100);
      const [row] = rowsOf(p.source, 'orders');
      assert.equal(row?.StateValue, 'FAILED');
      seen.add(JSON.stringify([row?.RetryAttempt, row?.ErrorMessage]));
      assert.throws(() => p.source.produce('orders', 0, 1), /READ_ONLY_TOPIC/);
    }
    assert.deepEqual(
      [...seen].sort(),
      [JSON.stringify([1, 'Detected mirror loop for mirror:rev']), JSON.stringify([2, null])].sort(),
    );
  });
});

describe('leader-epoch war', () => {
  /** B's old mirror `fwd` still mirrors `live` from A, so its syncs keep bumping its STOPPED `orders` too. */
  function warPair(): { p: Pair; epochs: () => number[] } {
    const p = mirroredPair({ refreshMs: 2000 });
    p.source.createTopic('live', { partitions: 1, initialOffset: 5n });
    startTopics(p, 'fwd', ['live']);
    run(p, 1000);
    failOver(p);
    assert.equal(startOnA(p), 0);
    const epochs = () => [p.source, p.destination].map((c) => c.topics.get('orders')?.partitions[0]?.leaderEpoch ?? -1);
    return { p, epochs };
  }

  it(
    "while B's old mirror still has a MIRRORING topic, each sync raises the other side's epoch + 11 " +
      '(B 11 → 33 → 55, A 22 → 44 on the prototype) and A stays MIRRORING; deleting the old mirror ends it',
    () => {
      const { p, epochs } = warPair();
      run(p, 4000);
      const [a0 = 0, b0 = 0] = epochs();
      const errors = new Set<string>();
      let failed = 0;
      for (let i = 0; i < 40; i++) {
        run(p, 100);
        const m = p.source.topics.get('orders')?.partitions[0]?.mirror;
        if (m?.state === 'FAILED') {
          failed++;
          errors.add(m.failure?.message ?? '');
        }
      }
      // Four seconds hold two syncs on each side: +22 each, and each side stays 11 from the other.
      const [a1 = 0, b1 = 0] = epochs();
      assert.deepEqual([a1 - a0, b1 - b0], [44, 44], `A ${a0} → ${a1}, B ${b0} → ${b1}`);
      assert.equal(Math.abs(a1 - b1), 11);
      assert.equal(failed, 0, `A never went FAILED (${[...errors].join(', ')})`);

      stopLiveInFwd(p);
      const deleted = p.destination.deleteClusterMirror(ctx(), { MirrorName: 'fwd' });
      assert.equal(deleted.ErrorCode, 0);
      run(p, 20_000);
      const settled = epochs();
      run(p, 10_000);
      assert.deepEqual(epochs(), settled, 'no more raises once the old mirror is gone');
      assert.equal(p.source.topics.get('orders')?.partitions[0]?.mirror?.state, 'MIRRORING');
    },
  );

  it("no war while every topic of B's old mirror is STOPPED: A is raised once past B (22) and B stays at 11", () => {
    const p = mirroredPair({ refreshMs: 2000 });
    failOver(p);
    assert.equal(startOnA(p), 0);
    run(p, 20_000);
    assert.deepEqual(
      [p.source, p.destination].map((c) => c.topics.get('orders')?.partitions[0]?.leaderEpoch),
      [22, 11],
    );
  });
});

/** Stops `live` in B's `fwd` too, so that the old mirror can be deleted. */
function stopLiveInFwd(p: Pair): void {
  const res = p.destination.stopMirrorTopics(ctx(), { MirrorName: 'fwd', Topics: [{ TopicName: 'live' }] });
  assert.equal(res.ErrorCode, 0);
  run(p, 1000);
}

describe('producers', () => {
  it('setTraffic(false) holds every growing topic still and setTraffic(true) restores the rates', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 2, growthPerSec: 100 });
    run(p, 1000);
    p.source.setTraffic(false);
    assert.equal(p.source.trafficRunning, false);
    const held = p.source.endOffset('orders', 0);
    run(p, 2000);
    assert.equal(p.source.endOffset('orders', 0), held);
    p.source.setTraffic(true);
    run(p, 1000);
    assert.equal(p.source.endOffset('orders', 0), held + 100n);
  });

  it('produce() returns the offsets it acknowledged and is refused on a mirror topic', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1, initialOffset: 5n });
    assert.deepEqual(p.source.produce('orders', 0, 3), { baseOffset: 5n, nextOffset: 8n });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    assert.throws(() => p.destination.produce('orders', 0, 1), /READ_ONLY_TOPIC/);
  });
});
