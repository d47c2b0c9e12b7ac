import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock, startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { seriesValue, startExporter, type RunningExporter } from '../helpers/exporter-process.js';
import { createMirror, pauseTopics, startTopics } from './describe-setup.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import type { DescribeReport } from '../../src/lib/mirror/describe/describe-report.js';

// A manual clock holds the emulator still between steps, so a scrape and `describe --json` see the same values.
describe('kmirror exporter', () => {
  let emulator: EmulatedClusters;
  let clock: ManualClock;
  let exporter: RunningExporter;
  let describeRequests = 0;
  before(async () => {
    clock = new ManualClock(1_000_000);
    emulator = await startEmulatedClusters({
      seed: 'exporter',
      demoTopics: true,
      growthPerSec: 0,
      clock,
      timing: { ...INSTANT_START, copyRecordsPerSec: 100 },
      onWire: (e) => {
        if (e.cluster === 'destination' && e.direction === 'request' && e.apiName === 'DescribeClusterMirrors')
          describeRequests++;
      },
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders', 'payments']);
    emulator.destination.cluster.advance(3000, 100);
    emulator.source.cluster.appendRecords('orders', 250, 1);
    pauseTopics(emulator, 'm1', ['payments']);
    emulator.destination.cluster.advance(1000, 100);
    exporter = await startExporter([
      '-b',
      emulator.destination.bootstrap,
      '--min-interval',
      '2s',
      '--collect-timeout',
      '3s',
    ]);
  });
  after(async () => {
    await exporter?.stop();
    await emulator?.close();
  });

  it('serves per-partition lag and state series equal to describe --json, and the roll-ups', async () => {
    const body = await (await fetch(exporter.url)).text();
    const report = jsonOf(
      await runCli(['describe', '-b', emulator.destination.bootstrap, 'm1', '--json']),
    ) as DescribeReport;
    let lagged = 0;
    for (const t of report.mirrors[0]?.topics ?? [])
      for (const p of t.partitions) {
        const labels = { mirror: 'm1', topic: t.name, partition: String(p.partition) };
        const lag = seriesValue(body, 'kmirror_partition_lag', labels);
        assert.equal(lag, p.lag === null ? undefined : Number(p.lag), `${t.name}/${p.partition} lag`);
        if ((lag ?? 0) > 0) lagged++;
        assert.equal(seriesValue(body, 'kmirror_partition_state', { ...labels, state: p.state }), 1);
        assert.equal(seriesValue(body, 'kmirror_partition_state', { ...labels, state: 'FAILED' }), 0);
      }
    assert.ok(lagged > 0, 'the test moved some lag');
    const summary = report.mirrors[0]?.summary;
    assert.equal(seriesValue(body, 'kmirror_mirror_lag', { mirror: 'm1' }), Number(summary?.totalLag));
    assert.equal(seriesValue(body, 'kmirror_mirror_partitions', { mirror: 'm1', state: 'PAUSED' }), 2);
    assert.equal(
      seriesValue(body, 'kmirror_topic_partitions', { mirror: 'm1', topic: 'orders', state: 'MIRRORING' }),
      3,
    );
    assert.equal(seriesValue(body, 'kmirror_up'), 1);
    for (const node of emulator.destination.nodes)
      assert.equal(seriesValue(body, 'kmirror_broker_up', { broker: node.address, node_id: String(node.nodeId) }), 1);
    assert.match(body, /^# TYPE kmirror_partition_lag gauge$/m);
    assertMatchesSchema('exporter', exporter.info);
  });

  it('asks the brokers at most once per --min-interval, however many scrape', async () => {
    await new Promise((r) => setTimeout(r, 2100));
    const before = describeRequests;
    await Promise.all([fetch(exporter.url), fetch(exporter.url), fetch(exporter.url)]);
    await fetch(exporter.url);
    assert.equal(describeRequests - before, emulator.destination.nodes.length, 'one fan-out');
  });

  it('/healthz answers ok; / lists the mirrors with broker text HTML-escaped', async () => {
    const health = await fetch(`${exporter.base}/healthz`);
    assert.equal(health.status, 200);
    assert.equal(await health.text(), 'ok\n');
    await new Promise((r) => setTimeout(r, 2100));
    const node3 = emulator.destination.faults.get(3);
    node3?.failWith('DescribeClusterMirrors', 58, { message: '<img src=x onerror=alert(1)>' });
    await fetch(exporter.url);
    const page = await (await fetch(`${exporter.base}/`)).text();
    assert.match(page, /<td>m1<\/td>/);
    assert.match(page, /href="\/metrics"/);
    assert.ok(!page.includes('<img'), page);
    assert.match(page, /&#60;img src=x onerror=alert\(1\)&#62;/);
    assert.equal((await fetch(`${exporter.base}/nothing`)).status, 404);
  });

  it('a silent broker: the scrape returns within --collect-timeout with that broker marked', async () => {
    await new Promise((r) => setTimeout(r, 2100));
    const rule = emulator.destination.faults.get(2)?.drop('DescribeClusterMirrors', { times: Infinity });
    try {
      const started = Date.now();
      const body = await (await fetch(exporter.url)).text();
      const took = Date.now() - started;
      assert.ok(took < 3500, `scrape took ${took} ms`);
      const node2 = emulator.destination.nodes.find((n) => n.nodeId === 2);
      assert.equal(seriesValue(body, 'kmirror_broker_up', { broker: node2?.address ?? '', node_id: '2' }), 0);
      assert.equal(
        seriesValue(body, 'kmirror_broker_up', { broker: emulator.destination.nodes[0]?.address ?? '', node_id: '1' }),
        1,
      );
    } finally {
      rule?.remove();
    }
  });

  it('rejects a bad --listen before connecting (exit 2)', async () => {
    const result = await runCli(['exporter', '-b', '127.0.0.1:1', '--listen', 'nowhere']);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /--listen: 'nowhere' is not HOST:PORT/);
  });
});
