import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  METRICS,
  metricSamples,
  type MetricId,
  type MetricsSnapshot,
} from '../../../src/lib/mirror/metrics/metrics.js';
import { renderMetricsTable, withMetricsTable } from '../../../src/lib/render/metrics-table.js';
import { renderPrometheus } from '../../../src/lib/render/prometheus.js';
import { escapeHtml, renderStatusPage } from '../../../src/lib/render/status-page.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import { seriesValue } from '../../helpers/exporter-process.js';
import { mirror, result, row } from '../mirror/result-fixture.js';

const snapshot: MetricsSnapshot = {
  result: result(
    mirror('m1', {
      orders: [row(0, { offsets: [100, 40] }), row(1, { state: 'FAILED', retry: 2, message: 'boom' })],
    }),
    mirror('we"ird\\name', { t: [row(0, { offsets: [5, 5] })] }),
  ),
  brokers: [
    { broker: '127.0.0.1:9092', nodeId: 1, answered: true, message: null },
    { broker: '127.0.0.1:9093', nodeId: 2, answered: false, message: '<script>alert(1)</script>' },
  ],
  up: true,
  stale: false,
  collectedAtMs: 1_700_000_000_000,
  durationMs: 250,
  error: null,
};

async function exposition(s: MetricsSnapshot) {
  const samples = metricSamples(s);
  return renderPrometheus(
    (Object.keys(METRICS) as MetricId[]).map((id) => ({ definition: METRICS[id], samples: samples[id] })),
  );
}

describe('exporter metrics', () => {
  it('names follow the Prometheus conventions: kmirror_ prefix, snake case, no _total on gauges, units spelled', () => {
    for (const d of Object.values(METRICS)) {
      assert.match(d.name, /^kmirror_[a-z][a-z0-9_]*$/);
      assert.doesNotMatch(d.name, /_total$/);
      for (const l of d.labels) assert.match(l, /^[a-z][a-z0-9_]*$/);
    }
    assert.ok(Object.values(METRICS).some((d) => d.name.endsWith('_seconds')));
  });

  it('per partition: offsets, lag, retry attempt and one 0/1 series per state; unknown values absent', async () => {
    const { body, contentType } = await exposition(snapshot);
    assert.match(contentType, /^text\/plain; version=0\.0\.4/);
    const p0 = { mirror: 'm1', topic: 'orders', partition: '0' };
    const p1 = { mirror: 'm1', topic: 'orders', partition: '1' };
    assert.equal(seriesValue(body, 'kmirror_partition_lag', p0), 60);
    assert.equal(seriesValue(body, 'kmirror_partition_source_offset', p0), 100);
    assert.equal(seriesValue(body, 'kmirror_partition_destination_offset', p0), 40);
    assert.equal(seriesValue(body, 'kmirror_partition_lag', p1), undefined, 'FAILED: lag unknown, no sample');
    assert.equal(seriesValue(body, 'kmirror_partition_retry_attempt', p1), 2);
    assert.equal(seriesValue(body, 'kmirror_partition_state', { ...p1, state: 'FAILED' }), 1);
    assert.equal(seriesValue(body, 'kmirror_partition_state', { ...p1, state: 'MIRRORING' }), 0);
    assert.equal(
      body.split('\n').filter((l) => l.startsWith('kmirror_partition_state{') && l.includes('partition="1"')).length,
      9,
    );
    assert.equal(seriesValue(body, 'kmirror_topic_partitions', { mirror: 'm1', topic: 'orders', state: 'FAILED' }), 1);
    assert.equal(seriesValue(body, 'kmirror_topic_lag', { mirror: 'm1', topic: 'orders' }), 60);
    assert.equal(seriesValue(body, 'kmirror_mirror_lag_max', { mirror: 'm1' }), 60);
    assert.equal(seriesValue(body, 'kmirror_mirror_partitions', { mirror: 'm1', state: 'PAUSED' }), 0);
    assert.equal(seriesValue(body, 'kmirror_broker_up', { broker: '127.0.0.1:9093', node_id: '2' }), 0);
    assert.equal(seriesValue(body, 'kmirror_up'), 1);
    assert.equal(seriesValue(body, 'kmirror_collection_duration_seconds'), 0.25);
    assert.equal(seriesValue(body, 'kmirror_collection_stale'), 0);
    assert.match(body, /^kmirror_mirror_lag\{mirror="we\\"ird\\\\name"\} 0$/m, 'label values escaped by prom-client');
  });

  it('before any collection: kmirror_up 0 and no mirror series', async () => {
    const { body } = await exposition({ ...snapshot, result: null, brokers: [], up: false, stale: true });
    assert.equal(seriesValue(body, 'kmirror_up'), 0);
    assert.equal(seriesValue(body, 'kmirror_collection_stale'), 1);
    assert.doesNotMatch(body, /^kmirror_partition_lag\{/m);
  });

  it('the alert rules docs/monitoring.md shows are the file docs/prometheus/kmirror-rules.yml', () => {
    const readme = readFileSync(join(REPO_ROOT, 'docs/monitoring.md'), 'utf8');
    const rules = readFileSync(join(REPO_ROOT, 'docs/prometheus/kmirror-rules.yml'), 'utf8');
    assert.ok(readme.includes(`\`\`\`yaml\n${rules}\`\`\``));
  });

  it('the metrics table of docs/monitoring.md is generated from the definitions (npm run docs)', () => {
    const readme = readFileSync(join(REPO_ROOT, 'docs/monitoring.md'), 'utf8');
    assert.equal(readme, withMetricsTable(readme, renderMetricsTable(Object.values(METRICS))));
    assert.match(
      renderMetricsTable(Object.values(METRICS)),
      /\| `kmirror_partition_lag` \| gauge \| `mirror`, `topic`, `partition` \|/,
    );
  });
});

describe('exporter status page', () => {
  it('lists the mirrors and links /metrics; broker text is HTML-escaped', () => {
    const page = renderStatusPage(snapshot);
    assert.match(page, /<td>m1<\/td><td>2<\/td><td>1 MIRRORING, 1 FAILED<\/td><td>60<\/td><td>60<\/td>/);
    assert.match(page, /<a href="\/metrics">/);
    assert.ok(!page.includes('<script>'));
    assert.ok(page.includes(escapeHtml('<script>alert(1)</script>')));
    assert.ok(page.includes('we&#34;ird\\name'));
    assert.match(
      renderStatusPage({ ...snapshot, result: null, brokers: [], up: false, stale: true, error: 'a<b' }),
      /No answer from the cluster yet \(stale\): a&#60;b/,
    );
  });
});
