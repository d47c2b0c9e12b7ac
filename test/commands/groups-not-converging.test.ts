// Group offsets that cannot converge (PROTOCOL.md §18): a 3-broker destination with one replica per
// partition, where the broker running the sync copies a group's offsets only for the partitions it
// holds. `groups` says which partitions are missing; promote stops waiting and says why.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { mirrorCoordinatorOf } from '../../src/lib/emulator/state/mirror-coordinators.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { commit } from './groups-setup.js';
import { createMirror, startTopics, type ErrorJson } from './topic-actions-setup.js';
import { engineStates, waitFor } from './describe-setup.js';

describe('group offsets that never arrive for some partitions', () => {
  const SYNC_MS = 1000;
  let emulator: EmulatedClusters;
  let missing: string[] = [];
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'groups-not-converging',
      timing: INSTANT_START,
      growthPerSec: 0,
      destination: {
        brokerConfigs: { 'mirror.metadata.refresh.interval.ms': String(SYNC_MS), 'default.replication.factor': '1' },
      },
    });
    emulator.source.cluster.createTopic('orders', { partitions: 6, initialOffset: 500n });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['orders']);
    commit(emulator.source.cluster, 'billing', { orders: { 0: 100n, 1: 100n, 2: 100n, 3: 100n, 4: 100n, 5: 100n } });
    const dst = emulator.destination.cluster;
    await waitFor('MIRRORING', () => engineStates(emulator, 'orders').every((s) => s === 'MIRRORING'));
    const syncing = mirrorCoordinatorOf(dst, 'm1');
    missing = (dst.topics.get('orders')?.partitions ?? [])
      .filter((p) => !p.replicas.includes(syncing))
      .map((p) => `orders-${p.index}`);
    assert.ok(missing.length > 0 && missing.length < 6);
    const due = dst.nextSyncAt;
    await waitFor('the next sync', () => dst.nextSyncAt !== due, SYNC_MS * 4);
  });
  after(async () => emulator.close());

  it('groups: the verdict says partitions are missing', async () => {
    const result = await runCli(['groups', 'm1', '-b', emulator.destination.bootstrap]);
    assert.match(result.stdout, /^billing +differs \(partitions missing\)/m);
  });

  it('promote stops after two sync periods without progress, names them and offers --skip-groups', async () => {
    const result = await runCli([
      'promote',
      'm1',
      '--topic',
      'orders',
      '--yes',
      '--quiet-period',
      '200ms',
      '-b',
      emulator.destination.bootstrap,
      '--timeout',
      '60s',
      '--json',
    ]);
    assert.equal(result.code, 1, result.stderr);
    const { error } = jsonOf(result) as ErrorJson;
    assert.match(error.message, /consumer group offsets never arrived on the destination for some partitions/);
    assert.ok(error.message.includes(`billing (${missing.join(', ')})`), error.message);
    assert.match(error.message, /may never converge on this destination; nothing was stopped$/);
    assert.match(error.hint ?? '', /--skip-groups/);
    assert.doesNotMatch(error.hint ?? '', /raise --timeout/);
    assert.ok(
      engineStates(emulator, 'orders').every((s) => s === 'MIRRORING'),
      'nothing was stopped',
    );
  });
});
