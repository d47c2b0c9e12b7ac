// `kmirror resume` end to end: the command run in-process against emulated source and destination clusters.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deadPort } from '../helpers/dead-port.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { after, afterEach, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import {
  type ActionJson,
  type ErrorJson,
  clearFaults,
  createMirror,
  injectTopicErrors,
  pauseTopics,
  startTopics,
  statesOf,
  waitFor,
} from './topic-actions-setup.js';
import { joinedRegex } from '../helpers/joined-regex.js';

describe('kmirror resume', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      timing: INSTANT_START,
      seed: 'resume',
      demoTopics: true,
      growthPerSec: 0,
    });
    for (const name of ['r1', 'r2']) emulator.source.cluster.createTopic(name, { partitions: 1, initialOffset: 5n });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['orders', 'payments', 'inventory', 'r1', 'r2']);
    await pauseTopics(emulator, 'm1', ['payments', 'inventory', 'r1', 'r2']);
  });
  afterEach(() => clearFaults(emulator));
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli(['resume', 'm1', '-b', emulator.destination.bootstrap, ...args]);

  it('--dry-run sends nothing: the request is shown, the topic stays PAUSED', async () => {
    const result = await run('--topic', 'r2', '--dry-run');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /ResumeMirrorTopics\n {2}MirrorName: m1\n {2}Topics: \[r2\]\n[^]*Nothing was sent/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(statesOf(emulator, 'r2'), ['PAUSED']);
  });

  it('--wait: resumes and reports MIRRORING (JSON, schema)', async () => {
    const result = await run('--topic', 'payments', '--wait', '20s', '--json');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as ActionJson;
    assertMatchesSchema('resume', doc);
    assert.equal(doc.action, 'resume');
    assert.deepEqual(doc.succeeded, ['payments']);
    assert.deepEqual(
      doc.final?.map((r) => `${r.topic}-${r.partition}:${r.state}`),
      ['payments-0:MIRRORING', 'payments-1:MIRRORING'],
    );
  });

  it('MIRRORING topics are no-ops, paused ones are sent (text)', async () => {
    const result = await run('--topic', 'orders,inventory');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stdout,
      'Resumed mirroring for 1 topic(s) in mirror m1: inventory\nAlready MIRRORING: orders\n',
    );
  });

  it('per-topic 141 for every sent topic: exit 1 with message and hint', async () => {
    injectTopicErrors(emulator, 'ResumeMirrorTopics', { r1: 141 }, "Topic 'r1' is in STOPPED state");
    const result = await run('--topic', 'r1', '--json');
    assert.equal(result.code, 1, result.stderr);
    const doc = jsonOf(result) as ActionJson;
    assertMatchesSchema('resume', doc);
    assert.deepEqual(
      doc.failed.map((f) => [f.topic, f.error.code, f.error.name]),
      [['r1', 141, 'MIRROR_TOPIC_NOT_PAUSED']],
    );
    assert.match(doc.failed[0]?.error.hint ?? '', /only PAUSED topics can be resumed/);
    assert.ok(statesOf(emulator, 'r1').every((s) => s === 'PAUSED'));
  });

  it('per-topic 137 and 139 are readable too (exit 3 when another topic resumed)', async () => {
    injectTopicErrors(emulator, 'ResumeMirrorTopics', { r1: 139 });
    const result = await run('--topic', 'r1,r2');
    assert.equal(result.code, 3, result.stderr);
    assert.match(
      result.stdout,
      joinedRegex([
        /r1: mirror 'm1', topic 'r1': the topic belongs to a different mirror \(TOPIC_NOT_IN_CLUSTER_MIRROR from /,
        /ResumeMirrorTopics\)/,
      ]),
    );
    assert.match(result.stdout, /Resumed mirroring for 1 topic\(s\) in mirror m1: r2/);
    injectTopicErrors(emulator, 'ResumeMirrorTopics', { r1: 137 });
    const unknown = await run('--topic', 'r1');
    assert.equal(unknown.code, 6, unknown.stderr);
    assert.match(unknown.stdout, /UNKNOWN_CLUSTER_MIRROR/);
  });

  it('144 → exit 5', async () => {
    for (const node of emulator.destination.nodes) node.faults.failWith('ResumeMirrorTopics', 144);
    const result = await run('--topic', 'r1', '--json');
    assert.equal(result.code, 5);
    assert.equal((jsonOf(result) as ErrorJson).error.kafkaError?.code, 144);
  });

  it('a pattern matching no topic of the mirror: exit 6, nothing sent', async () => {
    const result = await run('--pattern', 'zzz.*');
    assert.equal(result.code, 6);
    assert.match(result.stderr, /no topic of mirror 'm1' matches/);
  });
});

