// The in-process runner must show what the real binary shows (same exit code, stdout and stderr to
// the byte) and leave nothing behind for the next call: env, exit code, colour level, signal
// listeners, stdin and registered secrets.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { coloursOn } from '../../src/lib/text/paint.js';
import { redactText } from '../../src/lib/connection/redact.js';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { type CliOptions, runCli as runBinary } from './cli.js';
import { runCli } from './in-process-cli.js';

describe('runCli in-process', () => {
  describe('shows what the real binary shows', () => {
    const cases: { what: string; args: string[]; options?: CliOptions; code: number }[] = [
      { what: 'an unknown command (oclif handle(), the command_not_found hook)', args: ['nope'], code: 2 },
      { what: 'a missing argument (usage, exit 2)', args: ['create'], code: 2 },
      { what: 'help', args: ['describe', '--help'], code: 0 },
      {
        what: 'a bad address as a JSON error chosen by KMIRROR_OUTPUT',
        args: ['list', '-b', 'no-port-here'],
        options: { env: { KMIRROR_OUTPUT: 'json' } },
        code: 2,
      },
      {
        what: 'a password read from stdin, then a refused connection (exit 1, at once)',
        args: ['check', '-b', '127.0.0.1:1', '--sasl-mechanism', 'plain', '--sasl-username', 'u'].concat([
          '--sasl-password-stdin',
          '--timeout',
          '1s',
          '--json',
        ]),
        options: { stdin: 'runner-secret-1\n' },
        code: 1,
      },
    ];
    for (const c of cases) {
      it(c.what, async () => {
        const spawned = await runBinary(c.args, c.options);
        const inProcess = await runCli(c.args, c.options);
        assert.equal(spawned.code, c.code, spawned.stderr);
        assert.deepEqual(inProcess, spawned);
      });
    }
  });

  describe('isolation between calls', () => {
    let emulator: EmulatedClusters;
    let disabled: EmulatedClusters;
    before(async () => {
      emulator = await startEmulatedClusters({ seed: 'in-process-cli', demoTopics: true, growthPerSec: 0 });
      disabled = await startEmulatedClusters({ seed: 'in-process-cli-off', mirroringDisabled: 'destination' });
    });
    after(async () => {
      await emulator.close();
      await disabled.close();
    });

    it('gives the call its own env (KMIRROR_* of the test process hidden) and restores the process env', async () => {
      const before = { ...process.env };
      process.env.KMIRROR_OUTPUT = 'yaml';
      try {
        const text = await runCli(['list', '-b', 'no-port-here']);
        assert.match(text.stderr, /^Error: /, 'the KMIRROR_OUTPUT of the test process is not seen');
        const json = await runCli(['list', '-b', 'no-port-here'], { env: { KMIRROR_OUTPUT: 'json' } });
        assert.equal(json.stderr, '');
        assert.match(json.stdout, /^\{/);
        assert.equal(process.env.KMIRROR_OUTPUT, 'yaml');
      } finally {
        delete process.env.KMIRROR_OUTPUT;
      }
      assert.deepEqual({ ...process.env }, before);
    });

    it('reads an exit code set without a throw, then clears it (check on a disabled cluster: 4)', async () => {
      // The test runner itself sets process.exitCode when a test fails: compare with the value before.
      const exitCode = process.exitCode;
      const result = await runCli(['check', '-b', disabled.destination.bootstrap, '--json']);
      assert.equal(result.code, 4, result.stderr);
      assert.equal(process.exitCode, exitCode);
      const next = await runCli(['list', '-b', emulator.destination.bootstrap, '--json']);
      assert.equal(next.code, 0, next.stderr);
    });

    it('restores the colour level after --color', async () => {
      const before = coloursOn();
      const result = await runCli(['list', '-b', 'no-port-here', '--color']);
      assert.equal(result.code, 2);
      // eslint-disable-next-line no-control-regex
      assert.match(result.stderr, /\u001b\[/, 'coloured during the call');
      assert.equal(coloursOn(), before);
    });

    it('leaves no signal listener behind (describe --watch ended by its --timeout)', async () => {
      const sigint = process.listenerCount('SIGINT');
      const sigterm = process.listenerCount('SIGTERM');
      const result = await runCli(
        ['describe', '-b', emulator.destination.bootstrap, '--watch'].concat(['--interval', '0.2', '--timeout', '1s']),
      );
      assert.equal(result.code, 124, result.stderr);
      assert.equal(process.listenerCount('SIGINT'), sigint);
      assert.equal(process.listenerCount('SIGTERM'), sigterm);
    });

    it('forgets the secrets a call registered, and gives each call its own stdin', async () => {
      const password = 'runner-secret-2';
      const args = ['check', '-b', '127.0.0.1:1', '--sasl-mechanism', 'plain', '--sasl-username', 'u'].concat([
        '--sasl-password-stdin',
        '--timeout',
        '1s',
      ]);
      const read = await runCli(args, { stdin: `${password}\n` });
      assert.equal(read.code, 1, read.stderr);
      assert.equal(redactText(`x ${password} y`), `x ${password} y`, 'no longer registered');
      const empty = await runCli(args);
      assert.equal(empty.code, 2, 'the previous stdin is not read again');
      assert.match(empty.stderr, /stdin/);
    });

    it('runs calls made together one after the other, each with its own output', async () => {
      const [a, b] = await Promise.all([
        runCli(['list', '-b', emulator.destination.bootstrap, '--json']),
        runCli(['list', '-b', 'no-port-here', '--json']),
      ]);
      assert.equal(a.code, 0, a.stderr);
      assert.doesNotThrow(() => JSON.parse(a.stdout) as unknown);
      assert.equal(b.code, 2);
      assert.match(b.stdout, /"exitCode": 2/);
    });
  });
});
