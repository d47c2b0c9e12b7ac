import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror, engineStates, pauseTopics, startTopics, waitFor } from './describe-setup.js';
import type { DescribeReport } from '../../src/lib/mirror/describe/describe-report.js';

describe('kmirror describe --fail-on: health checks (exit 7)', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-health',
      demoTopics: true,
      growthPerSec: 0,
      // Retries of an unreachable source count at once (the prototype waits its 30 s request timeout).
      timing: { ...INSTANT_START, sourceRequestTimeoutMs: 0 },
      destination: {
        brokerConfigs: {
          'mirror.failed.retry.max.attempts': '1000',
          'mirror.failed.retry.initial.backoff.ms': '200',
          'mirror.failed.retry.max.backoff.ms': '400',
        },
      },
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders', 'payments']);
    await waitFor('MIRRORING', () =>
      [...engineStates(emulator, 'orders'), ...engineStates(emulator, 'payments')].every((s) => s === 'MIRRORING'),
    );
    await waitFor('caught up', () => emulator.destination.cluster.endOffset('orders', 0) === 1200n);
  });
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli(['describe', '-b', emulator.destination.bootstrap, ...args]);

  it('healthy: exit 0 and the verdict says so; JSON carries `health`', async () => {
    const text = await run('m1', '--fail-on', 'failing,not-mirroring', '--fail-on', 'lagging=0');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^--fail-on failing,not-mirroring,lagging=0: no partition meets it\.$/m);
    const json = await run('m1', '--fail-on', 'failing', '--json');
    assert.equal(json.code, 0, json.stderr);
    const report = jsonOf(json) as DescribeReport;
    assertMatchesSchema('describe', report);
    assert.deepEqual(report.health, {
      conditions: ['failing'],
      holds: false,
      offending: [],
      withinGrace: 0,
      graceMs: 10_000,
    });
  });

  it('not-mirroring: a PAUSED topic makes it hold; the JSON document is still the result, exit 7', async () => {
    pauseTopics(emulator, 'm1', ['payments']);
    await waitFor('PAUSED', () => engineStates(emulator, 'payments').every((s) => s === 'PAUSED'));
    const json = await run('m1', '--fail-on', 'not-mirroring', '--json');
    assert.equal(json.code, 7, json.stderr);
    const report = jsonOf(json) as DescribeReport;
    assertMatchesSchema('describe', report);
    assert.equal(report.health?.holds, true);
    assert.deepEqual(
      report.health?.offending.map((o) => `${o.topic}/${o.partition} ${o.state}`),
      ['payments/0 PAUSED', 'payments/1 PAUSED'],
    );
    const text = await run('m1', '--fail-on', 'not-mirroring');
    assert.equal(text.code, 7);
    assert.match(text.stdout, /^--fail-on not-mirroring: 2 partition\(s\) meet it:$/m);
    assert.match(text.stdout, /^m1\s+payments\s+0\s+PAUSED\s+-\s+not-mirroring$/m);
    assert.match(text.stderr, /Error: --fail-on not-mirroring: 2 partition\(s\) meet the condition/);
  });

  it('failing: a retriable FAILED partition counts after --grace; --min-lag keeps FAILED partitions', async () => {
    emulator.source.cluster.setReachable(false);
    try {
      await waitFor('FAILED', () => engineStates(emulator, 'orders').every((s) => s === 'FAILED'));
      const started = Date.now();
      const json = await run('m1', '--fail-on', 'failing', '--grace', '1500ms', '--json');
      assert.ok(Date.now() - started >= 1500, 'it waited out the grace and asked again');
      assert.equal(json.code, 7, json.stderr);
      const report = jsonOf(json) as DescribeReport;
      assert.deepEqual(
        report.health?.offending.map((o) => `${o.topic}/${o.partition}`),
        ['orders/0', 'orders/1', 'orders/2'],
      );
      assert.ok(report.health?.offending.every((o) => o.retryAttempt >= 1 && o.conditions.join() === 'failing'));

      const minLag = jsonOf(await run('m1', '--min-lag', '1', '--json')) as DescribeReport;
      assert.deepEqual(
        minLag.mirrors[0]?.topics.flatMap((t) => t.partitions.map((p) => `${t.name}/${p.partition} ${p.state}`)),
        ['orders/0 FAILED', 'orders/1 FAILED', 'orders/2 FAILED'],
        'FAILED partitions have no lag to compare and are not hidden',
      );
    } finally {
      emulator.source.cluster.setReachable(true);
    }
  });

  it('rejects a bad --fail-on, and --fail-on with --watch, before sending anything (exit 2)', async () => {
    const bad = await runCli(['describe', '-b', '127.0.0.1:1', '--fail-on', 'lagging=lots']);
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, /--fail-on lagging=lots: not a whole number of records/);
    const watch = await runCli(['describe', '-b', '127.0.0.1:1', '--fail-on', 'failing', '--watch']);
    assert.equal(watch.code, 2, watch.stderr);
    assert.match(watch.stderr, /cannot be used with --watch/);
  });
});

