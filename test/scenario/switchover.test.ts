// A planned switchover and the way back, with kmirror's CLI for every mirror operation and the
// emulator's API standing in for the producers (it holds offsets, not records): mirror A→B, traffic
// on A and a consumer group committing there, promote (which waits for the group's offsets to reach
// B), traffic on B, a split-brain write on A, failback with its truncation report, the cleanup it
// prints, promote back (waiting for the group's offsets committed on B to reach A), cleanup. Every
// acknowledged offset of the surviving history must stay below the end offset, and the truncation
// report must equal the split-brain writes.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { EmulatedCluster } from '../../src/lib/emulator/state/cluster.js';
import type { FailbackJson } from '../../src/commands/failback.js';
import type { PromoteJson } from '../../src/commands/promote.js';
import type { Parsed } from '../helpers/cli.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { shellWords } from '../helpers/shell-words.js';
import { commit } from '../commands/groups-setup.js';

const TOPIC = 'orders';
const PARTITIONS = 2;
const GROUP = 'billing';
/** Each side copies group offsets every 2 s (the real default is 60 s): promote waits for one copy. */
const FAST_SYNC = { 'mirror.metadata.refresh.interval.ms': '2000' };

/** promote of the topic after 500 ms of quiet, confirmed, as JSON, within 30 s. */
function promoteArgs(mirror: string): string[] {
  return ['promote', mirror, '--topic', TOPIC, '--quiet-period', '500ms', '--yes', '--json', '--timeout', '30s'];
}

/** The group's committed offset per partition of the topic (undefined where it has none). */
function groupOffsets(cluster: EmulatedCluster): (bigint | undefined)[] {
  return Array.from({ length: PARTITIONS }, (_, p) => cluster.groups.offset(GROUP, TOPIC, p)?.offset);
}

/** Offsets a producer got acknowledged, per partition, with the cluster that acknowledged them. */
class Acks {
  readonly offsets: { cluster: string; partition: number; offset: bigint }[] = [];

  produce(cluster: EmulatedCluster, partition: number, count: number): void {
    const { baseOffset, nextOffset } = cluster.produce(TOPIC, partition, count);
    for (let o = baseOffset; o < nextOffset; o++) this.offsets.push({ cluster: cluster.name, partition, offset: o });
  }

  /** Every acknowledged offset is below the cluster's end offset (the record is still in its log). */
  assertKept(cluster: EmulatedCluster, what: string): void {
    for (const ack of this.offsets) {
      const end = cluster.endOffset(TOPIC, ack.partition);
      assert.ok(
        ack.offset < end,
        `${what}: offset ${ack.offset} of ${TOPIC}-${ack.partition} (acknowledged by ${ack.cluster}) lost, end ${end}`,
      );
    }
  }
}

