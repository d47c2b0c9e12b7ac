// `kmirror promote` end to end: the command run in-process against emulated clusters whose source
// traffic the test holds still or starts (the emulator's API stands in for the producers).

import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { PromoteJson } from '../../src/commands/promote.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import type { Parsed } from '../helpers/cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { commit } from './groups-setup.js';
import { clearFaults, createMirror, startTopics, statesOf, waitFor, type ErrorJson } from './topic-actions-setup.js';

type Json = Parsed<PromoteJson>;

/** Lag 0 in every partition's DescribeClusterMirrors row while the source is ahead: the false zero. */
function reportedLagZeroWhileBehind(emulator: EmulatedClusters, topic: string): boolean {
  const dst = emulator.destination.cluster;
  const src = emulator.source.cluster;
  const partitions = dst.topics.get(topic)?.partitions ?? [];
  return partitions.every((p) => {
    const m = p.mirror;
    const end = dst.endOffset(topic, p.index);
    return m?.state === 'MIRRORING' && m.sourceOffset === end && src.endOffset(topic, p.index) > end;
  });
}

describe('kmirror promote', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'promote', timing: INSTANT_START });
    const source = emulator.source.cluster;
    for (const name of ['orders', 'payments', 'audit', 'held', 'slow'])
      source.createTopic(name, { partitions: 2, initialOffset: 500n });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['orders', 'payments', 'audit', 'held', 'slow']);
  });
  afterEach(() => {
    clearFaults(emulator);
    emulator.source.cluster.setTraffic(false);
    emulator.destination.cluster.mirrorFetchIntervalMs = 0;
  });
  after(async () => emulator.close());

  const promote = (...args: string[]) =>
    runCli(['promote', 'm1', '-b', emulator.destination.bootstrap, '--quiet-period', '400ms', ...args]);

  it('--dry-run shows each partition with both end offsets and its gap, and stops nothing', async () => {
    emulator.source.cluster.appendRecords('orders', 40, 1);
    const result = await promote('--topic', 'orders', '--dry-run', '--json');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json;
    assertMatchesSchema('promote', doc);
    assert.equal(doc.dryRun, true);
    assert.equal(doc.stopSent, false);
    assert.deepEqual(
      doc.topics[0]?.partitions.map((p) => [p.partition, p.state, p.sourceEnd]),
      [
        [0, 'MIRRORING', 500],
        [1, 'MIRRORING', 540],
      ],
    );
    assert.deepEqual(statesOf(emulator, 'orders'), ['MIRRORING', 'MIRRORING']);
  });

  it('without a terminal and without --yes: exit 2 and nothing stopped', async () => {
    const result = await promote('--topic', 'orders');
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /Promote mirror m1: 1 topic\(s\), 2 partition\(s\)/);
    assert.deepEqual(statesOf(emulator, 'orders'), ['MIRRORING', 'MIRRORING']);
  });

  it(
    'is not fooled by a reported lag of 0: waits for the source end offsets, then stops; ' + 'destination = source + 1',
    async () => {
      const dst = emulator.destination.cluster;
      const src = emulator.source.cluster;
      // A fetcher that answers every 3 s: right after one, 1,000 records land on the source.
      dst.mirrorFetchIntervalMs = 3000;
      await new Promise((resolve) => setTimeout(resolve, 3200));
      src.appendRecords('orders', 1000);
      assert.ok(reportedLagZeroWhileBehind(emulator, 'orders'), 'the broker reports lag 0 while 1,000 records behind');
      const result = await promote('--topic', 'orders', '--yes', '--json', '--timeout', '20s');
      assert.equal(result.code, 0, result.stderr);
      const doc = jsonOf(result) as Json;
      assertMatchesSchema('promote', doc);
      assert.equal(doc.complete, true);
      assert.deepEqual(doc.stopped, ['orders']);
      for (const p of doc.topics[0]?.partitions ?? []) {
        assert.equal(p.state, 'STOPPED');
        assert.equal(BigInt(p.sourceEnd ?? -1), src.endOffset('orders', p.partition));
        assert.equal(BigInt(p.destinationEnd ?? -1), BigInt(p.sourceEnd ?? -1) + 1n, 'the PID-reset marker only');
        assert.equal(p.verified, 'ok');
      }
      assert.deepEqual(statesOf(emulator, 'orders'), ['STOPPED', 'STOPPED']);
    },
  );

  it('--no-wait-for-quiet refuses while producers write: exit 1, nothing stopped', async () => {
    emulator.source.cluster.setGrowthRate('payments', 200);
    const result = await promote('--topic', 'payments', '--yes', '--no-wait-for-quiet');
    assert.equal(result.code, 1, result.stderr);
    assert.match(
      result.stderr,
      /producers still write to the source: \d+ record\(s\) arrived in 400 ms; nothing was stopped/,
    );
    assert.match(result.stderr, /Nothing was stopped: every selected topic is still mirroring/);
    assert.deepEqual(statesOf(emulator, 'payments'), ['MIRRORING', 'MIRRORING']);
    emulator.source.cluster.setGrowthRate('payments', 0);
  });

  it('--timeout that runs out while producers still write: exit 124, nothing stopped', async () => {
    emulator.source.cluster.setGrowthRate('payments', 200);
    const result = await promote('--topic', 'payments', '--yes', '--timeout', '3s', '--json');
    assert.equal(result.code, 124, result.stderr);
    assert.match((jsonOf(result) as ErrorJson).error.message, /timed out after 3s .*producers to stop/);
    assert.deepEqual(statesOf(emulator, 'payments'), ['MIRRORING', 'MIRRORING']);
    emulator.source.cluster.setGrowthRate('payments', 0);
  });

  it('waits for producers to stop (--wait-for-quiet is the default), then promotes', async () => {
    const src = emulator.source.cluster;
    src.setGrowthRate('payments', 200);
    setTimeout(() => src.setGrowthRate('payments', 0), 1500).unref();
    const result = await promote('--topic', 'payments', '--yes', '--json', '--timeout', '20s');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json;
    assert.equal(doc.quiet.checked, true);
    assert.ok(doc.quiet.waitedMs >= 900, `waited ${doc.quiet.waitedMs} ms`);
    for (const p of doc.topics[0]?.partitions ?? [])
      assert.equal(BigInt(p.destinationEnd ?? -1), src.endOffset('payments', p.partition) + 1n);
  });

  it('refuses a topic that is not MIRRORING (STOPPED: already promoted), naming its states', async () => {
    const result = await promote('--topic', 'orders', '--yes');
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /promote needs every partition MIRRORING; not so for orders \(2 STOPPED\); nothing was stopped/,
    );
  });

  it('a topic not in the mirror: exit 6 before anything is read', async () => {
    const result = await promote('--topic', 'nope', '--yes');
    assert.equal(result.code, 6, result.stderr);
  });

  it(
    'after the stop was sent, a refused topic is reported as not stopped with the command that ' + 'finishes the job',
    async () => {
      for (const node of emulator.destination.nodes)
        node.faults.failTopicsWith('StopMirrorTopics', { held: 29 }, { times: 1 });
      const result = await promote('--topic', 'audit,held', '--yes', '--json', '--timeout', '20s');
      assert.equal(result.code, 3, result.stderr);
      const doc = jsonOf(result) as Json;
      assertMatchesSchema('promote', doc);
      assert.equal(doc.stopSent, true);
      assert.equal(doc.complete, false);
      assert.deepEqual(doc.stopped, ['audit']);
      assert.deepEqual(doc.notStopped, ['held']);
      assert.match(doc.finishCommand ?? '', /^kmirror remove-topics m1 --topic held --yes -b \S+ --wait 2m$/);
      assert.deepEqual(statesOf(emulator, 'held'), ['MIRRORING', 'MIRRORING']);
    },
  );
});

