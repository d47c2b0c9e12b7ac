// `kmirror pause` end to end: the command run in-process against emulated source and destination clusters.

import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { FAST_SYNC, INSTANT_START } from '../helpers/emulator-timing.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import {
  type ActionJson,
  type ErrorJson,
  clearFaults,
  createMirror,
  injectTopicErrors,
  startTopics,
  statesOf,
  waitFor,
} from './topic-actions-setup.js';
import { joinedRegex } from '../helpers/joined-regex.js';

describe('kmirror pause', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ timing: INSTANT_START, seed: 'pause', demoTopics: true, growthPerSec: 0 });
    for (const name of ['p1', 'p2', 'gone'])
      emulator.source.cluster.createTopic(name, { partitions: 1, initialOffset: 5n });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['orders', 'payments', 'inventory', 'p1', 'p2', 'gone']);
  });
  afterEach(() => clearFaults(emulator));
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli(['pause', 'm1', '-b', emulator.destination.bootstrap, ...args]);

  it('--dry-run sends nothing', async () => {
    const result = await run('--topic', 'orders', '--dry-run');
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stdout,
      /PauseMirrorTopics\n {2}MirrorName: m1\n {2}Topics: \[orders\]\n {2}StateValidationOffset: -1\nNothing was sent/,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(statesOf(emulator, 'orders'), ['MIRRORING', 'MIRRORING', 'MIRRORING']);
  });

  it('--wait: pauses and reports every partition PAUSED (text)', async () => {
    const result = await run('--topic', 'orders', '--wait', '20s');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stdout,
      [
        'Paused mirroring for 1 topic(s) in mirror m1: orders',
        '',
        'TOPIC   PARTITION  STATE',
        'orders          0  PAUSED',
        'orders          1  PAUSED',
        'orders          2  PAUSED',
        '',
      ].join('\n'),
    );
    assert.equal(result.stderr, '');
  });

  it("already PAUSED topics are no-ops; a pattern selects the mirror's topics (JSON)", async () => {
    const result = await run('--pattern', '(orders|inventory)', '--json');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as ActionJson;
    assertMatchesSchema('pause', doc);
    assert.deepEqual(doc.requested, ['inventory', 'orders']);
    assert.deepEqual(doc.noop, [{ topic: 'orders', state: '3 PAUSED' }]);
    assert.deepEqual(doc.sent, ['inventory']);
    assert.deepEqual(doc.succeeded, ['inventory']);
    assert.deepEqual(doc.patterns, [{ pattern: '(orders|inventory)', matched: ['inventory', 'orders'], effect: null }]);
    assert.equal(doc.final, null);
  });

  it('per-topic 142 is shown with its hint; the other topic is paused (exit 3)', async () => {
    injectTopicErrors(emulator, 'PauseMirrorTopics', { p1: 142 }, "Topic 'p1' is in STOPPED state");
    const result = await run('--topic', 'p1,p2');
    assert.equal(result.code, 3, result.stderr);
    assert.match(
      result.stdout,
      joinedRegex([
        /Refused by the broker for 1 topic\(s\):\n {2}p1: mirror 'm1', topic 'p1': the mirror topic is stopped or /,
        /being stopped, so it cannot be paused \(MIRROR_TOPIC_BEING_STOPPED from PauseMirrorTopics\): Topic 'p1' is /,
        /in STOPPED state\n {4}Hint: /,
      ]),
    );
    assert.match(result.stdout, /Paused mirroring for 1 topic\(s\) in mirror m1: p2/);
    await waitFor('p2 PAUSED', () => statesOf(emulator, 'p2').every((s) => s === 'PAUSED'));
  });

  it('a FAILED topic is blocked and nothing is sent (exit 1)', async () => {
    emulator.source.cluster.deleteTopic('gone');
    await waitFor('gone FAILED', () => statesOf(emulator, 'gone').every((s) => s === 'FAILED'));
    const result = await run('--topic', 'gone', '--json');
    assert.equal(result.code, 1, result.stderr);
    const doc = jsonOf(result) as ActionJson;
    assertMatchesSchema('pause', doc);
    assert.deepEqual(doc.sent, []);
    assert.match(
      doc.blocked[0]?.reason ?? '',
      /1 FAILED: the broker pauses a topic only when every partition is MIRRORING/,
    );
  });

  it('144 → exit 5; unknown mirror → exit 6', async () => {
    for (const node of emulator.destination.nodes) node.faults.failWith('PauseMirrorTopics', 144);
    const denied = await run('--topic', 'payments', '--json');
    assert.equal(denied.code, 5);
    assert.equal((jsonOf(denied) as ErrorJson).error.kafkaError?.name, 'CLUSTER_MIRROR_AUTHORIZATION_FAILED');
    const unknown = await runCli(['pause', 'nope', '-b', emulator.destination.bootstrap, '--topic', 'orders']);
    assert.equal(unknown.code, 6);
  });
});

