// promote's domain flow against fake clusters: what it refuses before changing anything, how it
// waits for quiet producers and for the catch-up, and how it verifies (and reports) the stop.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConnectionConfig } from '../../../src/lib/connection/connection-config.js';
import {
  type PromoteDependencies,
  type PromoteInput,
  type PromoteProgress,
  planPromote,
  promoteLossError,
  runPromote,
} from '../../../src/lib/mirror/promote.js';
import type { KafkaClient } from '../../../src/lib/kafka/client.js';
import { type FakeClusterState, fakeCluster } from './fake-cluster.js';

const MIRROR_CONFIGS = { 'bootstrap.servers': 'src:9092', 'mirror.source.cluster.id': 'source-id' };

function world(states: string[] = ['MIRRORING', 'MIRRORING']) {
  const destination: FakeClusterState = {
    clusterId: 'destination-id',
    topics: new Map([['orders', { id: 'AAAAAAAAAAAAAAAAAAAAAA', ends: [100n, 50n] }]]),
    mirrors: new Map([['m1', { configs: MIRROR_CONFIGS, topics: new Map([['orders', states]]) }]]),
  };
  const source: FakeClusterState = {
    clusterId: 'source-id',
    topics: new Map([['orders', { id: 'AAAAAAAAAAAAAAAAAAAAAA', ends: [100n, 50n] }]]),
    mirrors: new Map(),
  };
  // A stop lands the PID-reset marker on top of the source's end offsets.
  destination.onStop = () => {
    const d = destination.topics.get('orders');
    const s = source.topics.get('orders');
    if (d && s) d.ends = s.ends.map((e) => e + 1n);
  };
  return { destination, source, dst: fakeCluster(destination), src: fakeCluster(source) };
}

const INPUT: PromoteInput = {
  mirror: 'm1',
  topics: ['orders'],
  patterns: [],
  waitForQuiet: true,
  force: false,
  quietPeriodMs: 1000,
};

function deps(source: KafkaClient, hooks: { onSleep?: (what: string) => void; progress?: PromoteProgress[] } = {}) {
  let now = 0;
  const opened: ConnectionConfig[] = [];
  const d: PromoteDependencies = {
    openSource: async (settings) => {
      opened.push(settings);
      return source;
    },
    warn: () => undefined,
    sleep: async (ms, what) => {
      now += ms;
      hooks.onSleep?.(what);
    },
    requireTimeLeft: () => undefined,
    onProgress: (p) => hooks.progress?.push(p),
    now: () => now,
  };
  return { d, opened };
}

describe('planPromote', () => {
  it('refuses a PAUSED topic before anything changes, naming its states', async () => {
    const w = world(['PAUSED', 'PAUSED']);
    await assert.rejects(
      planPromote(w.dst.client, INPUT, deps(w.src.client).d),
      /promote needs every partition MIRRORING; not so for orders \(2 PAUSED\); nothing was stopped/,
    );
    assert.ok(!w.dst.apis().includes('StopMirrorTopics'));
  });

  it('waits for a topic passing through EPOCH_FENCING, then reads both sides through the stored source settings', async () => {
    const w = world(['EPOCH_FENCING', 'MIRRORING']);
    const { d, opened } = deps(w.src.client, {
      onSleep: () => w.destination.mirrors.get('m1')?.topics.set('orders', ['MIRRORING', 'MIRRORING']),
    });
    const plan = await planPromote(w.dst.client, INPUT, d);
    assert.deepEqual(plan.topics, ['orders']);
    assert.deepEqual(opened[0]?.bootstrap, ['src:9092']);
    assert.deepEqual(
      [...(plan.sourceEnds.get('orders') ?? [])],
      [
        [0, 100n],
        [1, 50n],
      ],
    );
  });
});

describe('planPromote with a pattern', () => {
  it('leaves out topics the pattern matches that are already STOPPED, and promotes the rest', async () => {
    const w = world();
    w.destination.topics.set('old', { id: 'BBBBBBBBBBBBBBBBBBBBBB', ends: [7n] });
    w.destination.mirrors.get('m1')?.topics.set('old', ['STOPPED']);
    const warnings: string[] = [];
    const { d } = deps(w.src.client);
    d.warn = (m) => warnings.push(m);
    const plan = await planPromote(w.dst.client, { ...INPUT, topics: [], patterns: ['.*'] }, d);
    assert.deepEqual(plan.topics, ['orders']);
    assert.deepEqual(warnings, ['already STOPPED, left out: old']);
  });

  it('a STOPPED topic named with --topic is refused: promoting it again is a mistake to report', async () => {
    const w = world(['STOPPED', 'STOPPED']);
    await assert.rejects(planPromote(w.dst.client, INPUT, deps(w.src.client).d), /not so for orders \(2 STOPPED\)/);
  });
});

