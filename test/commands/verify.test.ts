// `kmirror verify` end to end, in-process against emulated clusters that hold real batches: a mirror that
// copied the source batch for batch is identical; each other verdict is made by changing one log (a batch
// written differently on one side, a partition missing, retention moving a log start, compaction).

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { deleteRecordsBefore, rewriteRecordsFrom } from '../../src/lib/emulator/state/record-store.js';
import type { EmulatedCluster } from '../../src/lib/emulator/state/cluster.js';
import { startMirrored, sync } from './groups-setup.js';
import { stopTopics } from './describe-setup.js';

interface VerifyJson {
  partitions: {
    topic: string;
    partition: number;
    verdict: string;
    from: string | number | null;
    to: string | number | null;
    batches: number;
    missingOn?: string;
    notComparable?: { cause: string; side: string; detail: string };
    divergence?: {
      offset: number;
      reason: string;
      fields: string[];
      source: { crc: string } | null;
      destination: { crc: string } | null;
    };
    brokerAdditions: { side: string; offset: number; kind: string }[];
  }[];
  summary: { partitions: number; identical: number; diverged: number };
  diverged: boolean;
}

const running: EmulatedClusters[] = [];
async function mirrored(seed: string, sides: Parameters<typeof startMirrored>[3] = {}): Promise<EmulatedClusters> {
  const emulator = await startMirrored(seed, {}, {}, sides);
  running.push(emulator);
  sync(emulator, 5);
  return emulator;
}

function verifyCli(emulator: EmulatedClusters, ...args: string[]): Promise<CliResult> {
  return runCli(['verify', 'm1', '-b', emulator.destination.bootstrap, ...args]);
}

function partitionOf(cluster: EmulatedCluster, topic: string, partition: number) {
  const t = cluster.topics.get(topic);
  const p = t?.partitions[partition];
  if (!t || !p) throw new Error(`no ${topic}-${partition}`);
  return [t, p] as const;
}

async function verifyJson(
  emulator: EmulatedClusters,
  ...args: string[]
): Promise<{ code: number | null; doc: VerifyJson }> {
  const result = await verifyCli(emulator, '--json', ...args);
  const doc = jsonOf(result);
  assertMatchesSchema('verify', doc);
  return { code: result.code, doc: doc as VerifyJson };
}