describe('kmirror promote: --timeout after the stop was sent', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    // STOPPING takes a minute here, so the wait for STOPPED outlives the command's budget.
    emulator = await startEmulatedClusters({ seed: 'promote-slow', timing: { ...INSTANT_START, stoppingMs: 60_000 } });
    emulator.source.cluster.createTopic('slow', { partitions: 2, initialOffset: 10n });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['slow']);
  });
  after(async () => emulator.close());

  it(
    'exits 124 with the report: the stop was sent, nothing confirmed STOPPED yet, and the ' +
      'command that finishes the job',
    async () => {
      const result = await runCli([
        'promote',
        'm1',
        '-b',
        emulator.destination.bootstrap,
        '--topic',
        'slow',
        '--quiet-period',
        '300ms',
        '--yes',
        '--timeout',
        '8s',
        '--json',
      ]);
      assert.equal(result.code, 124, result.stderr);
      const doc = jsonOf(result) as Json;
      assertMatchesSchema('promote', doc);
      assert.equal(doc.stopSent, true);
      assert.equal(doc.complete, false);
      assert.deepEqual(doc.stopped, []);
      assert.deepEqual(doc.notStopped, ['slow']);
      assert.match(doc.interruption ?? '', /timed out after 8s/);
      assert.deepEqual(
        doc.topics[0]?.partitions.map((p) => p.state),
        ['STOPPING', 'STOPPING'],
      );
      assert.match(doc.finishCommand ?? '', /^kmirror remove-topics m1 --topic slow --yes -b \S+ --wait 2m$/);
      assert.deepEqual(statesOf(emulator, 'slow'), ['STOPPING', 'STOPPING']);
    },
  );

  it('in text: says what was stopped and what not, and prints the finishing command', async () => {
    emulator.source.cluster.createTopic('slow2', { partitions: 1, initialOffset: 10n });
    await startTopics(emulator, 'm1', ['slow2']);
    const result = await runCli(
      ['promote', 'm1', '-b', emulator.destination.bootstrap, '--topic', 'slow2', '--quiet-period', '300ms'].concat([
        '--yes',
        '--timeout',
        '6s',
      ]),
    );
    assert.equal(result.code, 124, result.stderr);
    assert.match(result.stdout, /^Promote of mirror m1 ended after the stop was sent: timed out after 6s/m);
    assert.match(result.stdout, /^ {2}Stopped: {5}none confirmed$/m);
    assert.match(result.stdout, /^ {2}Not stopped: slow2$/m);
    assert.match(
      result.stdout,
      /^To finish the job:\n {2}kmirror remove-topics m1 --topic slow2 --yes -b \S+ --wait 2m$/m,
    );
  });
});