describe('kmirror pause --wait timeout', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'pause-slow',
      demoTopics: true,
      growthPerSec: 0,
      timing: { ...INSTANT_START, pausingMs: 600_000 },
    });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['inventory']);
  });
  after(async () => {
    await emulator.close();
  });

  it('exit 124 with the last states (PAUSING)', async () => {
    const result = await runCli([
      'pause',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--topic',
      'inventory',
      '--wait',
      '1s',
    ]);
    assert.equal(result.code, 124, result.stderr);
    assert.match(result.stdout, /inventory {10}0 {2}PAUSING/);
    assert.match(result.stderr, /waiting for 1 topic\(s\) of mirror 'm1' to reach PAUSED: gave up after --wait 1s/);
  });
});

describe('kmirror pause on a cluster with mirroring disabled', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'pause-disabled', mirroringDisabled: 'destination' });
  });
  after(async () => {
    await emulator.close();
  });

  it('exit 4', async () => {
    const result = await runCli(['pause', 'm1', '-b', emulator.destination.bootstrap, '--topic', 'orders', '--json']);
    assert.equal(result.code, 4);
    assert.equal((jsonOf(result) as ErrorJson).error.exitCode, 4);
  });
});

describe('kmirror pause of a topic FAILED for good (wrong source cluster id)', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'pause-stuck',
      demoTopics: [{ name: 'orders', partitions: 2 }],
      growthPerSec: 0,
      timing: INSTANT_START,
      destination: { brokerConfigs: FAST_SYNC },
    });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['orders']);
    // The id goes wrong behind the mirror's back: the next sync fails every partition, retry -1.
    emulator.destination.cluster.mirrors.setConfig('m1', 'mirror.source.cluster.id', 'replaced-cluster');
    await waitFor('orders FAILED', () => statesOf(emulator, 'orders').every((s) => s === 'FAILED'));
  });
  after(async () => {
    await emulator.close();
  });

  it('is blocked, pointing to the recognised cause and the restart that recovers it', async () => {
    const result = await runCli(['pause', 'm1', '-b', emulator.destination.bootstrap, '--topic', 'orders', '--json']);
    assert.equal(result.code, 1, result.stderr);
    const doc = jsonOf(result) as ActionJson;
    assertMatchesSchema('pause', doc);
    const causes = doc.blocked[0]?.causes ?? [];
    assert.deepEqual(
      causes.map((c) => c.cause),
      ['source-cluster-id-changed'],
    );
    assert.match(causes[0]?.summary ?? '', /not the stored mirror\.source\.cluster\.id replaced-cluster/);
    assert.match(causes[0]?.recovery ?? '', /restart the destination brokers/);

    const text = await runCli(['pause', 'm1', '-b', emulator.destination.bootstrap, '--topic', 'orders']);
    assert.equal(text.code, 1, text.stderr);
    assert.match(
      text.stdout,
      /\n {4}Recovery: if bootstrap\.servers points at the wrong cluster, fix it; .*restart the destination brokers/,
    );
    assert.match(
      text.stderr,
      /Hint: the source answers as cluster \S+, not the stored mirror\.source\.cluster\.id replaced-cluster; recovery:/,
    );
  });
});
