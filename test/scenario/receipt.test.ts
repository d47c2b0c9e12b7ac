// Evidence of a switchover through the CLI: promote A → B with --verify and --receipt, the receipt checked
// against both clusters (identical), a split-brain write on A that the receipt check names, failback with its
// own receipt naming the records A lost, and the promote receipt checked again once A follows B.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { EmulatedCluster } from '../../src/lib/emulator/state/cluster.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { rewriteRecordsFrom } from '../../src/lib/emulator/state/record-store.js';

const TOPIC = 'orders';
const FAST_SYNC = { 'mirror.metadata.refresh.interval.ms': '2000' };

interface ReceiptDoc {
  command: string;
  kmirrorVersion: string;
  source: { clusterId: string | null; bootstrap: string[] };
  destination: { clusterId: string | null; bootstrap: string[] };
  steps: { step: string; at: string }[];
  partitions: {
    partition: number;
    sourceEnd: number | null;
    destinationEnd: number | null;
    stopMarkers: number[];
    truncated?: number | null;
    verdict: string;
    batches: { baseOffset: number; crc: string }[];
  }[];
}

interface VerifyDoc {
  partitions: {
    partition: number;
    cluster?: string;
    verdict: string;
    divergence?: { offset: number; reason: string };
  }[];
}

describe('switchover receipts through the CLI', () => {
  let emulator: EmulatedClusters;
  let a: EmulatedCluster;
  let dir = '';
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kmirror-receipt-'));
    emulator = await startEmulatedClusters({
      seed: 'receipts',
      source: { brokerConfigs: { 'mirror.state.topic.replication.factor': '1', ...FAST_SYNC } },
      destination: { brokerConfigs: FAST_SYNC },
    });
    a = emulator.source.cluster;
    a.createTopic(TOPIC, { partitions: 2 });
  });
  after(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const onB = (...args: string[]) => runCli([...args, '-b', emulator.destination.bootstrap]);
  const ok = (result: CliResult, what: string): void =>
    assert.equal(result.code, 0, `${what} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  const receiptOf = (file: string): ReceiptDoc => {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    assertMatchesSchema('receipt', doc);
    return doc as ReceiptDoc;
  };
  const promoteReceipt = () => join(dir, 'promote.json');

  it('promote --verify --receipt stops the topic and writes the evidence', async () => {
    ok(await onB('create', 'fwd', '--source-bootstrap', emulator.source.bootstrap), 'create');
    ok(await onB('add-topics', 'fwd', '--topic', TOPIC, '--wait', '20s', '--timeout', '30s'), 'add-topics');
    a.produce(TOPIC, 0, 30);
    a.produce(TOPIC, 1, 20);
    const args = ['--topic', TOPIC, '--quiet-period', '500ms', '--yes', '--json', '--timeout', '30s'];
    const promoted = await onB('promote', 'fwd', ...args, '--verify', '--receipt', promoteReceipt());
    ok(promoted, 'promote');
    assert.equal((jsonOf(promoted) as { receipt: string }).receipt, promoteReceipt());
    const r = receiptOf(promoteReceipt());
    assert.equal(r.command, 'promote');
    assert.deepEqual(r.source.bootstrap, [emulator.source.bootstrap]);
    assert.equal(r.destination.clusterId, emulator.destination.clusterId);
    assert.equal(r.source.clusterId, emulator.source.clusterId);
    assert.match(r.kmirrorVersion, /^\d+\.\d+\.\d+/);
    assert.deepEqual(
      r.steps.map((s) => s.step),
      ['planned', 'stopped', 'verified'],
    );
    assert.deepEqual(
      r.partitions.map((p) => [p.partition, p.sourceEnd, p.destinationEnd, p.stopMarkers, p.verdict]),
      [
        [0, 30, 31, [30], 'identical'],
        [1, 20, 21, [20], 'identical'],
      ],
    );
    assert.equal(r.partitions[0]?.batches.length, 11, 'the last 10 batches and the stop marker');
  });

  it('a promote that stops nothing writes no receipt and names none', async () => {
    const args = ['--topic', TOPIC, '--quiet-period', '500ms', '--yes', '--timeout', '30s'];
    const file = join(dir, 'again.json');
    const again = await onB('promote', 'fwd', ...args, '--receipt', file);
    assert.doesNotMatch(again.stdout + again.stderr, /Receipt written/);
    assert.equal(existsSync(file), false);
  });

  it('verify --receipt: both clusters still hold what the receipt says (the receipt names the mirror)', async () => {
    const result = await onB('verify', '--receipt', promoteReceipt(), '--json');
    ok(result, 'verify --receipt');
    const doc = jsonOf(result) as VerifyDoc;
    assert.deepEqual(
      doc.partitions.map((p) => [p.cluster, p.partition, p.verdict]),
      [
        ['destination', 0, 'identical'],
        ['destination', 1, 'identical'],
        ['source', 0, 'identical'],
        ['source', 1, 'identical'],
      ],
    );
  });

  it('a split-brain write on the old source: verify --receipt names that partition; exit 7', async () => {
    a.produce(TOPIC, 1, 5);
    const result = await onB('verify', 'fwd', '--receipt', promoteReceipt(), '--json');
    assert.equal(result.code, 7, result.stdout + result.stderr);
    const doc = jsonOf(result) as VerifyDoc;
    const changed = doc.partitions.filter((p) => p.verdict !== 'identical');
    assert.deepEqual(
      changed.map((p) => [p.cluster, p.partition, p.divergence?.reason, p.divergence?.offset]),
      [['source', 1, 'written-after-stop', 20]],
    );
    const text = await onB('verify', 'fwd', '--receipt', promoteReceipt());
    assert.match(text.stdout, /orders-1 on the source diverges at offset 20/);
  });

  it('failback --receipt records the records A lost; then A holds what the promote receipt says again', async () => {
    const file = join(dir, 'failback.json');
    const args = ['--to', emulator.source.bootstrap, '--topic', TOPIC, '--yes', '--json', '--timeout', '30s'];
    const failedBack = await onB('failback', 'fwd', ...args, '--receipt', file);
    ok(failedBack, 'failback');
    assert.equal((jsonOf(failedBack) as { receipt: string }).receipt, file);
    assert.ok(existsSync(file));
    const r = receiptOf(file);
    assert.equal(r.command, 'failback');
    assert.deepEqual(
      r.partitions.map((p) => [p.partition, p.truncated]),
      [
        [0, 0],
        [1, 5],
      ],
    );
    assert.deepEqual(r.source.bootstrap, emulator.destination.bootstrap.split(','), 'B is the source A follows');
    const result = await onB('verify', 'fwd', '--receipt', promoteReceipt(), '--json');
    ok(result, 'verify --receipt after failback');
  });

  it('refuses a receipt with range flags, or one that does not exist, before sending', async () => {
    const both = await onB('verify', 'fwd', '--receipt', promoteReceipt(), '--full');
    assert.equal(both.code, 2);
    const missing = await onB('verify', 'fwd', '--receipt', join(dir, 'nope.json'));
    assert.equal(missing.code, 2);
    const folder = await onB('promote', 'fwd', '--topic', TOPIC, '--receipt', join(dir, 'no', 'such', 'r.json'));
    assert.equal(folder.code, 2);
    const other = await onB('verify', 'other', '--receipt', promoteReceipt());
    assert.equal(other.code, 2);
    assert.match(other.stderr, /Error: the receipt is of mirror 'fwd', not 'other'/);
    const none = await onB('verify');
    assert.equal(none.code, 2);
    assert.match(none.stderr, /Error: missing argument MIRROR/);
  });

  it('verify --receipt against a cluster the receipt does not name: refused, naming both cluster ids', async () => {
    const wrong = await runCli(['verify', '--receipt', promoteReceipt(), '-b', emulator.source.bootstrap]);
    assert.equal(wrong.code, 2, wrong.stdout + wrong.stderr);
    assert.match(
      wrong.stderr,
      new RegExp(
        `-b reaches cluster ${emulator.source.clusterId}, but the receipt's destination is cluster ` +
          `${emulator.destination.clusterId}`,
      ),
    );
    assert.match(wrong.stderr, new RegExp(`Hint: .*-b ${emulator.destination.bootstrap}`));
  });
});

