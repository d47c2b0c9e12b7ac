// `describe --fail-on` confirms on the source what the broker's report cannot prove (§18): a zero lag
// (the broker's lag is as of its last fetch, and reads 0 for ~1 s after a start or resume) against
// the source's end offsets, and each mirrored topic's id (a recreated source topic copies nothing
// while it shows MIRRORING with lag 0). The engine runs on a manual clock so "stale" is exact.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock, startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { CheckResult } from '../../src/lib/mirror/check/check-mirror.js';
import type { DescribeReport } from '../../src/lib/mirror/describe/describe-report.js';
import type { DiffResult } from '../../src/lib/mirror/diff/diff-report.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { deadPort } from '../helpers/dead-port.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror, startTopics } from './describe-setup.js';

describe('kmirror describe --fail-on: a zero lag and a topic id confirmed on the source (§18)', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-confirm',
      demoTopics: true,
      growthPerSec: 0,
      clock: new ManualClock(1_000_000),
      timing: { ...INSTANT_START, copyRecordsPerSec: 100_000 },
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders', 'inventory']);
    emulator.destination.cluster.advance(3000, 100);
  });
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, ...args]);

  it('caught up: the zero lag is confirmed and --fail-on lagging passes', async () => {
    const result = await run('--fail-on', 'lagging', '--json');
    assert.equal(result.code, 0, result.stdout);
    const report = jsonOf(result) as DescribeReport;
    assertMatchesSchema('describe', report);
    assert.ok((report.confirmedLags ?? []).length > 0);
    assert.ok(report.confirmedLags?.every((c) => c.lag !== null && Number(c.lag) === 0));
  });

  it('§18 lag and start-up: a stale lag 0 while the source holds more fails lagging, with the lag found', async () => {
    // The source takes 500 records; the broker has not fetched since, so it still reports lag 0.
    emulator.source.cluster.appendRecords('orders', 500, 0);
    const result = await run('--fail-on', 'lagging=100', '--json');
    assert.equal(result.code, 7, result.stderr);
    const report = jsonOf(result) as DescribeReport;
    const reported = report.mirrors[0]?.topics.find((t) => t.name === 'orders')?.partitions[0];
    assert.equal(Number(reported?.lag), 0, 'the broker still says 0');
    const offence = report.health?.offending.find((o) => o.topic === 'orders' && o.partition === 0);
    assert.equal(Number(offence?.confirmedLag), 500);
    const text = await run('--fail-on', 'lagging=100');
    assert.equal(text.code, 7);
    assert.match(
      text.stdout,
      /\nm1 +orders +0 +MIRRORING +500 \(broker: 0\) +lagging=100\n/,
      'the lag that holds, not 0',
    );
    assert.match(text.stdout, /LAG \(broker: N\): the lag read on the source with ListOffsets/);
    // --no-source-check trusts the broker, and says so.
    const blind = await run('--fail-on', 'lagging=100', '--no-source-check', '--json');
    assert.equal(blind.code, 0, blind.stderr);
    assert.match(String((jsonOf(blind) as DescribeReport).sourceNotes), /not confirmed on the sources/);
    emulator.destination.cluster.advance(2000, 100);
  });

  it('a zero lag the source cannot confirm from here is unknown: the check holds and says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-confirm-'));
    const file = join(dir, 'source.properties');
    writeFileSync(file, `bootstrap.servers=127.0.0.1:${await deadPort()}\n`);
    const result = await run('--fail-on', 'not-mirroring', '--source-config', file, '--json');
    assert.equal(result.code, 7, result.stderr);
    const report = jsonOf(result) as DescribeReport;
    assert.ok(report.health?.offending.every((o) => o.confirmedLag === null && o.state === 'MIRRORING'));
    assert.match(
      String(report.sourceNotes),
      /is not confirmed \(unknown\): the source of mirror m1 .* does not answer/,
    );
  });

  it('§18 deleted and recreated source topic: "copies nothing" with both ids, counted by failing', async () => {
    const before = emulator.source.cluster.topics.get('inventory')?.id ?? '';
    emulator.source.cluster.deleteTopic('inventory');
    emulator.destination.cluster.advance(1000, 100);
    const now = emulator.source.cluster.createTopic('inventory', { partitions: 1 }).id;
    emulator.destination.cluster.restartBrokers();
    // MIRRORING within ~4 s of a restart: the freed partition's wait, then its LOG_TRUNCATION.
    emulator.destination.cluster.advance(4000, 100);
    assert.equal(emulator.destination.cluster.topics.get('inventory')?.partitions[0]?.mirror?.state, 'MIRRORING');
    const result = await run('--fail-on', 'failing', '--json');
    assert.equal(result.code, 7, result.stderr);
    const report = jsonOf(result) as DescribeReport;
    assertMatchesSchema('describe', report);
    assert.equal(
      report.recreatedTopics?.[0]?.summary,
      `inventory copies nothing: the source topic was recreated (source id ${now}, destination ${before}); the ` +
        'broker shows it MIRRORING with lag 0',
    );
    assert.match(report.recreatedTopics?.[0]?.recovery ?? '', /^the broker's own remedy: delete the topic/);
    assert.deepEqual(
      report.health?.offending.map((o) => [o.topic, o.recreatedSource]),
      [['inventory', true]],
    );
    // diff and check MIRROR compare the ids as well.
    const destination = emulator.destination.bootstrap;
    const diff = await runCli(['diff', 'm1', '-b', destination, '--fail-on', 'drift', '--json']);
    assert.equal(diff.code, 7, diff.stderr);
    const diffDoc = jsonOf(diff) as DiffResult;
    assertMatchesSchema('diff', diffDoc);
    assert.equal(diffDoc.recreatedTopics[0]?.summary, report.recreatedTopics?.[0]?.summary);
    assert.deepEqual(diffDoc.failOn?.topics, ['inventory']);
    const check = await runCli(['check', 'm1', '-b', destination, '--json']);
    const checkDoc = jsonOf(check) as CheckResult;
    assertMatchesSchema('check', checkDoc);
    assert.deepEqual(
      checkDoc.mirror?.recreatedTopics.map((r) => [r.topic, r.sourceTopicId, r.destinationTopicId]),
      [['inventory', now, before]],
    );
    const text = await runCli(['check', 'm1', '-b', destination]);
    assert.match(text.stdout, /inventory copies nothing: the source topic was recreated/);
    const skipped = jsonOf(await runCli(['check', 'm1', '-b', destination, '--no-source-check', '--json']));
    assert.deepEqual((skipped as CheckResult).mirror?.recreatedTopics, [], '--no-source-check asks no source');
    // The search for mirrors back from the sources follows the same policy.
    assert.deepEqual(checkDoc.twoWay?.checkedMirrors, ['m1']);
    assert.deepEqual((skipped as CheckResult).twoWay?.checkedMirrors, []);
  });
});
