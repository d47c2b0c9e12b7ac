// `npm run test:observe`: a real Prometheus scrapes `kmirror exporter` in front of the emulator.
// A manual clock holds the emulator still, so what Prometheus stored must equal `describe --json`.
// The estate (test/helpers/on-call-estate.ts) has lagging, PAUSED and FAILED partitions and a mirror
// loop, and one exporter target is down: every dashboard panel's query and every alert rule must
// return data there.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import { waitFor } from '../commands/describe-setup.js';
import { startOnCallEstate } from '../helpers/on-call-estate.js';
import { REPO_ROOT, jsonOf, runCli } from '../helpers/cli.js';
import { startExporter, type RunningExporter } from '../helpers/exporter-process.js';
import { freePort, requireTool, startPrometheus, type RunningPrometheus } from './prometheus-process.js';
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
      assert.match(checked.output, /SUCCESS: 6 rules found/);
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
  let target = '';

  before(async () => {
    emulator = (await startOnCallEstate('observe')).emulator;
    // From here on the clock stands still: every value is frozen.
    report = jsonOf(await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, '--json'])) as DescribeReport;
    exporter = await startExporter([
      '-b',
      emulator.destination.bootstrap,
      '--min-interval',
      '1s',
      '--collect-timeout',
      COLLECT_TIMEOUT,
      '--cluster',
      emulator.source.bootstrap,
    ]);
    target = new URL(exporter.url).host;
    // A second exporter target that is down, for the alert on it.
    const down = `127.0.0.1:${await freePort()}`;
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
        `      - targets: ['${target}', '${down}']`,
        '',
      ].join('\n'),
    );
    await waitFor(
      'Prometheus to scrape the exporter',
      async () => (await prometheus.query('kmirror_partition_lag{mirror="m1"}')).length > 0,
      60_000,
      500,
    );
    // Prometheus spreads its targets over the interval: the down one may not have been scraped yet.
    await waitFor(
      'Prometheus to scrape the down target',
      async () => (await prometheus.query('up{job="kmirror"} == 0')).length > 0,
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
    assert.ok([...fromDescribe.values()].includes('FAILED'));
    const zeros = await prometheus.query('count(kmirror_partition_state{mirror="m1"} == 0)');
    assert.equal(zeros[0]?.value, fromDescribe.size * 8, 'every other state is a 0 series');
    const total = await prometheus.query('kmirror_mirror_lag{mirror="m1"}');
    assert.equal(total[0]?.value, Number(report.mirrors[0]?.summary.totalLag));
    assert.equal((await prometheus.query('kmirror_up'))[0]?.value, 1);
  });

  it('kmirror_partition_lag_seconds in Prometheus: the lag times describe --json read, to the scrape', async () => {
    const stored = await prometheus.query('kmirror_partition_lag_seconds{mirror="m1"}');
    const fromPrometheus = new Map(stored.map((s) => [`${s.metric.topic}/${s.metric.partition}`, s.value]));
    const fromDescribe = new Map<string, number>();
    for (const t of report.mirrors[0]?.topics ?? [])
      for (const p of t.partitions)
        if (typeof p.lagTimeMs === 'number') fromDescribe.set(`${t.name}/${p.partition}`, p.lagTimeMs);
    assert.deepEqual([...fromPrometheus.keys()].sort(), [...fromDescribe.keys()].sort());
    // The exporter read the same records a little later than describe did: older by that much, never younger.
    for (const [key, ms] of fromDescribe) {
      const seconds = fromPrometheus.get(key) ?? NaN;
      assert.ok(seconds * 1000 >= ms, `${key}: ${seconds}s against describe's ${ms}ms`);
      assert.ok(seconds * 1000 - ms < 600_000, `${key}: ${seconds}s against describe's ${ms}ms`);
    }
    assert.ok(
      [...fromDescribe.values()].some((ms) => ms > 0),
      'some partition lags in time',
    );
  });

  it('every alert rule returns data in front of this estate (each has its case here)', async () => {
    const rules = parseYaml(readFileSync(join(REPO_ROOT, 'docs/prometheus/kmirror-rules.yml'), 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const all = rules.groups.flatMap((g) => g.rules);
    assert.ok(all.length >= 6, 'the rules were read');
    const empty: string[] = [];
    for (const rule of all) {
      assert.doesNotMatch(rule.expr, /vector\(/, `${rule.alert} pads with vector()`);
      if ((await prometheus.query(rule.expr)).length === 0) empty.push(`${rule.alert}: ${rule.expr}`);
    }
    const clusters = await prometheus.query('kmirror_topology_cluster_up');
    assert.deepEqual(empty, [], `alert rules that return nothing for data that exists (${JSON.stringify(clusters)})`);
  });

  it("every dashboard panel's query and variable returns data (docs/grafana/kmirror.json)", async () => {
    const text = readFileSync(join(REPO_ROOT, 'docs/grafana/kmirror.json'), 'utf8');
    assert.doesNotMatch(text, /vector\(/, 'no panel pads with vector()');
    const dashboard = JSON.parse(text) as {
      panels: { title: string; type: string; targets?: { expr: string }[] }[];
      templating: { list: { name: string; type: string; query?: { query: string } }[] };
    };
    const queries = dashboard.panels.filter((p) => p.type !== 'row');
    assert.ok(queries.length >= 10, 'the panels were read');
    const titles = queries.map((p) => p.title).join(' | ');
    for (const wanted of [
      /Lag \(records\) per mirror/,
      /Lag \(seconds\) per topic/,
      /by state/,
      /Failing/,
      /Exporter up/,
    ])
      assert.match(titles, wanted);
    // Variables as Grafana fills them with "All": a regex of every value.
    const filled = (expr: string) => expr.replaceAll('$mirror', '.+').replaceAll('$job', '.+');
    const empty: string[] = [];
    for (const panel of queries) {
      assert.ok((panel.targets ?? []).length > 0, `${panel.title} has a query`);
      for (const t of panel.targets ?? [])
        if ((await prometheus.query(filled(t.expr))).length === 0) empty.push(`${panel.title}: ${t.expr}`);
    }
    for (const v of dashboard.templating.list.filter((x) => x.type === 'query')) {
      const match = /^label_values\((\w+), (\w+)\)$/.exec(v.query?.query ?? '');
      assert.ok(match, `variable ${v.name} reads label_values(metric, label)`);
      const [, metric = '', label = ''] = match;
      if ((await prometheus.query(`count by (${label}) (${metric})`)).length === 0) empty.push(`$${v.name}`);
    }
    assert.deepEqual(empty, [], 'panel queries that return nothing for data that exists');
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
      const up = await prometheus.query(`up{job="kmirror", instance="${target}"}`);
      assert.equal(up[0]?.value, 1, 'the scrape itself succeeded');
      const duration = await prometheus.query(`scrape_duration_seconds{job="kmirror", instance="${target}"}`);
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
