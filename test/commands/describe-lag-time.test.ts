// Lag in time: describe reads, on the source, the record at each lagging partition's destination end
// offset; its timestamp gives the age of the oldest unmirrored record (LAG TIME, lagTimeMs, --fail-on
// lagging-time). The emulator's clock is still, set an hour back, so the records' times are known.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock, startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { createMirror, startTopics } from './describe-setup.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import type { DescribeReport } from '../../src/lib/mirror/describe/describe-report.js';
import { appendProducedBatch } from '../../src/lib/emulator/state/record-store.js';
import { encodeBatch } from '../../src/lib/kafka/record-batch.js';
import { MAX_FETCHES_PER_BROKER, PARTITION_MAX_BYTES } from '../../src/lib/mirror/describe/record-timestamps.js';

const TEN_MINUTES = 600_000;

describe('describe: lag in time', () => {
  let emulator: EmulatedClusters;
  let firstAppend = 0;
  let secondAppend = 0;

  before(async () => {
    const clock = new ManualClock(Date.now() - 2 * TEN_MINUTES - 2000);
    // A copy rate so low that nothing appended below is copied: the lag stays.
    emulator = await startEmulatedClusters({ seed: 'lag-time', clock, timing: { copyRecordsPerSec: 0.0001 } });
    emulator.source.cluster.createTopic('ledger', { partitions: 3 });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['ledger']);
    emulator.destination.cluster.advance(2000, 100);
    firstAppend = clock.now();
    emulator.source.cluster.appendRecords('ledger', 50, 0);
    clock.advance(TEN_MINUTES);
    secondAppend = clock.now();
    emulator.source.cluster.appendRecords('ledger', 20, 1);
    emulator.destination.cluster.advance(100, 100);
  });

  after(async () => {
    await emulator?.close();
  });

  const rows = (report: DescribeReport) =>
    new Map(report.mirrors[0]?.topics[0]?.partitions.map((p) => [p.partition, p]) ?? []);

  it('is the age of the first record the destination lacks, by partition; 0 when caught up', async () => {
    const before = Date.now();
    const result = await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, '--json']);
    const afterMs = Date.now();
    assert.equal(result.code, 0, result.stderr);
    const byPartition = rows(jsonOf(result) as DescribeReport);
    const p0 = byPartition.get(0);
    const p1 = byPartition.get(1);
    assert.equal(p0?.lag, 50);
    assert.equal(p1?.lag, 20);
    assert.equal(byPartition.get(2)?.lagTimeMs, 0);
    const age0 = p0?.lagTimeMs ?? NaN;
    const age1 = p1?.lagTimeMs ?? NaN;
    // Both read in one answer: they differ by exactly the time between the two appends.
    assert.equal(age0 - age1, secondAppend - firstAppend);
    assert.ok(age1 >= before - secondAppend && age1 <= afterMs - secondAppend, `${age1}`);
  });

  it('shows LAG TIME in the partition table', async () => {
    const result = await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, '--partitions']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /LAG TIME/);
    const line = result.stdout.split('\n').find((l) => /ledger\s+0\s/.test(l)) ?? '';
    assert.match(line, /\s20m\d*s?\s/, line);
  });

  it('--fail-on lagging-time=15m names the partition whose oldest unmirrored record is older', async () => {
    const result = await runCli([
      'describe',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--fail-on',
      'lagging-time=15m',
      '--json',
    ]);
    assert.equal(result.code, 7, result.stderr);
    const health = (jsonOf(result) as DescribeReport).health;
    assert.deepEqual(
      health?.offending.map((o) => [o.partition, o.conditions]),
      [[0, ['lagging-time=15m']]],
    );
    const relaxed = await runCli([
      'describe',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--fail-on',
      'lagging-time=1h',
    ]);
    assert.equal(relaxed.code, 0, relaxed.stderr);
  });

  it('is unknown (null, never 0) without the source, and says so; --fail-on lagging-time counts it', async () => {
    const result = await runCli([
      'describe',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--no-source-check',
      '--fail-on',
      'lagging-time=1h',
      '--json',
    ]);
    assert.equal(result.code, 7, result.stderr);
    const report = jsonOf(result) as DescribeReport;
    const byPartition = rows(report);
    assert.equal(byPartition.get(0)?.lagTimeMs, null);
    assert.equal(byPartition.get(1)?.lagTimeMs, null);
    assert.ok(
      report.sourceNotes?.some((n) => /lag time of 2 lagging partition\(s\) of mirror m1 is unknown/.test(n)),
      JSON.stringify(report.sourceNotes),
    );
    assert.deepEqual(report.health?.offending.map((o) => o.partition).sort(), [0, 1]);
  });

  it('is unknown when the source does not answer from here: ? in the table, and a warning says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-lag-time-'));
    try {
      const config = join(dir, 'source.properties');
      writeFileSync(config, 'bootstrap.servers=127.0.0.1:1\n');
      const args = ['describe', 'm1', '-b', emulator.destination.bootstrap, '--source-config', config];
      const result = await runCli([...args, '--partitions']);
      assert.equal(result.code, 0, result.stderr);
      const line = result.stdout.split('\n').find((l) => /ledger\s+0\s/.test(l)) ?? '';
      assert.match(line, /\s50\s+\?\s/, line);
      assert.match(result.stdout, /\? = lag time unknown/);
      assert.match(result.stderr, /lag time of 2 lagging partition\(s\) of mirror m1 is unknown: .*does not answer/);
      const json = jsonOf(await runCli([...args, '--json'])) as DescribeReport;
      assert.equal(rows(json).get(0)?.lagTimeMs, null);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a --fail-on lagging-time without a duration before sending anything', async () => {
    const result = await runCli(['describe', 'm1', '-b', '127.0.0.1:1', '--fail-on', 'lagging-time=soon']);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /lagging-time=soon/);
  });
});