describe('runPromote', () => {
  it('waits until the source end offsets stand still, then until the destination reached them, then stops and verifies', async () => {
    const w = world();
    const writes = [10n, 5n, 0n];
    const progress: PromoteProgress[] = [];
    const { d } = deps(w.src.client, {
      progress,
      onSleep: (what) => {
        const s = w.source.topics.get('orders');
        const t = w.destination.topics.get('orders');
        if (!s || !t) return;
        if (what.includes('stop moving')) s.ends = [(s.ends[0] ?? 0n) + (writes.shift() ?? 0n), s.ends[1] ?? 0n];
        // The mirror copies what the source holds by the next poll of the catch-up.
        if (what.includes('catch up')) t.ends = [...s.ends];
      },
    });
    const plan = await planPromote(w.dst.client, INPUT, d);
    const { result, error } = await runPromote(w.dst.client, plan, INPUT, d);
    assert.equal(error, undefined);
    assert.equal(result.complete, true);
    assert.deepEqual(
      progress.filter((p) => p.phase === 'quiet').map((p) => (p.phase === 'quiet' ? p.moved : -1n)),
      [10n, 5n, 0n],
    );
    assert.deepEqual(result.stopped, ['orders']);
    assert.deepEqual(
      result.topics[0]?.partitions.map((p) => [p.sourceEnd, p.destinationEnd, p.state, p.verified, p.controlRecords]),
      [
        [115n, 116n, 'STOPPED', 'ok', 0n],
        [50n, 51n, 'STOPPED', 'ok', 0n],
      ],
    );
    assert.equal(promoteLossError(result), null);
  });

  it('--no-wait-for-quiet: refuses when the source moved, and sends no stop', async () => {
    const w = world();
    const { d } = deps(w.src.client, {
      onSleep: () => {
        const s = w.source.topics.get('orders');
        if (s) s.ends = [(s.ends[0] ?? 0n) + 3n, s.ends[1] ?? 0n];
      },
    });
    const plan = await planPromote(w.dst.client, INPUT, d);
    await assert.rejects(
      runPromote(w.dst.client, plan, { ...INPUT, waitForQuiet: false }, d),
      /producers still write to the source: 3 record\(s\) arrived in 1000 ms; nothing was stopped/,
    );
    assert.ok(!w.dst.apis().includes('StopMirrorTopics'));
  });

  it('a timeout before the stop propagates and nothing is stopped', async () => {
    const w = world();
    const { d } = deps(w.src.client);
    d.requireTimeLeft = () => {
      throw new Error('timed out: about to stop the topics; nothing was stopped');
    };
    const plan = await planPromote(w.dst.client, INPUT, d);
    await assert.rejects(runPromote(w.dst.client, plan, INPUT, d), /nothing was stopped/);
    assert.ok(!w.dst.apis().includes('StopMirrorTopics'));
  });

  it('a destination end below source end + 1 after the stop is reported as records missing', async () => {
    const w = world();
    const { d } = deps(w.src.client);
    const plan = await planPromote(w.dst.client, INPUT, d);
    // Producers wrote 4 more records to partition 0 after the targets were read.
    w.destination.onStop = () => {
      const s = w.source.topics.get('orders');
      const t = w.destination.topics.get('orders');
      if (s && t) {
        t.ends = s.ends.map((e) => e + 1n);
        s.ends = [(s.ends[0] ?? 0n) + 4n, s.ends[1] ?? 0n];
      }
    };
    const { result } = await runPromote(w.dst.client, plan, { ...INPUT, force: true }, d);
    assert.deepEqual(
      result.topics[0]?.partitions.map((p) => [p.verified, p.missing]),
      [
        ['source-moved', 4n],
        ['ok', null],
      ],
    );
    assert.match(promoteLossError(result)?.message ?? '', /orders-0 \(4 record\(s\)\)/);
  });

  it('a failure while waiting for STOPPED after the stop was sent: the result says what was sent and what is not confirmed', async () => {
    const w = world();
    const { d } = deps(w.src.client);
    const plan = await planPromote(w.dst.client, INPUT, d);
    w.destination.onStop = () => {
      w.destination.mirrors.get('m1')?.topics.set('orders', ['STOPPED', 'STOPPING']);
    };
    let stops = 0;
    d.sleep = async (_ms, what) => {
      if (what.includes('STOPPED') && ++stops > 2) throw new Error(`timed out while ${what}`);
    };
    const { result, error } = await runPromote(w.dst.client, plan, { ...INPUT, force: true }, d);
    assert.match(String(error), /timed out while waiting for 1 topic\(s\) of mirror 'm1' to reach STOPPED/);
    assert.equal(result.stopSent, true);
    assert.equal(result.complete, false);
    assert.deepEqual(result.stopped, []);
    assert.deepEqual(result.notStopped, ['orders']);
    assert.deepEqual(
      result.topics[0]?.partitions.map((p) => [p.state, p.verified]),
      [
        ['STOPPED', 'unverified'],
        ['STOPPING', 'unverified'],
      ],
    );
  });
});
