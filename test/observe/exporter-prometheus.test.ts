// `npm run test:observe`: a real Prometheus scrapes `kmirror exporter` in front of the emulator.
// A manual clock holds the emulator still, so what Prometheus stored must equal `describe --json`.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock, startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { createMirror, pauseTopics, startTopics, waitFor } from '../commands/describe-setup.js';
import { REPO_ROOT, jsonOf, runCli } from '../helpers/cli.js';
import { startExporter, type RunningExporter } from '../helpers/exporter-process.js';
import { requireTool, startPrometheus, type RunningPrometheus } from './prometheus-process.js';
import type { DescribeReport } from '../../src/lib/mirror/describe/describe-report.js';

const SCRAPE_TIMEOUT_S = 3;
const COLLECT_TIMEOUT = '2s';

/** The fenced ```yaml blocks of the monitoring guide (docs/monitoring.md), in order. */
function monitoringYaml(): string[] {
  const section = readFileSync(join(REPO_ROOT, 'docs/monitoring.md'), 'utf8');
  return [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

function promtool(args: string[], file: string): { code: number | null; output: string } {
  const result = spawnSync(requireTool('promtool'), [...args, file], { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('README monitoring snippets, checked by promtool', () => {
  it('the alert rules shown in the README pass promtool check rules (and are the file the README names)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-rules-'));
    try {
      const rules = monitoringYaml().find((y) => y.startsWith('groups:'));
      assert.ok(rules, 'the README shows the rules');
      assert.equal(rules, readFileSync(join(REPO_ROOT, 'docs/prometheus/kmirror-rules.yml'), 'utf8'));
      const file = join(dir, 'rules.yml');
      writeFileSync(file, rules);
      const checked = promtool(['check', 'rules'], file);
      assert.equal(checked.code, 0, checked.output);
      assert.match(checked.output, /SUCCESS: 3 rules found/);
      writeFileSync(file, rules.replace('kmirror_partition_lag > 100000', 'kmirror_partition_lag >'));
      assert.notEqual(promtool(['check', 'rules'], file).code, 0, 'promtool does reject a broken rule');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the prometheus.yml snippet passes promtool check config', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-config-'));
    try {
      const config = monitoringYaml().find((y) => y.startsWith('scrape_configs:'));
      assert.ok(config, 'the README shows a scrape config');
      const file = join(dir, 'prometheus.yml');
      writeFileSync(file, config);
      const checked = promtool(['check', 'config'], file);
      assert.equal(checked.code, 0, checked.output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a real Prometheus scraping kmirror exporter in front of the emulator', () => {
  let emulator: EmulatedClusters;
  let exporter: RunningExporter;
  let prometheus: RunningPrometheus;
  let report: DescribeReport;

  before(async () => {
    const clock = new ManualClock(2_000_000);
    emulator = await startEmulatedClusters({
      seed: 'observe',
      demoTopics: true,
      growthPerSec: 0,
      clock,
      timing: { copyRecordsPerSec: 100 },
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders', 'payments', 'inventory']);
    const engine = emulator.destination.cluster;
    engine.advance(2000, 100);
    // Lag moved through the emulator's API: records appended to the source logs, then partly copied.
    emulator.source.cluster.appendRecords('orders', 700, 0);
    emulator.source.cluster.appendRecords('orders', 300, 2);
    engine.advance(1500, 100);
    pauseTopics(emulator, 'm1', ['payments']);
    engine.advance(1000, 100);
    // From here on the clock stands still: every value is frozen.
    report = jsonOf(await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, '--json'])) as DescribeReport;
    exporter = await startExporter([
      '-b',
      emulator.destination.bootstrap,
      '--min-interval',
      '1s',
      '--collect-timeout',
      COLLECT_TIMEOUT,
    ]);
    const target = new URL(exporter.url).host;
    prometheus = await startPrometheus(
      [
        'global:',
        '  scrape_interval: 3s',
        `  scrape_timeout: ${SCRAPE_TIMEOUT_S}s`,
        '  evaluation_interval: 1s',
        'scrape_configs:',
        '  - job_name: kmirror',
        '    scrape_interval: 3s',
        '    static_configs:',
        `      - targets: ['${target}']`,
        '',
      ].join('\n'),
    );
    await waitFor(
      'Prometheus to scrape the exporter',
      async () => (await prometheus.query('kmirror_partition_lag{mirror="m1"}')).length > 0,
      60_000,
      500,
    );
  });

  after(async () => {
    await prometheus?.stop();
    await exporter?.stop();
    await emulator?.close();
  });

  it('kmirror_partition_lag in Prometheus equals describe --json of the still mirror', async () => {
    const stored = await prometheus.query('kmirror_partition_lag{mirror="m1"}');
    const fromPrometheus = new Map(stored.map((s) => [`${s.metric.topic}/${s.metric.partition}`, s.value]));
    const fromDescribe = new Map<string, number>();
    for (const t of report.mirrors[0]?.topics ?? [])
      for (const p of t.partitions) if (p.lag !== null) fromDescribe.set(`${t.name}/${p.partition}`, Number(p.lag));
    assert.deepEqual(fromPrometheus, fromDescribe);
    assert.ok(
      [...fromDescribe.values()].some((lag) => lag > 0),
      `some lag was moved: ${JSON.stringify([...fromDescribe])}`,
    );
  });

  it('the state series (1 for the current state) equal the states describe --json reports', async () => {
    const current = await prometheus.query('kmirror_partition_state{mirror="m1"} == 1');
    const fromPrometheus = new Map(current.map((s) => [`${s.metric.topic}/${s.metric.partition}`, s.metric.state]));
    const fromDescribe = new Map<string, string>();
    for (const t of report.mirrors[0]?.topics ?? [])
      for (const p of t.partitions) fromDescribe.set(`${t.name}/${p.partition}`, p.state);
    assert.deepEqual(fromPrometheus, fromDescribe);
    assert.ok([...fromDescribe.values()].includes('PAUSED'));
    const zeros = await prometheus.query('count(kmirror_partition_state{mirror="m1"} == 0)');
    assert.equal(zeros[0]?.value, fromDescribe.size * 8, 'every other state is a 0 series');
    const total = await prometheus.query('kmirror_mirror_lag{mirror="m1"}');
    assert.equal(total[0]?.value, Number(report.mirrors[0]?.summary.totalLag));
    assert.equal((await prometheus.query('kmirror_up'))[0]?.value, 1);
  });

  it('a scrape during a broker outage returns within the scrape timeout with that broker marked', async () => {
    const silent = emulator.destination.faults.get(2);
    assert.ok(silent);
    const rule = silent.drop('DescribeClusterMirrors', { times: Infinity });
    try {
      await waitFor(
        'a scrape that marks node 2',
        async () => (await prometheus.query('kmirror_broker_up{node_id="2"} == 0')).length === 1,
        60_000,
        500,
      );
      const up = await prometheus.query('up{job="kmirror"}');
      assert.equal(up[0]?.value, 1, 'the scrape itself succeeded');
      const duration = await prometheus.query('scrape_duration_seconds{job="kmirror"}');
      const seconds = duration[0]?.value ?? Infinity;
      assert.ok(seconds < SCRAPE_TIMEOUT_S, `scrape took ${seconds}s`);
      assert.ok(seconds > 1, `the scrape waited for the silent broker (${seconds}s)`);
      assert.equal((await prometheus.query('kmirror_broker_up{node_id="1"}'))[0]?.value, 1);
      assert.equal((await prometheus.query('kmirror_up'))[0]?.value, 1, 'the other brokers still answer');
    } finally {
      rule.remove();
    }
  });
});
