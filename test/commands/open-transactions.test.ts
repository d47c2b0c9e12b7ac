// An open transaction on the source at a stop (PROTOCOL.md §18): the destination aborts it (end =
// source end + 2) and its read_committed consumers never see those records. promote and
// remove-topics read the source's last stable offset against its high watermark and say so.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { PromoteResult } from '../../src/lib/mirror/switchover/promote-report.js';
import type { TopicActionResult } from '../../src/lib/mirror/topics/topic-actions.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import type { Parsed } from '../helpers/cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror, engineStates, startTopics, waitFor } from './describe-setup.js';

describe('open transactions at a stop: promote and remove-topics say what the destination aborts', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'open-transactions',
      demoTopics: true,
      growthPerSec: 0,
      timing: INSTANT_START,
    });
    // A producer began a transaction on orders-0 and wrote 7 records; it neither commits nor aborts.
    emulator.source.cluster.beginTransaction('orders', 0);
    emulator.source.cluster.appendRecords('orders', 7, 0);
    emulator.source.cluster.beginTransaction('payments', 1);
    emulator.source.cluster.appendRecords('payments', 3, 1);
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders', 'payments']);
    await waitFor('caught up', () => emulator.destination.cluster.endOffset('orders', 0) === 1207n);
    await waitFor('caught up', () => emulator.destination.cluster.endOffset('payments', 1) === 403n);
  });
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli([...args, '-b', emulator.destination.bootstrap]);

  it('promote --dry-run: the plan names the partition and the records, JSON lists LSO and HW', async () => {
    const json = await run('promote', 'm1', '--topic', 'orders', '--dry-run', '--skip-groups', '--json');
    assert.equal(json.code, 0, json.stderr);
    const doc = jsonOf(json) as Parsed<PromoteResult>;
    assertMatchesSchema('promote', doc);
    assert.deepEqual(doc.openTransactions, [
      { topic: 'orders', partition: 0, highWatermark: 1207, lastStableOffset: 1200, records: 7 },
    ]);
    const text = await run('promote', 'm1', '--topic', 'orders', '--dry-run', '--skip-groups');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /open transactions on the source .* on 1 partition\(s\) \(orders-0\): the stop makes/);
    assert.match(text.stdout, /abort up to 7 record\(s\)/);
  });

  it('remove-topics: preview and result say it; the destination ends at source end + 2 there', async () => {
    const dry = await run('remove-topics', 'm1', '--topic', 'orders', '--dry-run');
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /abort up to 7 record\(s\)/);
    const json = await run('remove-topics', 'm1', '--topic', 'orders', '--yes', '--wait', '20s', '--json');
    assert.equal(json.code, 0, json.stderr);
    const doc = jsonOf(json) as Parsed<TopicActionResult>;
    assertMatchesSchema('remove-topics', doc);
    assert.deepEqual(
      doc.openTransactions?.map((o) => `${o.topic}-${o.partition}:${o.records}`),
      ['orders-0:7'],
    );
    await waitFor('STOPPED', () => engineStates(emulator, 'orders').every((s) => s === 'STOPPED'));
    // The PID reset, and the abort marker where the transaction was open.
    assert.equal(emulator.destination.cluster.endOffset('orders', 0), 1209n);
    assert.equal(emulator.destination.cluster.endOffset('orders', 1), 1201n);
    const ends = new Map(doc.final?.map((r) => [r.partition, r.destinationEndOffset]));
    assert.equal(ends.get(0), 1209);
  });

  it('promote: the stop check accepts the abort marker (ok, +1 control record) and the report names it', async () => {
    const json = await run(
      'promote',
      'm1',
      '--topic',
      'payments',
      '--yes',
      '--skip-groups',
      '--quiet-period',
      '200ms',
      '--json',
    );
    assert.equal(json.code, 0, json.stderr);
    const doc = jsonOf(json) as Parsed<PromoteResult>;
    const rows = doc.topics[0]?.partitions.map((p) => [p.partition, p.verified, p.controlRecords, p.destinationEnd]);
    assert.deepEqual(rows, [
      [0, 'ok', 0, 401],
      [1, 'ok', 1, 405],
    ]);
    assert.deepEqual(
      doc.openTransactions.map((o) => `${o.topic}-${o.partition}`),
      ['payments-1'],
    );
  });
});
