// The round trips of a describe: one ListClusterMirrors serves the names' existence, the partitions the
// describe must cover and the wedged-topic check, where it names every described topic.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { DescribeReport } from '../../src/lib/mirror/describe/describe-report.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { createMirror, engineStates, startTopics, waitFor } from './describe-setup.js';

describe('describe sends each request it needs once', () => {
  let emulator: EmulatedClusters;
  const requests: string[] = [];
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-requests',
      demoTopics: true,
      growthPerSec: 0,
      timing: INSTANT_START,
      onWire: (event) => {
        if (event.direction === 'request' && event.cluster === 'destination') requests.push(event.apiName);
      },
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders']);
    await waitFor('MIRRORING', () => engineStates(emulator, 'orders').every((s) => s === 'MIRRORING'));
    // Caught up too: a lagging partition makes describe read its lag time on the source, whose settings it reads
    // with DescribeConfigs (describe-lag-time.test.ts covers that path).
    const { source, destination } = emulator;
    const partitions = destination.cluster.topics.get('orders')?.partitions ?? [];
    await waitFor('caught up', () =>
      partitions.every(
        (p) => destination.cluster.endOffset('orders', p.index) >= source.cluster.endOffset('orders', p.index),
      ),
    );
  });
  after(async () => {
    await emulator.close();
  });
  const count = (api: string): number => requests.filter((r) => r === api).length;

  it('a healthy mirror: one ListClusterMirrors, no DescribeCluster, no DescribeConfigs', async () => {
    requests.length = 0;
    const result = await runCli(['describe', 'm1', '--json', '-b', emulator.destination.bootstrap]);
    assert.equal(result.code, 0, result.stderr);
    const report = jsonOf(result) as DescribeReport;
    assert.deepEqual(report.wedged, []);
    assert.deepEqual(report.missingPartitions, []);
    assert.equal(count('ListClusterMirrors'), 1, requests.join(' '));
    assert.equal(count('DescribeCluster'), 0, requests.join(' '));
    assert.equal(count('DescribeConfigs'), 0, requests.join(' '));
    assert.ok(count('DescribeClusterMirrors') >= 1);
  });

  it('a name that does not exist is still reported from that one listing', async () => {
    requests.length = 0;
    const result = await runCli(['describe', 'm1', 'nope', '--json', '-b', emulator.destination.bootstrap]);
    assert.equal(result.code, 6, result.stderr);
    const report = jsonOf(result) as DescribeReport;
    assert.deepEqual(report.notFound, ['nope']);
    // The second is the one catch()'s search for a similar name (mirror-suggestion.ts) sends.
    assert.equal(count('ListClusterMirrors'), 2, requests.join(' '));
  });
});
