// promote's domain flow against fake clusters: what it refuses before changing anything, how it
// waits for quiet producers, for the catch-up and for the consumer groups, and how it verifies (and
// reports) the stop.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConnectionConfig } from '../../../../src/lib/connection/connection-config.js';
import { STOP_RESERVE_MS, runPromote } from '../../../../src/lib/mirror/switchover/promote.js';
import {
  type PromoteDependencies,
  type PromoteInput,
  type PromoteProgress,
  planPromote,
} from '../../../../src/lib/mirror/switchover/promote-plan.js';
import { promoteLossError, promotePlanResult } from '../../../../src/lib/mirror/switchover/promote-report.js';
import { renderPromotePlan } from '../../../../src/lib/render/promote.js';
import type { KafkaClient } from '../../../../src/lib/kafka/client.js';
import { type FakeClusterState, type FakeGroupState, fakeCluster } from '../fake-cluster.js';
import { joinedRegex } from '../../../helpers/joined-regex.js';

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
  groups: [],
  groupPatterns: [],
  skipGroups: false,
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
    note: () => undefined,
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
  it('a destination read after a moving source: gap 0, not negative; the total agrees', async () => {
    const w = world();
    // Producers ran between the source read and the destination read: the destination is ahead of it.
    const d = w.destination.topics.get('orders');
    if (d) d.ends = [130n, 50n];
    const plan = await planPromote(w.dst.client, { ...INPUT, skipGroups: true }, deps(w.src.client).d);
    const result = promotePlanResult(plan, INPUT);
    assert.deepEqual(
      result.topics[0]?.partitions.map((p) => p.gap),
      [0n, 0n],
    );
    assert.match(renderPromotePlan(result, { force: false, waitForQuiet: true }), /^Now 0 record\(s\) to copy\./m);
  });

  it('refuses a PAUSED topic before anything changes, naming its states', async () => {
    const w = world(['PAUSED', 'PAUSED']);
    await assert.rejects(
      planPromote(w.dst.client, INPUT, deps(w.src.client).d),
      /promote needs every partition MIRRORING; not so for orders \(2 PAUSED\); nothing was stopped/,
    );
    assert.ok(!w.dst.apis().includes('StopMirrorTopics'));
  });

  it(
    'waits for a topic passing through EPOCH_FENCING, then reads both sides through the stored ' + 'source settings',
    async () => {
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
    },
  );
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
  it(
    'waits until the source end offsets stand still, then until the destination reached them, ' +
      'then stops and verifies',
    async () => {
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
    },
  );

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

  it(
    'a failure while waiting for STOPPED after the stop was sent: the result says what was sent ' +
      'and what is not confirmed',
    async () => {
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
    },
  );
});

/** Committed offsets of one group: topic → partition → offset. */
function offsets(entries: Record<string, Record<number, bigint>>): Map<string, Map<number, bigint>> {
  return new Map(
    Object.entries(entries).map(([topic, parts]) => [
      topic,
      new Map(Object.entries(parts).map(([p, o]) => [Number(p), o])),
    ]),
  );
}

/** The world with groups: billing behind on the destination, tool-x excluded, audit-reader on another topic. */
function groupWorld() {
  const w = world();
  w.destination.mirrors.set('m1', {
    configs: { ...MIRROR_CONFIGS, 'mirror.groups.exclude': 'tool-.*' },
    topics: w.destination.mirrors.get('m1')?.topics ?? new Map(),
  });
  w.destination.syncIntervalMs = 60_000;
  const sourceGroups = new Map<string, FakeGroupState>([
    ['billing', { offsets: offsets({ orders: { 0: 90n, 1: 40n } }) }],
    ['tool-x', { offsets: offsets({ orders: { 0: 1n } }) }],
    ['audit-reader', { offsets: offsets({ audit: { 0: 7n } }) }],
  ]);
  const destinationGroups = new Map<string, FakeGroupState>([
    ['billing', { offsets: offsets({ orders: { 0: 80n } }) }],
  ]);
  w.source.groups = sourceGroups;
  w.destination.groups = destinationGroups;
  /** The destination's periodic sync of billing: the source's offsets, exactly. */
  const sync = (): void => {
    const billing = sourceGroups.get('billing');
    if (billing) destinationGroups.set('billing', { offsets: new Map(billing.offsets) });
  };
  return { ...w, sourceGroups, destinationGroups, sync };
}