describe('kmirror verify', () => {
  after(async () => {
    for (const e of running) await e.close();
  });

  it('a mirror that copied the source batch for batch is identical, tail and full', async () => {
    const emulator = await mirrored('verify-identical');
    const tail = await verifyJson(emulator);
    assert.equal(tail.code, 0, JSON.stringify(tail.doc));
    assert.equal(tail.doc.summary.partitions, 3);
    assert.deepEqual(
      tail.doc.partitions.map((p) => p.verdict),
      ['identical', 'identical', 'identical'],
    );
    assert.deepEqual(
      tail.doc.partitions.map((p) => p.batches),
      [10, 10, 10],
    );
    const full = await verifyJson(emulator, '--full');
    assert.equal(full.code, 0);
    assert.ok(
      full.doc.partitions.every((p) => p.batches > 10),
      JSON.stringify(full.doc.partitions),
    );
  });

  it('a batch written differently on the destination diverges there, with both CRCs; exit 7', async () => {
    const emulator = await mirrored('verify-diverge');
    rewriteRecordsFrom(emulator.destination.cluster, ...partitionOf(emulator.destination.cluster, 'orders', 1), 995n);
    const { code, doc } = await verifyJson(emulator);
    assert.equal(code, 7);
    assert.equal(doc.diverged, true);
    const p1 = doc.partitions.find((p) => p.partition === 1);
    assert.equal(p1?.verdict, 'diverges');
    assert.equal(p1?.divergence?.offset, 995);
    assert.ok(p1?.divergence?.fields.includes('crc'));
    assert.notEqual(p1?.divergence?.source?.crc, p1?.divergence?.destination?.crc);
    assert.equal(p1?.batches, 5);
    assert.deepEqual(
      doc.partitions.filter((p) => p.partition !== 1).map((p) => p.verdict),
      ['identical', 'identical'],
    );
    const text = await verifyCli(emulator, '--topic', 'orders');
    assert.equal(text.code, 7);
    assert.match(text.stdout, /orders-1 diverges at offset 995 \(crc differ\):/);
    assert.match(text.stdout, new RegExp(`source: base 995, .* CRC ${p1?.divergence?.source?.crc ?? ''}`));
  });

  it('a range below a log start that retention (DeleteRecords) moved is not comparable, naming the side', async () => {
    const emulator = await mirrored('verify-retention');
    deleteRecordsBefore(emulator.destination.cluster, ...partitionOf(emulator.destination.cluster, 'orders', 2), 990n);
    const { code, doc } = await verifyJson(emulator, '--from', '980');
    assert.equal(code, 0);
    const p2 = doc.partitions.find((p) => p.partition === 2);
    assert.equal(p2?.verdict, 'not-comparable');
    assert.deepEqual([p2?.notComparable?.cause, p2?.notComparable?.side], ['retention', 'destination']);
    assert.match(p2?.notComparable?.detail ?? '', /starts at offset 990/);
    assert.equal(doc.partitions.find((p) => p.partition === 0)?.verdict, 'identical');
  });

  it('a topic deleted on the source is missing there; exit 7', async () => {
    const emulator = await mirrored('verify-missing');
    emulator.source.cluster.deleteTopic('orders');
    const { code, doc } = await verifyJson(emulator);
    assert.equal(code, 7);
    assert.deepEqual(
      doc.partitions.map((p) => [p.verdict, p.missingOn]),
      [
        ['missing', 'source'],
        ['missing', 'source'],
        ['missing', 'source'],
      ],
    );
  });

  it("after a stop the PID-reset marker is the broker's own; later source records diverge", async () => {
    const emulator = await mirrored('verify-stop');
    stopTopics(emulator, 'm1', ['orders']);
    sync(emulator);
    const stopped = await verifyJson(emulator, '--full');
    assert.equal(stopped.code, 0, JSON.stringify(stopped.doc.partitions));
    emulator.source.cluster.appendRecords('orders', 2, 0);
    const split = await verifyJson(emulator);
    assert.equal(split.code, 7);
    const p0 = split.doc.partitions.find((p) => p.partition === 0);
    assert.equal(p0?.divergence?.reason, 'written-after-stop');
    assert.equal(p0?.divergence?.offset, 1000);
    assert.deepEqual(p0?.brokerAdditions, [{ side: 'destination', offset: 1000, kind: 'pid-reset' }]);
    const text = await verifyCli(emulator);
    assert.match(text.stdout, /orders-0 diverges at offset 1000:\n {2}source: base 1000, /);
    assert.match(
      text.stdout,
      /\n {2}destination: the stop marker \(MIRROR_PID_RESET\) at offset 1000, no records after it\n/,
      'not "no batch": the destination holds the marker there',
    );
  });

  // Leadership of orders-0 moves to another node (the old one still answers, with NOT_LEADER_OR_FOLLOWER)
  // on `cluster` at the first answer to `api` that a node of `on` sends; returns the old leader.
  function moveLeaderAt(on: EmulatedClusters['source'], api: string, cluster: EmulatedClusters['source']) {
    const moved: { from?: number } = {};
    for (const node of on.nodes)
      node.faults.mutateResponse(api, (frame) => {
        if (moved.from === undefined) {
          moved.from = partitionOf(cluster.cluster, 'orders', 0)[1].leader;
          cluster.cluster.setNodeUp(moved.from, false);
        }
        return frame;
      });
    return moved;
  }

  for (const [when, args, move] of [
    // ListOffsets (the log bounds) comes after Metadata located the leaders, on each cluster.
    [
      'reading the log bounds',
      ['--full'],
      (e: EmulatedClusters) => [
        moveLeaderAt(e.source, 'ListOffsets', e.source),
        moveLeaderAt(e.destination, 'ListOffsets', e.destination),
      ],
    ],
    // A tail reads the source first, then the destination from the leader located at the start.
    ['reading the records', [], (e: EmulatedClusters) => [moveLeaderAt(e.source, 'Fetch', e.destination)]],
  ] as const)
    it(`a partition whose leader moves while verify is ${when} is read from its new leader`, async () => {
      const emulator = await mirrored(`verify-leader-moves-${args.length}`, {
        nodes: 3,
        brokerConfigs: { 'default.replication.factor': '2' },
      });
      const moves = move(emulator);
      const { code, doc } = await verifyJson(emulator, ...args);
      assert.ok(moves.every((m) => m.from !== undefined));
      assert.equal(code, 0, JSON.stringify(doc));
      assert.deepEqual(
        doc.partitions.map((p) => p.verdict),
        ['identical', 'identical', 'identical'],
      );
    });

  it('refuses conflicting range flags and a bad bound before sending anything', async () => {
    const emulator = await mirrored('verify-usage');
    const both = await verifyCli(emulator, '--full', '--tail', '5');
    assert.equal(both.code, 2);
    assert.match(both.stderr, /give one/);
    const bad = await verifyCli(emulator, '--from', 'yesterday');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /neither an offset nor a time/);
  });
});