describe('kmirror resume --wait on the prototype timing', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    // Records copy at 1,000/s per partition: a resumed partition is MIRRORING at once but far behind
    // the source, so a wait that trusted MIRRORING (or the reported lag) would return too early.
    emulator = await startEmulatedClusters({
      seed: 'resume-caught-up',
      growthPerSec: 0,
      timing: { copyRecordsPerSec: 1000 },
      demoTopics: [{ name: 'ledger', partitions: 2, initialOffset: 200n }],
    });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['ledger']);
    await waitFor('ledger copied', () =>
      [0, 1].every((p) => emulator.destination.cluster.endOffset('ledger', p) >= 200n),
    );
    await pauseTopics(emulator, 'm1', ['ledger']);
    // Produced while paused: the resumed partitions have 2,500 records per partition to copy.
    emulator.source.cluster.appendRecords('ledger', 2500);
  });
  after(async () => {
    await emulator.close();
  });

  it('waits until the destination end offsets reach the source end offsets read when the wait began', async () => {
    const run = (...args: string[]) =>
      runCli(['resume', 'm1', '-b', emulator.destination.bootstrap, '--topic', 'ledger', '--wait', '30s', ...args]);
    const text = await run();
    assert.equal(text.code, 0, text.stderr);
    for (const partition of [0, 1])
      assert.ok(emulator.destination.cluster.endOffset('ledger', partition) >= 2700n, `ledger-${partition} copied`);
    assert.match(
      text.stderr,
      /Caught up: 2 partition\(s\); every partition is MIRRORING and holds every record the source had/,
    );
    assert.match(text.stderr, /the broker's reported lag is not used/);
    assert.doesNotMatch(text.stderr, /ListOffsets|DescribeClusterMirrors/, 'no RPC names (issue 33)');

    // Again with --json: the final rows carry the destination end offsets the wait reached.
    await pauseTopics(emulator, 'm1', ['ledger']);
    emulator.source.cluster.appendRecords('ledger', 2000);
    const result = await run('--json');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as ActionJson;
    assertMatchesSchema('resume', doc);
    assert.deepEqual(doc.succeeded, ['ledger']);
    assert.equal(doc.final?.length, 2);
    for (const row of doc.final ?? []) {
      assert.equal(row.state, 'MIRRORING');
      assert.ok((row.destinationEndOffset ?? 0n) >= 4700n, `ledger-${row.partition} at ${row.destinationEndOffset}`);
    }
  });

  it('a --wait too short: exit 124, and the hint prints a describe command that reaches the same cluster', async () => {
    await pauseTopics(emulator, 'm1', ['ledger']);
    emulator.source.cluster.appendRecords('ledger', 5000);
    const dst = emulator.destination.bootstrap;
    const result = await runCli(['resume', 'm1', '-b', dst, '--topic', 'ledger', '--wait', '200ms']);
    assert.equal(result.code, 124, result.stderr);
    assert.match(result.stderr, /gave up after --wait 200ms/);
    assert.ok(result.stderr.includes(`kmirror describe m1 -b ${dst} shows the partition states`), result.stderr);
  });

  it('--wait with --source-profile reaches the source through that profile, not the stored settings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-resume-profile-'));
    try {
      const env = { XDG_CONFIG_HOME: dir };
      const dead = `127.0.0.1:${await deadPort()}`;
      const saved = await runCli(['profile', 'create', 'elsewhere', '-b', dead], { env });
      assert.equal(saved.code, 0, saved.stderr);
      await pauseTopics(emulator, 'm1', ['ledger']);
      const dst = emulator.destination.bootstrap;
      const args = ['resume', 'm1', '-b', dst, '--topic', 'ledger', '--wait', '3s', '--timeout', '3s'];
      const result = await runCli([...args, '--source-profile', 'elsewhere'], { env });
      assert.notEqual(result.code, 0, 'the profile names a source nothing answers at');
      assert.ok(result.stderr.includes(dead), result.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unreadable --source-config before any request (exit 2)', async () => {
    const result = await runCli([
      'resume',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--topic',
      'ledger',
      '--wait',
      '5s',
      '--source-config',
      '/nonexistent/source.properties',
    ]);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /--source-config/);
  });
});
