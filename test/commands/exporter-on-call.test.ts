// `kmirror exporter`'s on-call series against an emulated estate: lag in seconds read on the source,
// time in state, FAILED retries against the brokers' limit, and with --cluster the topology gauges.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seriesValue, startExporter, type RunningExporter } from '../helpers/exporter-process.js';
import { startOnCallEstate, TEN_MINUTES, type OnCallEstate } from '../helpers/on-call-estate.js';

describe('kmirror exporter: series for on-call', () => {
  let estate: OnCallEstate;
  let exporter: RunningExporter;
  before(async () => {
    estate = await startOnCallEstate('exporter-on-call');
    const { emulator } = estate;
    exporter = await startExporter(['-b', emulator.destination.bootstrap, '--cluster', emulator.source.bootstrap]);
  });
  after(async () => {
    await exporter?.stop();
    await estate?.emulator.close();
  });

  const partition = (topic: string, p: number) => ({ mirror: 'm1', topic, partition: String(p) });

  it('kmirror_partition_lag_seconds: the age of the first record the destination lacks', async () => {
    const before = Date.now();
    const body = await (await fetch(exporter.url)).text();
    const afterMs = Date.now();
    for (const key of ['orders/0', 'orders/1', 'orders/2']) {
      const [topic = '', p = '0'] = key.split('/');
      const seconds = seriesValue(body, 'kmirror_partition_lag_seconds', partition(topic, Number(p)));
      const produced = estate.producedAt.get(key) ?? NaN;
      assert.ok(seconds !== undefined, `${key} has a lag time:\n${body}`);
      assert.ok(
        seconds * 1000 >= before - produced - 1 && seconds * 1000 <= afterMs - produced + 1,
        `${key} ${seconds}`,
      );
    }
    const first = seriesValue(body, 'kmirror_partition_lag_seconds', partition('orders', 0)) ?? NaN;
    const third = seriesValue(body, 'kmirror_partition_lag_seconds', partition('orders', 2)) ?? NaN;
    assert.equal(Math.round((first - third) * 1000), TEN_MINUTES, 'read in one answer, ten minutes apart');
    // Not MIRRORING (PAUSED, FAILED): no lag, no lag time.
    assert.equal(seriesValue(body, 'kmirror_partition_lag_seconds', partition('payments', 0)), undefined);
    assert.equal(seriesValue(body, 'kmirror_partition_lag_seconds', partition('refunds', 0)), undefined);
  });

  it('FAILED retries against mirror.failed.retry.max.attempts, and the time in state', async () => {
    const body = await (await fetch(exporter.url)).text();
    assert.equal(seriesValue(body, 'kmirror_failed_retry_max_attempts'), 1);
    assert.equal(seriesValue(body, 'kmirror_partition_state', { ...partition('refunds', 0), state: 'FAILED' }), 1);
    assert.equal(seriesValue(body, 'kmirror_partition_retries_left', partition('refunds', 0)), 0);
    assert.equal(seriesValue(body, 'kmirror_partition_retries_left', partition('orders', 0)), undefined);
    const inState = seriesValue(body, 'kmirror_partition_state_seconds', {
      ...partition('refunds', 0),
      state: 'FAILED',
    });
    assert.ok(inState !== undefined && inState >= 0, body);
    assert.equal(
      seriesValue(body, 'kmirror_partition_state_seconds', { ...partition('refunds', 0), state: 'MIRRORING' }),
      undefined,
    );
    assert.match(body, /# HELP kmirror_partition_state_seconds .*resets when the exporter restarts/);
  });

  it('with --cluster: the mirror loop between the two clusters, and each cluster answering', async () => {
    const body = await (await fetch(exporter.url)).text();
    assert.equal(seriesValue(body, 'kmirror_topology_problems', { kind: 'mirror-loop' }), 1);
    const { emulator } = estate;
    assert.equal(seriesValue(body, 'kmirror_topology_cluster_up', { cluster: emulator.source.bootstrap }), 1);
    assert.equal(seriesValue(body, 'kmirror_topology_cluster_up', { cluster: emulator.destination.bootstrap }), 1);
  });

  it('without --cluster: no topology series', async () => {
    const alone = await startExporter(['-b', estate.emulator.destination.bootstrap]);
    try {
      const body = await (await fetch(alone.url)).text();
      assert.doesNotMatch(body, /^kmirror_topology_/m);
      assert.ok(seriesValue(body, 'kmirror_partition_lag_seconds', partition('orders', 0)) !== undefined);
    } finally {
      await alone.stop();
    }
  });

  it('refuses a --cluster that is neither a profile nor an address, before serving', async () => {
    const refused = startExporter(['-b', estate.emulator.destination.bootstrap, '--cluster', 'nowhere']);
    await assert.rejects(refused, /"exitCode": 2,[\s\S]*--cluster 'nowhere' is neither a saved profile/);
  });
});