describe('describe: lag in time is bounded to a few fetches per source broker', () => {
  let emulator: EmulatedClusters;
  const fetches = new Map<number, number>();

  before(async () => {
    const clock = new ManualClock(Date.now() - TEN_MINUTES);
    emulator = await startEmulatedClusters({
      seed: 'lag-time-bound',
      clock,
      timing: { ...INSTANT_START, copyRecordsPerSec: 0.0001 },
      onWire: (e) => {
        if (e.cluster === 'source' && e.direction === 'request' && e.apiName === 'Fetch')
          fetches.set(e.nodeId, (fetches.get(e.nodeId) ?? 0) + 1);
      },
    });
    const source = emulator.source.cluster;
    const topic = source.createTopic('wide', { partitions: 8 });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['wide']);
    emulator.destination.cluster.advance(3000, 100);
    // Every partition's first unmirrored batch is larger than a Fetch asks per partition.
    const value = Buffer.alloc(PARTITION_MAX_BYTES + 1024, 'x');
    for (const p of topic.partitions) {
      const batch = encodeBatch({
        baseOffset: 0n,
        leaderEpoch: 0,
        baseTimestamp: BigInt(clock.now()),
        records: [{ timestampDelta: 0n, key: null, value, headers: [] }],
      });
      appendProducedBatch(source, topic, p, batch);
    }
    emulator.destination.cluster.advance(100, 100);
  });

  after(async () => {
    await emulator?.close();
  });

  it('reads what fits in MAX_FETCHES_PER_BROKER fetches; the rest is unknown, and the note says why', async () => {
    fetches.clear();
    const result = await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = jsonOf(result) as DescribeReport;
    const rows = report.mirrors[0]?.topics[0]?.partitions ?? [];
    assert.equal(rows.length, 8);
    assert.ok(
      rows.every((p) => Number(p.lag) === 1),
      JSON.stringify(rows.map((p) => [p.state, p.lag])),
    );
    assert.deepEqual([...fetches.values()], [MAX_FETCHES_PER_BROKER], 'one source broker, asked that many times');
    const known = rows.filter((p) => typeof p.lagTimeMs === 'number');
    // A broker waives the size limit only for the first partition with data: one partition per fetch.
    assert.equal(known.length, MAX_FETCHES_PER_BROKER);
    assert.equal(rows.filter((p) => p.lagTimeMs === null).length, 8 - MAX_FETCHES_PER_BROKER);
    assert.ok(
      report.sourceNotes?.some((n) => n.includes(`not read within ${MAX_FETCHES_PER_BROKER} fetches`)),
      JSON.stringify(report.sourceNotes),
    );
  });
});
