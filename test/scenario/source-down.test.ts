// The worst day (issue 28): traffic mirrored, the source cluster killed, and an operator's commands
// against the destination, then the source back and a destination restart. Every action is a kmirror
// command (in-process); the emulator only kills and revives the source and restarts the destination.
// Each step checks the printed text and the --json document, not only the exit code.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { joinedRegex } from '../helpers/joined-regex.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { statesOf, waitFor, type ActionJson, type ErrorJson } from '../commands/topic-actions-setup.js';
import type { DescribeJson } from '../../src/commands/describe.js';
import type { CheckReport } from '../../src/lib/mirror/check/check-report.js';
import type { JsonDocument } from '../../src/lib/cli/output/json-document.js';

type Describe = JsonDocument<DescribeJson>;

const REFUSAL = /nothing was sent: this broker cannot make a topic writable while its source is unreachable/;
const SOURCE_SILENT = joinedRegex([
  /the source of mirror m1 \(127\.0\.0\.1:\d+\) does not answer from this machine \(.*\), /,
  /and the destination brokers' partitions are FAILED too/,
]);
const WEDGED_ORDERS = /m1\/orders: wedged: the broker recorded orders as STOPPED \(mirror m1 no longer lists it\) but /;

describe('the worst day: failover with the source cluster down', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      timing: INSTANT_START,
      seed: 'worst-day',
      growthPerSec: 20,
      demoTopics: [
        { name: 'orders', partitions: 2, initialOffset: 200n },
        { name: 'payments', partitions: 1, initialOffset: 50n },
      ],
    });
  });
  after(async () => emulator.close());

  const kmirror = (...args: string[]): Promise<CliResult> => runCli([...args, '-b', emulator.destination.bootstrap]);
  const json = <T>(result: CliResult, schema?: string): T => {
    const doc = jsonOf(result);
    if (schema) assertMatchesSchema(schema, doc);
    return doc as T;
  };
  const writable = (topic: string, partition: number): boolean => {
    try {
      emulator.destination.cluster.produce(topic, partition, 1);
      return true;
    } catch (error) {
      assert.match(String(error), /READ_ONLY_TOPIC/);
      return false;
    }
  };
  const desired = (topic: string) => emulator.destination.cluster.topics.get(topic)?.mirror?.desired;
  const allIn = (state: string, ...topics: string[]) =>
    topics.every((t) => statesOf(emulator, t).length > 0 && statesOf(emulator, t).every((s) => s === state));

  it('traffic is mirrored: orders and payments MIRRORING, lag 0', async () => {
    assert.equal((await kmirror('create', 'm1', '--source-bootstrap', emulator.source.bootstrap)).code, 0);
    assert.equal((await kmirror('add-topics', 'm1', '--topic', 'orders,payments', '--yes')).code, 0);
    await waitFor('MIRRORING', () => allIn('MIRRORING', 'orders', 'payments'));
    const doc = json<Describe>(await kmirror('describe', 'm1', '--json'), 'describe');
    assert.deepEqual(
      doc.mirrors[0]?.topics.map((t) => [t.name, t.summary.states]),
      [
        ['orders', { MIRRORING: 2 }],
        ['payments', { MIRRORING: 1 }],
      ],
    );
    assert.deepEqual(doc.wedged, []);
  });

  it('the source is killed: describe shows every partition FAILED because the source does not answer', async () => {
    for (const node of emulator.source.nodes) await node.faults.down();
    await waitFor('FAILED', () => allIn('FAILED', 'orders', 'payments'));
    const text = await kmirror('describe', 'm1');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Mirror m1: 3 partitions in 2 topics \(3 FAILED\); .*; 3 failing$/m);
    // The first FAILED record already counts attempt 1, as on the prototype (third round of observations).
    // The fetcher's text when the source dies under it (the prototype after kill -9 of the source).
    assert.match(
      text.stdout,
      /^orders +1 +1\/100 +Fetch IO error: Connection to 1 was disconnected before the response was read$/m,
    );
    assert.match(
      text.stdout,
      /^ {2}3 partition\(s\) \(orders-0, orders-1, payments-0\): the source does not answer from this machine, /m,
    );
    assert.doesNotMatch(text.stdout, /starting|epoch war/, 'neither a start nor an epoch war');
    const doc = json<Describe>(await kmirror('describe', 'm1', '--json'), 'describe');
    assert.equal(doc.mirrors[0]?.summary.failing, 3);
    assert.deepEqual([...new Set(doc.failureCauses.map((c) => c.cause))], ['source-unreachable']);
    assert.deepEqual(doc.failureCauses.flatMap((c) => c.partitions).sort(), ['orders-0', 'orders-1', 'payments-0']);
  });

  it('describe --failed lists the FAILED partitions; --fail-on failing exits 7', async () => {
    const text = await kmirror('describe', 'm1', '--failed');
    assert.match(text.stdout, /^Failed partitions \(3\):$/m);
    const doc = json<Describe>(await kmirror('describe', 'm1', '--failed', '--json'), 'describe');
    assert.deepEqual(
      doc.mirrors[0]?.topics.flatMap((t) => t.partitions.map((p) => `${t.name}-${p.partition} ${p.state}`)),
      ['orders-0 FAILED', 'orders-1 FAILED', 'payments-0 FAILED'],
    );
    const health = await kmirror('describe', 'm1', '--fail-on', 'failing', '--grace', '1ms', '--json');
    assert.equal(health.code, 7);
    assert.equal(json<Describe>(health).health?.offending.length, 3);
  });

  it('remove-topics by name and by pattern: refused before sending, with what it means and the options', async () => {
    const byName = await kmirror('remove-topics', 'm1', '--topic', 'orders', '--yes');
    assert.equal(byName.code, 1);
    assert.equal(byName.stdout, '', 'no plan or table: nothing was sent');
    assert.match(byName.stderr, SOURCE_SILENT);
    assert.match(byName.stderr, REFUSAL);
    assert.match(
      byName.stderr,
      joinedRegex([
        /Hint: producers: the topics stay read-only \(writes fail with READ_ONLY_TOPIC\) until their partitions are /,
        /STOPPED\. Options: \(1\) restore reachability .*\(2\) kmirror remove-topics --send-while-source-down /,
        /sends a stop anyway: .*\(3\) After that, a restart of the destination brokers may stop some of its /,
        /partitions .*Afterwards run kmirror describe m1: only partitions in STOPPED take writes\./,
      ]),
    );
    const byPattern = await kmirror('remove-topics', 'm1', '--pattern', 'ord.*', '--yes', '--json');
    assert.equal(byPattern.code, 1);
    const doc = json<ErrorJson>(byPattern);
    assert.match(doc.error.message, REFUSAL);
    assert.match(doc.error.hint ?? '', /--send-while-source-down/);
    assert.equal(doc.error.exitCode, 1);
    assert.equal(desired('orders'), 'MIRRORING', 'no stop recorded');
    assert.equal(emulator.destination.cluster.mirrors.config('m1', 'mirror.topics.exclude'), '', 'no pattern stored');
  });

  it('promote: refused the same way (it cannot make a topic writable either)', async () => {
    const text = await kmirror('promote', 'm1', '--topic', 'payments', '--yes');
    assert.equal(text.code, 1);
    assert.match(text.stderr, REFUSAL);
    assert.match(text.stderr, /and kmirror promote works\./);
    const doc = json<ErrorJson>(await kmirror('promote', 'm1', '--topic', 'payments', '--yes', '--json'));
    assert.match(doc.error.message, SOURCE_SILENT);
    assert.equal(desired('payments'), 'MIRRORING');
  });

  it('check m1: the FAILED partitions with their cause; no wedged topic yet', async () => {
    const text = await kmirror('check', 'm1');
    assert.match(text.stdout, /^3 FAILED partition\(s\) on mirror m1; why, and what recovers them:$/m);
    assert.doesNotMatch(text.stdout, /wedged/);
    const doc = json<CheckReport>(await kmirror('check', 'm1', '--json'), 'check');
    assert.deepEqual([...new Set(doc.mirror?.failureCauses.map((c) => c.cause))], ['source-unreachable']);
    assert.deepEqual(doc.mirror?.wedged, []);
  });

  it('--send-while-source-down with a pattern: stored and requested, never claimed stopped (exit 3)', async () => {
    const text = await kmirror('remove-topics', 'm1', '--pattern', 'ord.*', '--yes', '--send-while-source-down');
    assert.equal(text.code, 3);
    assert.match(
      text.stdout,
      joinedRegex(
        [
          /^Stop requested through exclude pattern ord\.\* \(not in the request\): orders; 2 partition\(s\) still /,
          /FAILED; FAILED partitions ignore it: the topic stays read-only and mirrors again when the source returns$/,
        ],
        'm',
      ),
    );
    assert.doesNotMatch(text.stdout, /Marked STOPPED|Stopped/);
    assert.match(text.stderr, /stop requested through a stored pattern for orders \(2 FAILED\); 2 partition\(s\) not/);
    assert.equal(desired('orders'), 'STOPPED', 'the controller recorded it');
    assert.ok(allIn('FAILED', 'orders') && !writable('orders', 0) && !writable('orders', 1), 'still read-only');
    const doc = json<ActionJson>(
      await kmirror('remove-topics', 'm1', '--pattern', 'ord.*', '--yes', '--send-while-source-down', '--json'),
      'remove-topics',
    );
    // Recorded STOPPED while FAILED: from now on it is wedged, and a second run says so instead of "requested".
    assert.deepEqual(doc.viaPattern, []);
    assert.deepEqual(
      doc.blocked.map((b) => [b.topic, b.causes.map((c) => c.cause)]),
      [['orders', ['wedged']]],
    );
    assert.equal(doc.patterns[0]?.effect, 'already-excluded');
  });

  it('the source is back: orders mirrors again, not STOPPED, and is shown wedged everywhere', async () => {
    for (const node of emulator.source.nodes) await node.faults.up();
    await waitFor('MIRRORING again', () => allIn('MIRRORING', 'orders', 'payments'), 30_000);
    assert.ok(!writable('orders', 0) && !writable('orders', 1), 'read-only');

    // Caught up (no lagging partition listed) before the text is read.
    let text = await kmirror('describe', 'm1');
    for (let i = 0; i < 50 && !/^No partition is FAILED or lagging/m.test(text.stdout); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      text = await kmirror('describe', 'm1');
    }
    assert.equal(text.code, 0);
    assert.match(text.stdout, /^orders +2 +2 MIRRORING /m);
    assert.match(text.stdout, /^No partition is FAILED or lagging, but 1 topic\(s\) are wedged \(below\)\.$/m);
    assert.match(text.stdout, new RegExp(`^  ${WEDGED_ORDERS.source}2 partition\\(s\\) are MIRRORING \\(0, 1\\)`, 'm'));
    assert.match(text.stdout, /^ {4}Recovery: no request can finish this stop: .*restart the destination brokers/m);
    assert.doesNotMatch(text.stdout, /run (kmirror )?remove-topics again/);
    const doc = json<Describe>(await kmirror('describe', 'm1', '--json'), 'describe');
    assert.deepEqual(
      doc.wedged.map((w) => [w.topic, w.partitions.map((p) => `${p.partition} ${p.state}`)]),
      [['orders', ['0 MIRRORING', '1 MIRRORING']]],
    );

    const failed = await kmirror('describe', 'm1', '--failed');
    assert.match(failed.stdout, WEDGED_ORDERS, 'describe --failed shows it although no partition is FAILED');
    const health = await kmirror('describe', 'm1', '--fail-on', 'failing', '--json');
    assert.equal(health.code, 7);
    assert.deepEqual(
      json<Describe>(health).health?.offending.map((o) => [o.topic, o.partition, o.state, o.conditions]),
      [
        ['orders', 0, 'MIRRORING', ['failing (wedged)']],
        ['orders', 1, 'MIRRORING', ['failing (wedged)']],
      ],
    );

    const check = await kmirror('check', 'm1');
    assert.match(check.stdout, /^1 wedged topic\(s\): the broker recorded a stop their partitions never made/m);
    assert.equal(json<CheckReport>(await kmirror('check', 'm1', '--json')).mirror?.wedged[0]?.topic, 'orders');
  });

  it('remove-topics on the wedged topic: blocked with the recovery, no request the broker refuses', async () => {
    const text = await kmirror('remove-topics', 'm1', '--topic', 'orders', '--yes');
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^Blocked \(not sent\):\n {2}orders: wedged: the broker recorded orders as STOPPED/m);
    assert.match(text.stderr, /Hint: wedged: .*; recovery: no request can finish this stop/);
    const doc = json<ActionJson>(
      await kmirror('remove-topics', 'm1', '--topic', 'orders', '--yes', '--json'),
      'remove-topics',
    );
    assert.deepEqual(doc.sent, []);
    assert.deepEqual(
      doc.blocked.map((b) => [b.topic, b.causes.map((c) => c.cause)]),
      [['orders', ['wedged']]],
    );
  });

  it('a destination restart stops one partition of orders and leaves the other wedged', async () => {
    // §18's first run: partition 0 won the race against its __mirror_state shard's replay (restart.ts).
    const restart = emulator.destination.cluster.restartBrokers({
      takesInMissedChange: (_t, partition) => partition === 0,
    });
    assert.deepEqual(restart, { tookIn: ['orders-0'], stillMissing: ['orders-1'] });
    await waitFor('orders-0 STOPPED', () => statesOf(emulator, 'orders')[0] === 'STOPPED');
    assert.deepEqual([writable('orders', 0), writable('orders', 1)], [true, false]);

    const text = await kmirror('describe', 'm1');
    assert.match(text.stdout, /^orders +2 +1 MIRRORING, 1 STOPPED /m);
    assert.match(text.stdout, new RegExp(`^  ${WEDGED_ORDERS.source}1 partition\\(s\\) are MIRRORING \\(1\\)`, 'm'));
    const doc = json<Describe>(await kmirror('describe', 'm1', '--json'), 'describe');
    const orders = doc.mirrors[0]?.topics.find((t) => t.name === 'orders');
    assert.deepEqual(
      orders?.partitions.map((p) => [p.partition, p.state]),
      [
        [0, 'STOPPED'],
        [1, 'MIRRORING'],
      ],
    );
    assert.deepEqual(doc.wedged[0]?.partitions, [{ partition: 1, state: 'MIRRORING' }]);
  });
});
