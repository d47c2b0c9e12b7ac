// `kmirror failback` end to end against emulated clusters: A (the emulator's source) was failed over
// to B (its destination); producers moved to B and a split-brain writer kept writing to A.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { FailbackJson } from '../../src/commands/failback.js';
import type { Parsed } from '../helpers/cli.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror, startTopics, statesOf, waitFor } from './topic-actions-setup.js';
import { joinedRegex } from '../helpers/joined-regex.js';
import { deadPort } from '../helpers/dead-port.js';

type Json = Parsed<FailbackJson>;

describe('kmirror failback', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'failback',
      // A holds a mirror of its own after the failback: its __mirror_state must fit on its one node.
      source: { brokerConfigs: { 'mirror.state.topic.replication.factor': '1' } },
    });
    const a = emulator.source.cluster;
    a.createTopic('orders', { partitions: 2, initialOffset: 100n });
    a.createTopic('live', { partitions: 1, initialOffset: 10n });
    await createMirror(emulator, 'fwd');
    await startTopics(emulator, 'fwd', ['orders', 'live']);
  });
  after(async () => emulator.close());

  const failback = (...args: string[]) =>
    runCli(['failback', 'fwd', '-b', emulator.destination.bootstrap, '--to', emulator.source.bootstrap, ...args]);

  it('refuses while B still mirrors the topic: the mirror-loop consequence, exit 2, nothing started on A', async () => {
    const result = await failback('--topic', 'orders', '--yes');
    assert.equal(result.code, 2, result.stderr);
    assert.match(
      result.stderr,
      /the safe order: move producers to B, fail over first .*--allow-mirror-loop starts it anyway/,
    );
    assert.match(
      result.stderr,
      joinedRegex([
        /not STOPPED in mirror 'fwd' on B: orders \(2 MIRRORING\); starting it on A while B still mirrors it from A /,
        /is a mirror loop/,
      ]),
    );
    assert.equal(emulator.source.cluster.mirrors.names().length, 0);
    const overridden = await failback('--topic', 'orders', '--allow-mirror-loop', '--dry-run');
    assert.equal(overridden.code, 0, overridden.stderr);
    assert.match(overridden.stderr, /is a mirror loop.*; starting anyway \(--allow-mirror-loop\)/s);
    assert.equal(emulator.source.cluster.mirrors.names().length, 0, 'a dry run still starts nothing');
  });

  it('A does not answer: the message and hint name --to, the flag of the cluster that did not answer', async () => {
    const dead = `127.0.0.1:${await deadPort()}`;
    const toDead = ['--to', dead, '--topic', 'orders', '--json'];
    const result = await runCli(['failback', 'fwd', '-b', emulator.destination.bootstrap, ...toDead]);
    assert.equal(result.code, 1, result.stderr);
    const { error } = jsonOf(result) as { error: { message: string; hint: string | null } };
    assert.match(error.message, new RegExp(`^--to: .*${dead}`));
    assert.match(error.hint ?? '', /^check --to \(its address or saved profile, and --to-config\)/);
    assert.doesNotMatch(error.hint ?? '', /-b\b|--bootstrap-server/);
  });

  it('--dry-run after a failover: the partitions A will lose records in, exactly the split-brain writes', async () => {
    const stop = await runCli([
      'promote',
      'fwd',
      '-b',
      emulator.destination.bootstrap,
      '--topic',
      'orders',
      '--quiet-period',
      '300ms',
      '--yes',
    ]);
    assert.equal(stop.code, 0, stop.stderr);
    emulator.destination.cluster.produce('orders', 0, 20);
    emulator.source.cluster.produce('orders', 0, 30);
    emulator.source.cluster.produce('orders', 1, 4);
    const result = await failback('--topic', 'orders', '--dry-run', '--json');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json;
    assertMatchesSchema('failback', doc);
    assert.equal(doc.dryRun, true);
    assert.deepEqual(
      doc.topics[0]?.partitions.map((p) => [p.partition, p.endBefore, p.truncationPoint, p.truncated]),
      [
        [0, 130, 100, 30],
        [1, 104, 100, 4],
      ],
    );
    assert.equal(doc.truncatedRecords, 34);
    assert.equal(doc.reverseMirror.name, 'fwd-failback');
    assert.equal(emulator.source.cluster.mirrors.names().length, 0, 'nothing created');
  });

  it(
    '--to names a saved profile for A; the security settings A\u2019s brokers get for B are ' + 'never printed',
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'kmirror-failback-'));
      const env = { XDG_CONFIG_HOME: home };
      try {
        const created = await runCli(['profile', 'create', 'old-source', '-b', emulator.source.bootstrap], { env });
        assert.equal(created.code, 0, created.stderr);
        const properties = join(home, 'to-b.properties');
        writeFileSync(
          properties,
          [
            'security.protocol=SASL_PLAINTEXT',
            'sasl.mechanism=PLAIN',
            'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required ' +
              'username="a-to-b" password="topsecret-xyz";',
            '',
          ].join('\n'),
        );
        for (const output of [[], ['--json']]) {
          const result = await runCli(
            ['failback', 'fwd', '-b', emulator.destination.bootstrap, '--to', 'old-source', '--topic', 'orders'].concat(
              ['--source-config', properties, '--dry-run', ...output],
            ),
            { env },
          );
          assert.equal(result.code, 0, result.stderr);
          assert.doesNotMatch(result.stdout + result.stderr, /topsecret-xyz/);
          assert.match(result.stdout, /sasl\.jaas\.config.{0,4}\[redacted\]/);
        }
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );

  it('without a terminal and without --yes: exit 2, the refusal names the records A would lose', async () => {
    const result = await failback('--topic', 'orders');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^A loses 34 record\(s\) in 2 partition\(s\) to truncation/m);
    assert.match(result.stderr, /^Plan: Fail back 1 topic\(s\) of mirror fwd/m);
    assert.doesNotMatch(result.stderr, /dry run/i, 'only --dry-run says dry run');
    assert.match(
      result.stderr,
      /refusing to fail back 1 topic\(s\) \(A loses 34 record\(s\) in 2 partition\(s\) to truncation\)/,
    );
  });

  it('--yes: A goes FAILED (retry 1) → MIRRORING, fences once, loses split-brain writes', async () => {
    const result = await failback('--topic', 'orders', '--yes', '--json', '--timeout', '20s');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json;
    assertMatchesSchema('failback', doc);
    assert.equal(doc.complete, true);
    assert.equal(doc.reverseMirror.created, true);
    for (const p of doc.topics[0]?.partitions ?? []) {
      // As on the prototype: the MIRRORING before the fetcher set-up fails lasts tens of ms (rarely polled),
      // and B's records written after the failover carry a newer epoch than A's, so A fences once.
      const seen = p.states
        .filter((s) => s !== 'LOG_TRUNCATION' && s !== 'EPOCH_FENCING')
        .filter((s, i, all) => s !== all[i - 1]);
      assert.deepEqual(seen.slice(-2), ['FAILED', 'MIRRORING'], `partition ${p.partition}: ${p.states.join(' → ')}`);
      assert.equal(BigInt(p.endAfter ?? -1), emulator.destination.cluster.endOffset('orders', p.partition));
    }
    assert.deepEqual(
      doc.topics[0]?.partitions.map((p) => p.truncated),
      [30, 4],
    );
    assert.deepEqual(doc.otherTopicsOfOldMirror, ['live']);
    assert.deepEqual(doc.cleanup, [], 'fwd still mirrors live, so it cannot be deleted yet');
    assert.deepEqual(
      (emulator.source.cluster.topics.get('orders')?.partitions ?? []).map((p) => p.mirror?.state),
      ['MIRRORING', 'MIRRORING'],
    );
  });

  it('the text report ends with the cleanup and the epoch-war warning', async () => {
    // live fails over and back as well; then the old mirror on B can go.
    const stop = await runCli([
      'promote',
      'fwd',
      '-b',
      emulator.destination.bootstrap,
      '--topic',
      'live',
      '--quiet-period',
      '300ms',
      '--yes',
    ]);
    assert.equal(stop.code, 0, stop.stderr);
    const result = await failback('--topic', 'live', '--yes', '--timeout', '20s');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Failed back 1 topic\(s\): A mirrors them from B in mirror fwd-failback\.$/m);
    assert.match(result.stdout, /every mirror sync raises their leader epochs \(A.s partitions stayed MIRRORING/);
    assert.match(
      result.stdout,
      /^Clean up when B’s brokers can be restarted right after:\n {2}kmirror delete fwd -b \S+ --yes$/m,
      'not "now": the delete makes the topics producers write to read-only until a restart',
    );
    // The cleanup's own cost (§18): B's topics, the ones producers now write to, go read-only until B restarts.
    assert.match(
      result.stdout,
      joinedRegex(
        [
          /^Deleting mirror fwd on B makes its STOPPED topics, the ones producers write to now, refuse writes /,
          /\(READ_ONLY_TOPIC\) until B's brokers are restarted/,
        ],
        'm',
      ),
    );
    assert.match(result.stdout, /The safe order: keep the stopped mirror until a restart window/);
    await waitFor('live MIRRORING on A', () =>
      (emulator.source.cluster.topics.get('live')?.partitions ?? []).every((p) => p.mirror?.state === 'MIRRORING'),
    );
    assert.deepEqual(statesOf(emulator, 'live'), ['STOPPED']);
  });

  it(
    'kmirror check on either cluster flags the topics mirrored both ways, until the old mirror ' + 'is deleted',
    async () => {
      interface CheckJson {
        twoWay?: {
          topics: { topic: string; mirror: string; otherMirror: string; kind: string }[];
          unreachable: unknown[];
        };
      }
      const onB = await runCli(['check', '-b', emulator.destination.bootstrap, '--json']);
      const onA = await runCli(['check', '-b', emulator.source.bootstrap, '--json']);
      assert.equal(onB.code, 0, onB.stderr);
      assert.equal(onA.code, 0, onA.stderr);
      const b = jsonOf(onB) as CheckJson;
      const a = jsonOf(onA) as CheckJson;
      assertMatchesSchema('check', b);
      assert.deepEqual(
        b.twoWay?.topics.map((t) => [t.topic, t.mirror, t.otherMirror, t.kind]),
        [
          ['live', 'fwd', 'fwd-failback', 'epoch-war'],
          ['orders', 'fwd', 'fwd-failback', 'epoch-war'],
        ],
      );
      assert.deepEqual(
        a.twoWay?.topics.map((t) => [t.topic, t.mirror, t.otherMirror]),
        [
          ['live', 'fwd-failback', 'fwd'],
          ['orders', 'fwd-failback', 'fwd'],
        ],
      );
      const text = await runCli(['check', '-b', emulator.source.bootstrap]);
      assert.match(text.stdout, /^2 topic\(s\) mirrored both ways:$/m);
      assert.match(text.stdout, /leader-epoch war: its leader epoch is raised at every sync \(the mirroring side/);

      const cleanup = await runCli(['delete', 'fwd', '-b', emulator.destination.bootstrap, '--yes']);
      assert.equal(cleanup.code, 0, cleanup.stderr);
      const after = jsonOf(await runCli(['check', '-b', emulator.source.bootstrap, '--json'])) as CheckJson;
      assert.deepEqual(after.twoWay?.topics, []);
    },
  );
});
