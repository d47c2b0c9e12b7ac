// The mirror-loop guard where topics start by filter (issue 30): `create --include` and a `config set`
// that grows mirror.topics.include refuse (exit 2) when the source mirrors a matching topic from this
// cluster, before anything is sent; --allow-mirror-loop sends anyway. (add-topics: add-topics-guards.)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { ErrorJson } from './topic-actions-setup.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { loopingEmulator } from './mirror-loop-setup.js';
import { deadPort } from '../helpers/dead-port.js';

describe('the mirror-loop guard of create --include and config set', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await loopingEmulator('mirror-loop-guards');
  });
  after(async () => emulator.close());

  const create = (name: string, ...args: string[]) =>
    runCli(
      ['create', name, '-b', emulator.destination.bootstrap, '--source-bootstrap', emulator.source.bootstrap].concat(
        args,
      ),
    );

  it('create --include matching a topic the source mirrors from here: exit 2, nothing created', async () => {
    const result = await create('by-pattern', '--include', 'pay.*', '--yes', '--json');
    assert.equal(result.code, 2, result.stderr);
    const { error } = jsonOf(result) as ErrorJson;
    assert.match(error.message, /starting payments in mirror 'by-pattern' makes a mirror loop/);
    assert.match(error.hint ?? '', /mirror 'back' on the source cluster/);
    assert.equal(emulator.destination.cluster.mirrors.exists('by-pattern'), false);

    const other = await create('no-loop', '--include', 'orders.*', '--yes', '--json');
    assert.equal(other.code, 0, other.stderr);
    const doc = jsonOf(other);
    assertMatchesSchema('create', doc);
    assert.deepEqual((doc as { loopCheck: unknown }).loopCheck, {
      made: true,
      notMadeReason: null,
      loops: [],
      overridden: false,
    });
  });

  it('create --include --allow-mirror-loop creates it and warns', async () => {
    const result = await create('allowed', '--include', 'payments', '--yes', '--allow-mirror-loop');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /makes a mirror loop.*sending anyway \(--allow-mirror-loop\)/s);
    assert.equal(emulator.destination.cluster.mirrors.exists('allowed'), true);
  });

  it('config set growing mirror.topics.include: exit 2 (also with --dry-run), the include list unchanged', async () => {
    for (const extra of [[], ['--dry-run']]) {
      const result = await runCli(
        [
          'config',
          'set',
          'fwd',
          'mirror.topics.include=payments',
          '-b',
          emulator.destination.bootstrap,
          '--yes',
        ].concat(extra),
      );
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /starting payments in mirror 'fwd' makes a mirror loop/);
    }
    assert.equal(emulator.destination.cluster.mirrors.config('fwd', 'mirror.topics.include'), undefined);
    const shrink = await runCli([
      'config',
      'set',
      'fwd',
      'mirror.topics.include=',
      '-b',
      emulator.destination.bootstrap,
    ]);
    assert.notEqual(shrink.code, 2, 'a change that starts nothing is not checked');
  });

  it('a source that does not answer: the change goes on, saying the loop check was not made', async () => {
    const dead = `127.0.0.1:${await deadPort()}`;
    const result = await runCli([
      'config',
      'set',
      'fwd',
      `bootstrap.servers=${dead}`,
      'mirror.topics.include=payments',
      '-b',
      emulator.destination.bootstrap,
      '--force',
      '--yes',
      '--json',
    ]);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as { loopCheck: { made: boolean; notMadeReason: string | null } };
    assert.equal(doc.loopCheck.made, false);
    assert.ok(doc.loopCheck.notMadeReason);
  });
});
