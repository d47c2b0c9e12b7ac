// The exporter's on-call series: lag in seconds, time in state, retries left, the topology gauges.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MetricsCollector, type Collected } from '../../../../src/lib/mirror/metrics/metrics-collector.js';
import { metricSamples, type MetricsSnapshot } from '../../../../src/lib/mirror/metrics/metrics.js';
import type { DescribeResult } from '../../../../src/lib/mirror/describe/describe-types.js';
import { mirror, result, row } from '../result-fixture.js';

const brokers = [{ broker: '127.0.0.1:1', nodeId: 1, answered: true, message: null }];

function snapshot(extra: Partial<MetricsSnapshot> & { result: DescribeResult }): MetricsSnapshot {
  return { brokers, up: true, stale: false, collectedAtMs: 0, durationMs: 1, error: null, ...extra };
}

describe('exporter series for on-call', () => {
  it('kmirror_partition_lag_seconds: the lag time in seconds, 0 caught up, absent when unknown', () => {
    const rows = [
      { ...row(0, { offsets: [10, 4] }), lagTimeMs: 12_500 },
      { ...row(1, { offsets: [10, 10] }), lagTimeMs: 0 },
      { ...row(2, { offsets: [10, 3] }), lagTimeMs: null },
      row(3, { offsets: [10, 3] }),
    ];
    const s = metricSamples(snapshot({ result: result(mirror('m1', { orders: rows })) }));
    assert.deepEqual(
      s.partitionLagSeconds.map((x) => [x.labels.partition, x.value]),
      [
        ['0', 12.5],
        ['1', 0],
      ],
    );
  });

  it('kmirror_partition_retries_left: FAILED partitions against the max; 0 when non-retryable or spent', () => {
    const rows = [
      row(0, { state: 'FAILED', retry: 3 }),
      row(1, { state: 'FAILED', retry: -1 }),
      row(2, { state: 'FAILED', retry: 12 }),
      row(3, { offsets: [1, 1] }),
    ];
    const described = result(mirror('m1', { orders: rows }));
    const s = metricSamples(snapshot({ result: described, retryMaxAttempts: 10 }));
    assert.deepEqual(
      s.partitionRetriesLeft.map((x) => [x.labels.partition, x.value]),
      [
        ['0', 7],
        ['1', 0],
        ['2', 0],
      ],
    );
    assert.deepEqual(
      s.failedRetryMaxAttempts.map((x) => x.value),
      [10],
    );
    const unknown = metricSamples(snapshot({ result: described, retryMaxAttempts: null }));
    assert.equal(unknown.partitionRetriesLeft.length + unknown.failedRetryMaxAttempts.length, 0);
  });

  it('kmirror_partition_state_seconds: since the exporter first saw the state, restarted by a change', async () => {
    let now = 1_000;
    let state = 'MIRRORING';
    const collect = async (): Promise<Collected> => ({
      result: result(mirror('m1', { orders: [row(0, { offsets: [5, 5], state })] })),
      brokers,
    });
    const collector = new MetricsCollector(collect, { minIntervalMs: 0, timeoutMs: 1000, now: () => now });
    const seconds = async () =>
      metricSamples(await collector.snapshot()).partitionStateSeconds.map((x) => [x.labels.state, x.value]);
    assert.deepEqual(await seconds(), [['MIRRORING', 0]]);
    now = 31_000;
    assert.deepEqual(await seconds(), [['MIRRORING', 30]]);
    state = 'FAILED';
    now = 41_000;
    assert.deepEqual(await seconds(), [['FAILED', 0]]);
    now = 46_000;
    assert.deepEqual(await seconds(), [['FAILED', 5]]);
  });

  it('the topology gauges only with an estate; loops absent (unknown) when a cluster did not answer', () => {
    const described = result(mirror('m1', {}));
    const none = metricSamples(snapshot({ result: described }));
    assert.equal(none.topologyProblems.length + none.topologyClusterUp.length, 0);
    const clusters = [
      { cluster: 'a:9092', up: true, message: null },
      { cluster: 'dc2', up: true, message: null },
    ];
    const s = metricSamples(
      snapshot({
        result: described,
        estate: { clusters, problems: { 'mirror-loop': 1, 'split-brain': 0, 'epoch-war': 2 } },
      }),
    );
    assert.deepEqual(
      s.topologyProblems.map((x) => [x.labels.kind, x.value]),
      [
        ['mirror-loop', 1],
        ['split-brain', 0],
        ['epoch-war', 2],
      ],
    );
    assert.deepEqual(
      s.topologyClusterUp.map((x) => [x.labels.cluster, x.value]),
      [
        ['a:9092', 1],
        ['dc2', 1],
      ],
    );
    const down = [clusters[0], { cluster: 'dc2', up: false, message: 'timed out' }].filter((c) => c !== undefined);
    const partial = metricSamples(snapshot({ result: described, estate: { clusters: down, problems: null } }));
    assert.equal(partial.topologyProblems.length, 0);
    assert.deepEqual(
      partial.topologyClusterUp.map((x) => x.value),
      [1, 0],
    );
  });
});