describe('kmirror promote: consumer groups (step 4)', () => {
  const SYNC_MS = 3000;
  let emulator: EmulatedClusters;
  /** The destination's committed offset of billing on orders-0 when StopMirrorTopics reached it. */
  let offsetAtStop: bigint | null | undefined;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'promote-groups',
      timing: INSTANT_START,
      destination: { brokerConfigs: { 'mirror.metadata.refresh.interval.ms': String(SYNC_MS) } },
      onWire: (event) => {
        if (event.cluster === 'destination' && event.direction === 'request' && event.apiName === 'StopMirrorTopics')
          offsetAtStop = emulator.destination.cluster.groups.offset('billing', 'orders', 0)?.offset ?? null;
      },
    });
    for (const name of ['orders', 'audit', 'ledger'])
      emulator.source.cluster.createTopic(name, { partitions: 2, initialOffset: 500n });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['orders', 'audit', 'ledger']);
  });
  after(async () => emulator.close());

  const promote = (...args: string[]) =>
    runCli(['promote', 'm1', '-b', emulator.destination.bootstrap, '--quiet-period', '400ms', ...args]);

  /** Resolves just after the destination's periodic sync ran, so the next one is a whole period away. */
  async function justAfterSync(): Promise<void> {
    const dst = emulator.destination.cluster;
    const due = dst.nextSyncAt;
    await waitFor('the next sync', () => dst.nextSyncAt !== due, SYNC_MS * 3);
  }

  it('--dry-run shows the group gaps and that one sync period can pass before the copy', async () => {
    await justAfterSync();
    commit(emulator.source.cluster, 'ledger-app', { ledger: { 0: 510n, 1: 520n } });
    const result = await promote('--topic', 'ledger', '--dry-run');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^ledger-app +not yet copied +ledger +0 +510 +- +-$/m);
    assert.match(
      result.stdout,
      /wait until the 1 consumer group\(s\) have the source's committed offsets on the destination \(0 in sync now\); the destination copies them once every 3 s \(mirror\.metadata\.refresh\.interval\.ms\), so this can take one sync period/,
    );
  });

  it(
    'waits for a group the destination copies at its next sync; the stop comes after the copy, ' +
      "offsets equal the source's",
    async () => {
      await justAfterSync();
      commit(emulator.source.cluster, 'billing', { orders: { 0: 600n, 1: 700n } });
      assert.equal(emulator.destination.cluster.groups.offset('billing', 'orders', 0), undefined);
      const result = await promote('--topic', 'orders', '--yes', '--json', '--timeout', '30s');
      assert.equal(result.code, 0, result.stderr);
      const doc = jsonOf(result) as Json;
      assertMatchesSchema('promote', doc);
      assert.equal(doc.complete, true);
      assert.equal(offsetAtStop, 600n, 'the destination had the offsets when the stop was sent');
      assert.equal(doc.groups.compared, true);
      assert.equal(doc.groups.syncInterval?.ms, SYNC_MS);
      assert.deepEqual(doc.groups.inSync, ['billing']);
      assert.deepEqual(doc.groups.notInSync, []);
      const billing = doc.groups.groups.find((g) => g.group === 'billing');
      assert.equal(billing?.verdict, 'in-sync');
      assert.deepEqual(
        billing?.partitions.map((p) => [p.topic, p.partition, p.sourceOffset, p.destinationOffset]),
        [
          ['orders', 0, 600, 600],
          ['orders', 1, 700, 700],
        ],
      );
      for (const p of [0, 1])
        assert.equal(
          emulator.destination.cluster.groups.offset('billing', 'orders', p)?.offset,
          emulator.source.cluster.groups.offset('billing', 'orders', p)?.offset,
        );
    },
  );

  it(
    'a group active on the destination blocks: --no-wait-for-quiet refuses naming it, the wait ' +
      'times out naming it',
    async () => {
      commit(emulator.source.cluster, 'live', { audit: { 0: 505n } });
      emulator.destination.cluster.groups.markActive('live');
      const refused = await promote('--topic', 'audit', '--yes', '--no-wait-for-quiet');
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, /consumer group\(s\) active on the destination: live; .*nothing was stopped/);
      assert.match(refused.stderr, /Nothing was stopped: every selected topic is still mirroring/);

      const waited = await promote('--topic', 'audit', '--yes', '--json', '--timeout', '9s');
      assert.equal(waited.code, 124, waited.stderr);
      assert.match(
        (jsonOf(waited) as ErrorJson).error.message,
        /timed out after 9s .*consumer group offsets .*\(not in sync: live \(active on the destination\)\); nothing was stopped/,
      );
      assert.deepEqual(statesOf(emulator, 'audit'), ['MIRRORING', 'MIRRORING']);
    },
  );

  it('--force promotes without the active group and names it; --skip-groups is refused beside --group', async () => {
    const usage = await promote('--topic', 'audit', '--yes', '--skip-groups', '--group', 'live');
    assert.equal(usage.code, 2, usage.stderr);
    const result = await promote('--topic', 'audit', '--yes', '--json', '--force', '--timeout', '30s');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json & { warnings?: string[] };
    assert.deepEqual(doc.groups.activeOnDestination, ['live']);
    assert.ok(
      doc.warnings?.some((w) => /--force: promoting without the group\(s\) active on the destination: live/.test(w)),
    );
    assert.deepEqual(statesOf(emulator, 'audit'), ['STOPPED', 'STOPPED']);
  });
});
