// Issue 33 item 8: the words operators bring (failover, status, rm, ls, …) point to the command that does it;
// describe takes -t/-p like the other commands; a mistyped mirror name suggests the close one.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { runCli } from '../helpers/in-process-cli.js';

describe('the words operators bring', () => {
  let emulator: EmulatedClusters;
  let dst: string;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'operator-words',
      growthPerSec: 0,
      timing: INSTANT_START,
      demoTopics: [{ name: 'orders-eu', partitions: 1, initialOffset: 5n }],
    });
    dst = emulator.destination.bootstrap;
    const created = await runCli(['create', 'demo', '-b', dst, '--source-bootstrap', emulator.source.bootstrap]);
    assert.equal(created.code, 0, created.stderr);
    const added = await runCli(['add-topics', 'demo', '-b', dst, '--topic', 'orders-eu']);
    assert.equal(added.code, 0, added.stderr);
  });
  after(async () => emulator.close());

  for (const [word, points] of [
    ['failover', /'remove-topics' stops mirroring at once.*'promote' stops once nothing is left/],
    ['status', /'list' shows one row per mirror; 'describe'/],
    ['rm', /'remove-topics' .*'delete' deletes a mirror/],
    ['stop', /'remove-topics' .*'pause'/],
    ['link', /'create' makes a mirror/],
  ] as const) {
    it(`kmirror ${word}: not a command, and the hint names the one that does it`, async () => {
      const result = await runCli([word, 'demo']);
      assert.equal(result.code, 2);
      assert.match(result.stderr, new RegExp(`^Error: '${word}' is not a kmirror command$`, 'm'));
      assert.match(result.stderr, points);
    });
  }

  it('ls is list', async () => {
    const ls = await runCli(['ls', '-b', dst]);
    assert.equal(ls.code, 0, ls.stderr);
    // The same table: the same column names (the row's states and lag may move between the two runs, and with
    // them the columns' widths).
    const list = await runCli(['list', '-b', dst]);
    const header = (stdout: string) => (stdout.split('\n')[0] ?? '').split(/ +/);
    assert.deepEqual(header(ls.stdout), header(list.stdout));
    assert.match(ls.stdout, /^demo +1 +1 /m);
  });

  it('describe -t and -p are --topic and --topic-pattern', async () => {
    for (const flag of ['-t', '-p']) {
      const result = await runCli(['describe', 'demo', '-b', dst, flag, flag === '-t' ? 'orders-eu' : 'orders-.*']);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /orders-eu/);
    }
  });

  it("mirror 'dem' not found suggests demo; a name close to none keeps the plain hint", async () => {
    const close = await runCli(['describe', 'dem', '-b', dst]);
    assert.equal(close.code, 6, close.stderr);
    assert.match(close.stderr, /^Error: mirror 'dem' not found$/m);
    assert.match(close.stderr, /^Hint: did you mean 'demo'\?/m);
    const far = await runCli(['pause', 'zzzzzzzz', '-b', dst, '--topic', 'x']);
    assert.equal(far.code, 6, far.stderr);
    assert.doesNotMatch(far.stderr, /did you mean/);
  });
});
