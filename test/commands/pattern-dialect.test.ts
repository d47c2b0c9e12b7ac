// One pattern dialect end to end: every flag that takes a regex reads it as Java does (inline flags
// included), and what cannot be translated is refused with exit 2 before any request.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';

describe('patterns are Java regexes everywhere', () => {
  let emulator: EmulatedClusters;
  let dst = '';
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'pattern-dialect',
      growthPerSec: 0,
      timing: INSTANT_START,
      demoTopics: [
        { name: 'orders-eu', partitions: 1, initialOffset: 10n },
        { name: 'orders-us', partitions: 1, initialOffset: 10n },
        { name: 'payments', partitions: 1, initialOffset: 10n },
      ],
    });
    dst = emulator.destination.bootstrap;
    const created = await runCli(['create', 'm1', '-b', dst, '--source-bootstrap', emulator.source.bootstrap]);
    assert.equal(created.code, 0, created.stderr);
  });
  after(async () => emulator.close());

  it("add-topics --pattern '(?i)ORDERS-.*' selects what the broker would, without a warning", async () => {
    const dry = await runCli(['add-topics', 'm1', '-b', dst, '--pattern', '(?i)ORDERS-.*', '--dry-run', '--json']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.equal(dry.stderr, '');
    const doc = jsonOf(dry) as { added: { topic: string }[] };
    assert.deepEqual(
      doc.added.map((a) => a.topic),
      ['orders-eu', 'orders-us'],
    );
    const added = await runCli(['add-topics', 'm1', '-b', dst, '--pattern', '(?i)ORDERS-.*', '--yes']);
    assert.equal(added.code, 0, added.stderr);
    assert.equal(emulator.destination.cluster.topics.get('orders-us')?.mirror?.name, 'm1');
  });

  it('describe --topic-pattern takes Java syntax too: (?i) and \\Q…\\E', async () => {
    const result = await runCli(['describe', 'm1', '-b', dst, '--topic-pattern', '(?i)\\QORDERS-\\E(eu|x)', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as { mirrors: { topics: { name: string }[] }[] };
    assert.deepEqual(
      doc.mirrors[0]?.topics.map((t) => t.name),
      ['orders-eu'],
    );
  });

  it('what Java refuses, or what cannot be matched exactly, is exit 2 before any request', async () => {
    const dead = '127.0.0.1:1';
    for (const args of [
      ['describe', 'm1', '-b', dead, '--topic-pattern', '(a)\\1'],
      ['describe', 'm1', '-b', dead, '--topic-pattern', 'a**'],
      ['add-topics', 'm1', '-b', dead, '--pattern', '\\p{InGreek}.*'],
      ['pause', 'm1', '-b', dead, '--pattern', '(?iu)orders'],
      ['create', 'm2', '-b', dead, '--source-bootstrap', dead, '--include', '(?>(a*?)*)x'],
      ['config', 'set', 'm1', '-b', dead, 'mirror.topics.include=orders-\\X'],
      ['groups', 'm1', '-b', dead, '--group-pattern', '(?>(a*?)*)x'],
      ['groups', 'm1', '-b', dead, '--group-pattern', '(?<a_b>x)'],
      ['promote', 'm1', '-b', dead, '--topic', 'orders', '--group-pattern', '(?<a_b>x)', '--yes'],
      ['promote', 'm1', '-b', dead, '--pattern', 'a**', '--yes'],
      ['failback', 'm1', '-b', dead, '--to', dead, '--pattern', '(a)\\1', '--yes'],
    ]) {
      const result = await runCli([...args, '--timeout', '30s']);
      assert.equal(result.code, 2, `${args.join(' ')}\n${result.stderr}`);
      assert.match(result.stderr, /not a valid Java regular expression|cannot be matched (by kmirror )?exactly/);
      assert.doesNotMatch(result.stderr, /refused the connection/, 'refused before connecting');
    }
  });
});