describe('promote --verify', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'promote-verify', destination: { brokerConfigs: FAST_SYNC } });
    emulator.source.cluster.createTopic(TOPIC, { partitions: 1 });
  });
  after(async () => emulator.close());

  it('refuses to stop a topic whose tail differs between the clusters; the topic keeps mirroring', async () => {
    const onB = (...args: string[]) => runCli([...args, '-b', emulator.destination.bootstrap]);
    assert.equal((await onB('create', 'fwd', '--source-bootstrap', emulator.source.bootstrap)).code, 0);
    assert.equal((await onB('add-topics', 'fwd', '--topic', TOPIC, '--wait', '20s', '--timeout', '30s')).code, 0);
    emulator.source.cluster.produce(TOPIC, 0, 30);
    const b = emulator.destination.cluster;
    const args = ['--topic', TOPIC, '--quiet-period', '500ms', '--yes', '--timeout', '30s'];
    // Once B caught up, one of its batches is written differently (a log written twice).
    for (let i = 0; i < 200 && b.endOffset(TOPIC, 0) < 30n; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(b.endOffset(TOPIC, 0), 30n);
    const topic = b.topics.get(TOPIC);
    const p = topic?.partitions[0];
    assert.ok(topic && p);
    rewriteRecordsFrom(b, topic, p, 25n);
    const refused = await onB('promote', 'fwd', ...args, '--verify');
    assert.equal(refused.code, 7, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /--verify: the last 10 batches of orders-0 differ .* nothing was stopped/);
    const states = jsonOf(await onB('describe', 'fwd', '--json')) as {
      mirrors: { topics: { partitions: { state: string }[] }[] }[];
    };
    assert.deepEqual(
      states.mirrors[0]?.topics[0]?.partitions.map((x) => x.state),
      ['MIRRORING'],
    );
  });
});