describe('runPromote step 4: the consumer groups', () => {
  it(
    'waits until the next sync copied the groups the mirror selects, counting down one sync ' + 'period, then stops',
    async () => {
      const w = groupWorld();
      const progress: PromoteProgress[] = [];
      const notes: string[] = [];
      let groupSleeps = 0;
      const { d } = deps(w.src.client, {
        progress,
        onSleep: (what) => {
          if (what.includes('consumer group') && ++groupSleeps === 3) w.sync();
        },
      });
      d.note = (m) => notes.push(m);
      let offsetAtStop: bigint | undefined;
      const onStop = w.destination.onStop;
      w.destination.onStop = (topics) => {
        offsetAtStop = w.destinationGroups.get('billing')?.offsets.get('orders')?.get(1);
        onStop?.(topics);
      };
      const plan = await planPromote(w.dst.client, INPUT, d);
      assert.deepEqual(plan.groups.result.notInSync, ['billing'], 'the plan shows the gap');
      const { result, error } = await runPromote(w.dst.client, plan, INPUT, d);
      assert.equal(error, undefined);
      assert.equal(result.complete, true);
      assert.equal(offsetAtStop, 40n, 'the stop was sent only after the copy');
      assert.equal(result.groups.compared, true);
      assert.deepEqual(result.groups.inSync, ['billing']);
      assert.deepEqual(result.groups.notInSync, []);
      assert.equal(result.groups.waitedMs, 3000);
      assert.deepEqual(
        result.groups.groups.map((g) => [g.group, g.verdict]),
        [['billing', 'in-sync']],
        'tool-x (excluded) and audit-reader (no offsets on orders) are not waited for',
      );
      assert.deepEqual(
        result.groups.groups[0]?.partitions.map((p) => [p.topic, p.partition, p.sourceOffset, p.destinationOffset]),
        [
          ['orders', 0, 90n, 90n],
          ['orders', 1, 40n, 40n],
        ],
      );
      const countdown = progress.flatMap((p) => (p.phase === 'groups' ? [p.nextCopyInMs] : []));
      assert.deepEqual(countdown, [60_000, 59_000, 58_000]);
      assert.equal(notes.length, 1);
      assert.match(notes[0] ?? '', /1 consumer group\(s\) .*\(billing\): it copies group offsets once every 60 s/);
      assert.match(notes[0] ?? '', /mirror\.metadata\.refresh\.interval\.ms/);
    },
  );

  it('a timeout while waiting names the groups not in sync, keeps the stop reserve, and stops nothing', async () => {
    const w = groupWorld();
    const { d } = deps(w.src.client);
    const asked: number[] = [];
    d.requireTimeLeft = (ms, what) => {
      if (!what.includes('consumer group')) return;
      asked.push(ms);
      if (asked.length === 2) throw new Error(`timed out while ${what}`);
    };
    const plan = await planPromote(w.dst.client, INPUT, d);
    await assert.rejects(
      runPromote(w.dst.client, plan, INPUT, d),
      joinedRegex([
        /timed out while waiting for consumer group offsets .*\(not in sync: billing \(offsets differ\)\); nothing /,
        /was stopped/,
      ]),
    );
    assert.ok(
      asked.every((ms) => ms > STOP_RESERVE_MS),
      `asked for ${asked.join(', ')} ms`,
    );
    assert.ok(!w.dst.apis().includes('StopMirrorTopics'));
  });

  it('--timeout after a sync skipped some partitions: the copy may never converge, not raise --timeout', async () => {
    const w = groupWorld();
    // One sync period (3 s) has passed with orders-1 missing while orders-0 arrived; then --timeout runs out.
    w.destination.syncIntervalMs = 3000;
    const { d } = deps(w.src.client);
    d.requireTimeLeft = (_ms, what) => {
      if (what.includes('consumer group') && d.now() >= 4000) throw new Error(`timed out while ${what}`);
    };
    const plan = await planPromote(w.dst.client, INPUT, d);
    await assert.rejects(runPromote(w.dst.client, plan, INPUT, d), (err: Error & { hint?: string }) => {
      assert.match(err.message, /never arrived on the destination for some partitions.*billing \(orders-1\)/);
      assert.match(err.hint ?? '', /--skip-groups/);
      return true;
    });
    assert.ok(!w.dst.apis().includes('StopMirrorTopics'));
  });

  it('a group active on the destination blocks: waited for by default, until its consumers leave', async () => {
    const w = groupWorld();
    w.destinationGroups.set('billing', { offsets: offsets({ orders: { 0: 90n, 1: 40n } }), members: 1 });
    const progress: PromoteProgress[] = [];
    let groupSleeps = 0;
    const { d } = deps(w.src.client, {
      progress,
      onSleep: (what) => {
        if (!what.includes('consumer group')) return;
        assert.match(what, /billing \(active on the destination\)/);
        // The consumers leave; the group is Empty with the source's offsets.
        if (++groupSleeps === 2) w.sync();
      },
    });
    const plan = await planPromote(w.dst.client, INPUT, d);
    assert.deepEqual(plan.groups.result.activeOnDestination, ['billing']);
    const { result } = await runPromote(w.dst.client, plan, INPUT, d);
    assert.equal(result.complete, true);
    assert.equal(groupSleeps, 2);
    assert.deepEqual(result.groups.inSync, ['billing']);
    assert.ok(progress.some((p) => p.phase === 'groups' && p.active.includes('billing')));
  });

  it(
    '--no-wait-for-quiet refuses a group active on the destination at once, naming it; nothing ' + 'is stopped',
    async () => {
      const w = groupWorld();
      w.destinationGroups.set('billing', { offsets: offsets({ orders: { 0: 80n } }), members: 2 });
      const { d } = deps(w.src.client);
      const plan = await planPromote(w.dst.client, INPUT, d);
      await assert.rejects(
        runPromote(w.dst.client, plan, { ...INPUT, waitForQuiet: false }, d),
        /consumer group\(s\) active on the destination: billing; .*nothing was stopped/,
      );
      assert.ok(!w.dst.apis().includes('StopMirrorTopics'));
    },
  );

  it('--force promotes without a group active on the destination, with a warning; the result names it', async () => {
    const w = groupWorld();
    w.destinationGroups.set('billing', { offsets: offsets({ orders: { 0: 80n } }), members: 1 });
    const warnings: string[] = [];
    const { d } = deps(w.src.client);
    d.warn = (m) => warnings.push(m);
    const plan = await planPromote(w.dst.client, INPUT, d);
    const { result } = await runPromote(w.dst.client, plan, { ...INPUT, force: true }, d);
    assert.equal(result.complete, true);
    assert.deepEqual(result.groups.activeOnDestination, ['billing']);
    assert.deepEqual(result.groups.notInSync, ['billing']);
    assert.ok(
      warnings.some((m) => /^--force: promoting without the group\(s\) active on the destination: billing/.test(m)),
    );
  });

  it('--group narrows the groups; a --group the source lacks is not found, before anything changes', async () => {
    const w = groupWorld();
    w.sourceGroups.set('ledger', { offsets: offsets({ orders: { 1: 3n } }) });
    const { d } = deps(w.src.client);
    const plan = await planPromote(w.dst.client, { ...INPUT, groups: ['ledger'] }, d);
    assert.deepEqual(
      plan.groups.result.groups.map((g) => [g.group, g.verdict]),
      [['ledger', 'not-copied']],
    );
    await assert.rejects(
      planPromote(w.dst.client, { ...INPUT, groups: ['nope'] }, d),
      (err: Error & { kind?: string }) =>
        err.kind === 'not-found' && /group\(s\) not found on the source: nope/.test(err.message),
    );
  });

  it('--skip-groups: no group is read on either side, and a warning says the offsets were not compared', async () => {
    const w = groupWorld();
    const warnings: string[] = [];
    const { d } = deps(w.src.client);
    d.warn = (m) => warnings.push(m);
    const input = { ...INPUT, skipGroups: true };
    const plan = await planPromote(w.dst.client, input, d);
    const { result } = await runPromote(w.dst.client, plan, input, d);
    assert.equal(result.complete, true);
    assert.equal(result.groups.compared, false);
    assert.match(result.groups.note ?? '', /--skip-groups/);
    assert.ok(warnings.some((m) => m.startsWith('consumer groups not compared (--skip-groups)')));
    for (const fake of [w.dst, w.src])
      assert.ok(!fake.apis().some((api) => /Group|OffsetFetch|FindCoordinator/.test(api)));
  });
});