describe('kmirror describe --watch: catch-up rate, lag trend and ETA', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-trend',
      demoTopics: [{ name: 'orders', partitions: 2, initialOffset: 100_000n }],
      growthPerSec: 0,
      timing: { ...INSTANT_START, copyRecordsPerSec: 2000 },
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders']);
    await waitFor('MIRRORING', () => engineStates(emulator, 'orders').every((s) => s === 'MIRRORING'));
  });
  after(async () => {
    await emulator.close();
  });

  it('--fail-on lagging=N: exit 7 with the lagging partitions listed; a higher N holds nothing', async () => {
    const json = await runCli([
      'describe',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--fail-on',
      'lagging=1000',
      '--json',
    ]);
    assert.equal(json.code, 7, json.stderr);
    const report = jsonOf(json) as DescribeReport;
    assert.deepEqual(
      report.health?.offending.map((o) => `${o.topic}/${o.partition} ${o.conditions.join()}`),
      ['orders/0 lagging=1000', 'orders/1 lagging=1000'],
    );
    assert.ok(report.health?.offending.every((o) => (o.lag ?? 0) > 1000));
    const high = await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, '--fail-on', 'lagging=1000000']);
    assert.equal(high.code, 0, high.stderr);
  });

  it('--json lines carry the numbers: records/s, lag history and an ETA while lag falls', async () => {
    const result = await runCli([
      'describe',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--watch',
      '--interval',
      '0.5',
      '--timeout',
      '3s',
      '--json',
    ]);
    assert.equal(result.code, 124, result.stderr);
    assert.equal(result.stderr, '');
    const lines = result.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as DescribeReport & { error?: { exitCode: number } });
    // The watch ends when --timeout runs out: its last line is the error document saying so.
    const end = lines.at(-1);
    assert.equal(end?.error?.exitCode, 124, JSON.stringify(end));
    assertMatchesSchema('error', end);
    const docs = lines.slice(0, -1);
    assert.ok(docs.length >= 3, result.stdout);
    for (const doc of docs) assertMatchesSchema('describe', doc);
    const last = docs.at(-1);
    const mirrorRow = last?.trends?.find((t) => t.topic === null);
    assert.ok(mirrorRow, JSON.stringify(last?.trends));
    assert.equal(mirrorRow.lagHistory.length, docs.length);
    assert.ok((mirrorRow.recordsPerSecond ?? 0) > 1000, `records/s ${mirrorRow.recordsPerSecond}`);
    assert.ok((mirrorRow.lagPerSecond ?? 0) < 0, 'lag falls');
    assert.ok((mirrorRow.etaSeconds ?? 0) > 0, 'an ETA while behind');
  });

  it('text: a trend table with a sparkline and an ETA under the view', async () => {
    const result = await runCli([
      'describe',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--watch',
      '--interval',
      '0.5',
      '--timeout',
      '2s',
    ]);
    assert.equal(result.code, 124, result.stderr);
    assert.match(result.stdout, /^Catch-up over the last \d+s \(\d+ refreshes\):$/m);
    assert.match(result.stdout, /^MIRROR\s+TOPIC\s+RECORDS\/S\s+LAG TREND\s+LAG\/S\s+ETA$/m);
    assert.match(result.stdout, /^m1\s+orders\s+\d+\s+[▁▂▃▄▅▆▇█]+\s+-\d+\s+(\d+m)?\d+s$/m);
  });
});