describe('switchover and failback through the CLI', () => {
  let emulator: EmulatedClusters;
  const surviving = new Acks();
  let a: EmulatedCluster;
  let b: EmulatedCluster;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'switchover',
      // A also holds a mirror (after the failback): its __mirror_state fits on its one node.
      source: { brokerConfigs: { 'mirror.state.topic.replication.factor': '1', ...FAST_SYNC } },
      destination: { brokerConfigs: FAST_SYNC },
    });
    a = emulator.source.cluster;
    b = emulator.destination.cluster;
    a.createTopic(TOPIC, { partitions: PARTITIONS });
    // B's fetcher answers once a second: its reported lag reads 0 between answers.
    b.mirrorFetchIntervalMs = 1000;
  });
  after(async () => emulator.close());

  const onA = (...args: string[]) => runCli([...args, '-b', emulator.source.bootstrap]);
  const onB = (...args: string[]) => runCli([...args, '-b', emulator.destination.bootstrap]);
  const ok = (result: CliResult, what: string): void =>
    assert.equal(result.code, 0, `${what} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);

  it('mirrors A → B and takes traffic on A', async () => {
    ok(await onB('create', 'fwd', '--source-bootstrap', emulator.source.bootstrap), 'create fwd');
    ok(await onB('add-topics', 'fwd', '--topic', TOPIC, '--wait', '20s', '--timeout', '30s'), 'add-topics');
    for (let p = 0; p < PARTITIONS; p++) surviving.produce(a, p, 150 + p);
    // The application consumed most of it and committed; B has not copied that yet.
    commit(a, GROUP, { [TOPIC]: { 0: 120n, 1: 130n } });
    assert.deepEqual(groupOffsets(b), [undefined, undefined]);
  });

  it(
    "promote waits for quiet producers, the catch-up and the group's offsets, then B holds A + " + 'the stop marker',
    async () => {
      const result = await onB(...promoteArgs('fwd'));
      ok(result, 'promote');
      const doc = jsonOf(result) as Parsed<PromoteJson>;
      assert.equal(doc.complete, true);
      for (const p of doc.topics[0]?.partitions ?? []) {
        assert.equal(BigInt(p.destinationEnd ?? -1), a.endOffset(TOPIC, p.partition) + 1n);
        assert.equal(p.verified, 'ok');
      }
      assert.deepEqual(doc.groups.inSync, [GROUP]);
      assert.deepEqual(groupOffsets(b), groupOffsets(a), "B holds the group's offsets committed on A");
      assert.deepEqual(groupOffsets(b), [120n, 130n]);
      surviving.assertKept(b, 'after promote');
    },
  );

  let splitBrain = 0;
  it('producers move to B; a split-brain writer still writes to A', async () => {
    for (let p = 0; p < PARTITIONS; p++) surviving.produce(b, p, 40);
    // The consumers moved to B too, and go on from the copied offsets.
    commit(b, GROUP, { [TOPIC]: { 0: 180n, 1: 190n } });
    const lost = new Acks();
    lost.produce(a, 0, 25);
    splitBrain = lost.offsets.length;
  });

  let cleanup: string[] = [];
  it('failback reports exactly the split-brain writes as lost, and A then holds B record for record', async () => {
    const dryRun = await onB(
      'failback',
      'fwd',
      '--to',
      emulator.source.bootstrap,
      '--topic',
      TOPIC,
      '--dry-run',
      '--json',
    );
    ok(dryRun, 'failback --dry-run');
    const planned = jsonOf(dryRun) as Parsed<FailbackJson>;
    assert.equal(planned.truncatedRecords, splitBrain);

    const result = await onB(
      'failback',
      'fwd',
      '--to',
      emulator.source.bootstrap,
      '--topic',
      TOPIC,
      '--yes',
      '--json',
      '--timeout',
      '30s',
    );
    ok(result, 'failback');
    const doc = jsonOf(result) as Parsed<FailbackJson>;
    assert.equal(doc.complete, true);
    assert.deepEqual(
      doc.topics[0]?.partitions.map((p) => p.truncated),
      [splitBrain, 0],
      'the truncation report equals the split-brain writes',
    );
    for (let p = 0; p < PARTITIONS; p++) {
      assert.equal(a.endOffset(TOPIC, p), b.endOffset(TOPIC, p));
      // The emulator's stand-in for "record for record": which leader epoch wrote each stretch of the log.
      assert.deepEqual(
        a.topics.get(TOPIC)?.partitions[p]?.epochs,
        b.topics.get(TOPIC)?.partitions[p]?.epochs,
        `partition ${p}: A holds B's records, not its own split-brain ones`,
      );
    }
    surviving.assertKept(a, 'after failback');
    surviving.assertKept(b, 'after failback');
    cleanup = doc.cleanup;
    assert.equal(cleanup.length, 1);
  });

  it('the cleanup failback printed runs as printed and ends the two-way situation', async () => {
    for (const command of cleanup) {
      const [bin, ...args] = shellWords(command);
      assert.equal(bin, 'kmirror');
      ok(await runCli(args), command);
    }
    const check = jsonOf(await onA('check', '--json')) as { twoWay?: { topics: unknown[] } };
    assert.deepEqual(check.twoWay?.topics, []);
  });

  it('promote back: A takes over again, B stops taking writes, A holds B + the stop marker', async () => {
    const result = await onA(...promoteArgs('fwd-failback'));
    ok(result, 'promote back');
    const doc = jsonOf(result) as Parsed<PromoteJson>;
    assert.equal(doc.complete, true);
    assert.deepEqual(doc.groups.inSync, [GROUP]);
    assert.deepEqual(groupOffsets(a), [180n, 190n], "A holds the group's offsets committed on B");
    for (let p = 0; p < PARTITIONS; p++) assert.equal(a.endOffset(TOPIC, p), b.endOffset(TOPIC, p) + 1n);
    for (let p = 0; p < PARTITIONS; p++) surviving.produce(a, p, 10);
    surviving.assertKept(a, 'after promote back');
  });

  it('cleanup: the last mirror goes, and neither cluster lists a mirror', async () => {
    ok(await onA('delete', 'fwd-failback', '--yes'), 'delete fwd-failback');
    for (const list of [await onA('list', '--json'), await onB('list', '--json')]) {
      ok(list, 'list');
      const doc = jsonOf(list) as unknown[] | { mirrors: unknown[] };
      assert.deepEqual(Array.isArray(doc) ? doc : doc.mirrors, []);
    }
    surviving.assertKept(a, 'at the end');
  });
});
