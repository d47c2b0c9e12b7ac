// `kmirror promote` step 4: waiting until the consumer groups the mirror copies have the source's
// offsets on the destination (a file of its own: it waits on the emulated sync period).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { PromoteJson } from '../../src/commands/promote.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import type { Parsed } from '../helpers/cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { commit } from './groups-setup.js';
import { createMirror, startTopics, statesOf, waitFor, type ErrorJson } from './topic-actions-setup.js';
import { joinedRegex } from '../helpers/joined-regex.js';

type Json = Parsed<PromoteJson>;

describe('kmirror promote: consumer groups (step 4)', () => {
  const SYNC_MS = 3000;
  let emulator: EmulatedClusters;
  /** The destination's committed offset of billing on orders-0 when StopMirrorTopics reached it. */
  let offsetAtStop: bigint | null | undefined;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'promote-groups',
      timing: INSTANT_START,
      destination: { brokerConfigs: { 'mirror.metadata.refresh.interval.ms': String(SYNC_MS) } },
      onWire: (event) => {
        if (event.cluster === 'destination' && event.direction === 'request' && event.apiName === 'StopMirrorTopics')
          offsetAtStop = emulator.destination.cluster.groups.offset('billing', 'orders', 0)?.offset ?? null;
      },
    });
    for (const name of ['orders', 'audit', 'ledger'])
      emulator.source.cluster.createTopic(name, { partitions: 2, initialOffset: 500n });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['orders', 'audit', 'ledger']);
  });
  after(async () => emulator.close());

  const promote = (...args: string[]) =>
    runCli(['promote', 'm1', '-b', emulator.destination.bootstrap, '--quiet-period', '400ms', ...args]);

  /** Resolves just after the destination's periodic sync ran, so the next one is a whole period away. */
  async function justAfterSync(): Promise<void> {
    const dst = emulator.destination.cluster;
    const due = dst.nextSyncAt;
    await waitFor('the next sync', () => dst.nextSyncAt !== due, SYNC_MS * 3);
  }

  it('--dry-run shows the group gaps and that one sync period can pass before the copy', async () => {
    await justAfterSync();
    commit(emulator.source.cluster, 'ledger-app', { ledger: { 0: 510n, 1: 520n } });
    const result = await promote('--topic', 'ledger', '--dry-run');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^ledger-app +not yet copied +ledger +0 +510 +- +-$/m);
    assert.match(
      result.stdout,
      joinedRegex([
        /wait until the 1 consumer group\(s\) have the source's committed offsets on the destination \(0 in sync /,
        /now\); the destination copies them once every 3 s \(mirror\.metadata\.refresh\.interval\.ms\), so this can /,
        /take one sync period/,
      ]),
    );
  });

  it(
    'waits for a group the destination copies at its next sync; the stop comes after the copy, ' +
      "offsets equal the source's",
    async () => {
      await justAfterSync();
      commit(emulator.source.cluster, 'billing', { orders: { 0: 600n, 1: 700n } });
      assert.equal(emulator.destination.cluster.groups.offset('billing', 'orders', 0), undefined);
      const result = await promote('--topic', 'orders', '--yes', '--json', '--timeout', '30s');
      assert.equal(result.code, 0, result.stderr);
      const doc = jsonOf(result) as Json;
      assertMatchesSchema('promote', doc);
      assert.equal(doc.complete, true);
      assert.equal(offsetAtStop, 600n, 'the destination had the offsets when the stop was sent');
      assert.equal(doc.groups.compared, true);
      assert.equal(doc.groups.syncInterval?.ms, SYNC_MS);
      assert.deepEqual(doc.groups.inSync, ['billing']);
      assert.deepEqual(doc.groups.notInSync, []);
      const billing = doc.groups.groups.find((g) => g.group === 'billing');
      assert.equal(billing?.verdict, 'in-sync');
      assert.deepEqual(
        billing?.partitions.map((p) => [p.topic, p.partition, p.sourceOffset, p.destinationOffset]),
        [
          ['orders', 0, 600, 600],
          ['orders', 1, 700, 700],
        ],
      );
      for (const p of [0, 1])
        assert.equal(
          emulator.destination.cluster.groups.offset('billing', 'orders', p)?.offset,
          emulator.source.cluster.groups.offset('billing', 'orders', p)?.offset,
        );
    },
  );

  it(
    'a group active on the destination blocks: --no-wait-for-quiet refuses naming it, the wait ' +
      'times out naming it',
    async () => {
      commit(emulator.source.cluster, 'live', { audit: { 0: 505n } });
      emulator.destination.cluster.groups.markActive('live');
      const refused = await promote('--topic', 'audit', '--yes', '--no-wait-for-quiet');
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, /consumer group\(s\) active on the destination: live; .*nothing was stopped/);
      assert.match(refused.stderr, /Nothing was stopped: every selected topic is still mirroring/);

      const waited = await promote('--topic', 'audit', '--yes', '--json', '--timeout', '9s');
      assert.equal(waited.code, 124, waited.stderr);
      assert.match(
        (jsonOf(waited) as ErrorJson).error.message,
        joinedRegex([
          /timed out after 9s .*consumer group offsets .*\(not in sync: live \(active on the destination\)\); /,
          /nothing was stopped/,
        ]),
      );
      assert.deepEqual(statesOf(emulator, 'audit'), ['MIRRORING', 'MIRRORING']);
    },
  );

  it('--force promotes without the active group and names it; --skip-groups is refused beside --group', async () => {
    const usage = await promote('--topic', 'audit', '--yes', '--skip-groups', '--group', 'live');
    assert.equal(usage.code, 2, usage.stderr);
    const result = await promote('--topic', 'audit', '--yes', '--json', '--force', '--timeout', '30s');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json & { warnings?: string[] };
    assert.deepEqual(doc.groups.activeOnDestination, ['live']);
    assert.ok(
      doc.warnings?.some((w) => /--force: promoting without the group\(s\) active on the destination: live/.test(w)),
    );
    assert.deepEqual(statesOf(emulator, 'audit'), ['STOPPED', 'STOPPED']);
  });
});
