// `kmirror promote` end to end: the command run in-process against emulated clusters whose source
// traffic the test holds still or starts (the emulator's API stands in for the producers).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deadPort } from '../helpers/dead-port.js';
import { after, afterEach, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { PromoteJson } from '../../src/commands/promote.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import type { Parsed } from '../helpers/cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { clearFaults, createMirror, startTopics, statesOf, type ErrorJson } from './topic-actions-setup.js';

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

  it('--source-profile reaches the source through that profile, not the stored settings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-promote-profile-'));
    try {
      const env = { XDG_CONFIG_HOME: dir };
      const dead = `127.0.0.1:${await deadPort()}`;
      const saved = await runCli(['profile', 'create', 'elsewhere', '-b', dead], { env });
      assert.equal(saved.code, 0, saved.stderr);
      const dst = emulator.destination.bootstrap;
      const args = ['promote', 'm1', '-b', dst, '--topic', 'orders', '--dry-run', '--no-source-check'];
      const result = await runCli([...args, '--timeout', '3s', '--source-profile', 'elsewhere'], { env });
      assert.notEqual(result.code, 0, 'the profile names a source nothing answers at');
      assert.ok(result.stderr.includes(dead), result.stderr);
      const stored = await runCli([...args, '--timeout', '10s'], { env });
      assert.equal(stored.code, 0, `the stored settings reach the source: ${stored.stderr}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without a terminal and without --yes: exit 2 and nothing stopped', async () => {
    const result = await promote('--topic', 'orders');
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /Promote mirror m1: 1 topic\(s\), 2 partition\(s\)/);
    // A plan before a confirmation is a plan: only --dry-run says dry run (issue 33).
    assert.match(result.stderr, /^Plan: Promote mirror m1/m);
    assert.doesNotMatch(result.stderr, /dry run/i);
    assert.deepEqual(statesOf(emulator, 'orders'), ['MIRRORING', 'MIRRORING']);
    assert.match((await promote('--topic', 'orders', '--dry-run')).stdout, /^Dry run: nothing was stopped\.$/m);
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
    const { error } = jsonOf(result) as ErrorJson;
    assert.match(error.message, /timed out after 3s .*producers to stop/);
    // The fixes that end the wait, not a longer --timeout.
    assert.match(
      error.hint ?? '',
      /stop them, then run promote again; or --force promotes .*kmirror playground, kill -USR1 .*--no-traffic/,
    );
    assert.doesNotMatch(error.hint ?? '', /raise --timeout/);
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
