// Shell completion end to end: the scripts `kmirror completion bash|zsh|fish` print, loaded into the
// real shells, asking the real binary (`kmirror` on PATH) about an emulated cluster: commands, flags,
// mirror names, topic names after --topic (the source's for add-topics), file names, and the cluster
// of the active profile when no -b is typed.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { type CliResult, runProgram } from '../helpers/cli.js';
import { runCli, testEnv } from '../helpers/in-process-cli.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));
const has = (shell: string): boolean => spawnSync(shell, ['-c', 'true']).status === 0;
// The shells come from Debian (scripts/install-client-tools.sh); missing ones fail in CI and skip elsewhere.
const skipWithout = (shell: string): string | false =>
  !has(shell) && !process.env.CI ? `${shell} is not installed (apt-get install -y ${shell})` : false;

/** Runs a shell script asynchronously (the emulator it reaches lives in this process). */
function shell(program: string, args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return runProgram(program, args, { env, killAfterMs: 30_000 });
}

describe('shell completion', () => {
  let emulator: EmulatedClusters;
  let dir = '';
  let env: Record<string, string> = {};
  let dst = '';
  let silent: Server;
  let silentAddress = '';
  const held = new Set<Socket>();

  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'completion', growthPerSec: 0, demoTopics: true });
    dst = emulator.destination.bootstrap;
    dir = mkdtempSync(join(tmpdir(), 'kmirror-completion-'));
    // `kmirror` on PATH, as an installed one would be: the scripts call it by name.
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'kmirror'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(dir, 'bin', 'kmirror'), 0o755);
    mkdirSync(join(dir, 'files'));
    for (const name of ['topics-eu.txt', 'topics-us.txt', 'other.txt']) writeFileSync(join(dir, 'files', name), '');
    env = testEnv({ PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`, XDG_CONFIG_HOME: join(dir, 'config') });
    for (const [mirror, topics] of [
      ['eu-orders', 'orders'],
      ['eu-payments', 'payments'],
    ] as const) {
      const created = await runCli(['create', mirror, '-b', dst, '--source-bootstrap', emulator.source.bootstrap]);
      assert.equal(created.code, 0, created.stderr);
      const added = await runCli(['add-topics', mirror, '-b', dst, '--topic', topics]);
      assert.equal(added.code, 0, added.stderr);
    }
    // A broker that accepts and never answers: completion must give up on it quickly.
    silent = createServer((socket) => {
      held.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    silentAddress = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** COMPREPLY of the bash function for `line` (the cursor at its end). */
  async function bash(line: string, extraEnv: Record<string, string> = {}): Promise<string[]> {
    const script = [
      'source <(kmirror completion bash)',
      // As readline sets them: the line, the cursor, the words (split at blanks here; readline also splits at
      // ':' and '=', which is why the function hands kmirror the line, not the words).
      `COMP_LINE=${JSON.stringify(line)}`,
      'COMP_POINT=${#COMP_LINE}',
      'read -r -a COMP_WORDS <<< "$COMP_LINE"',
      '[[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")',
      'COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))',
      '_kmirror_complete',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const run = await shell('bash', ['-c', script], { ...env, ...extraEnv });
    assert.equal(run.code, 0, run.stderr);
    return run.stdout.split('\n').filter((l) => l !== '');
  }

  it('bash: the script is what `kmirror completion bash` prints, and it passes bash -n', () => {
    const printed = spawnSync(process.execPath, [BIN, 'completion', 'bash'], { encoding: 'utf8', env });
    assert.equal(printed.status, 0, printed.stderr);
    assert.match(printed.stdout, /^complete -F _kmirror_complete kmirror$/m);
    const check = spawnSync('bash', ['-n'], { input: printed.stdout, encoding: 'utf8' });
    assert.equal(check.status, 0, check.stderr);
  });

  it('bash: command names, the words of a command group, and flags', async () => {
    assert.deepEqual(await bash('kmirror de'), ['delete', 'describe']);
    assert.deepEqual(await bash('kmirror config '), ['get', 'set']);
    assert.deepEqual(await bash('kmirror describe --to'), ['--topic', '--topic-pattern']);
    assert.deepEqual(await bash('kmirror describe -o '), ['table', 'wide', 'json', 'yaml']);
    assert.deepEqual(await bash('kmirror completion '), ['bash', 'zsh', 'fish']);
  });

  it('bash: mirror names from the cluster of -b, even as host:port (which bash splits into words)', async () => {
    assert.deepEqual(await bash(`kmirror describe -b ${dst} `), ['eu-orders', 'eu-payments']);
    assert.deepEqual(await bash(`kmirror pause -b ${dst} eu-o`), ['eu-orders']);
  });

  it(
    'bash: topic names after --topic: the mirror’s own for pause, the source’s not yet mirrored ' + 'for add-topics',
    async () => {
      assert.deepEqual(await bash(`kmirror pause eu-orders -b ${dst} --topic `), ['orders']);
      assert.deepEqual(await bash(`kmirror add-topics eu-orders -b ${dst} --topic `), ['inventory', 'payments']);
      assert.deepEqual(await bash(`kmirror describe -b ${dst} --topic `), ['orders', 'payments']);
    },
  );

  it('bash: file names after a flag that takes a file', async () => {
    assert.deepEqual(await bash(`kmirror add-topics eu-orders --topics-file ${join(dir, 'files', 'topics-')}`), [
      join(dir, 'files', 'topics-eu.txt'),
      join(dir, 'files', 'topics-us.txt'),
    ]);
  });

  it(
    'bash: the active profile’s cluster when no -b is typed; an unreachable cluster gives no ' + 'names, quickly',
    async () => {
      const home = join(dir, 'config-profile');
      const created = await runCli(['profile', 'create', 'play', '-b', dst], { env: { XDG_CONFIG_HOME: home } });
      assert.equal(created.code, 0, created.stderr);
      assert.equal((await runCli(['profile', 'use', 'play'], { env: { XDG_CONFIG_HOME: home } })).code, 0);
      assert.deepEqual(await bash('kmirror describe ', { XDG_CONFIG_HOME: home }), ['eu-orders', 'eu-payments']);
      const started = Date.now();
      assert.deepEqual(await bash(`kmirror describe -b ${silentAddress} `), []);
      // Not an assertion on speed: the 2 s budget, not the 30 s default, ended the lookup.
      assert.ok(Date.now() - started < 25_000, 'the lookup gave up long before the command timeout');
      assert.deepEqual(await bash(`kmirror describe -b ${silentAddress} --st`), ['--state']);
    },
  );

  it('zsh: values and descriptions through compadd', { skip: skipWithout('zsh') }, async () => {
    // compadd and _files are zsh's completion builtins; stand-ins print what the function hands them.
    const script = [
      'source <(kmirror completion zsh)',
      'compadd() { local -a d; while [[ $1 != -- ]]; do [[ $1 == -d ]] && { d=(${(P)2}); shift; }; shift; done; shift;',
      '  print -rl -- "$@"; print -rl -- "${d[@]}" >&2 }',
      '_files() { print -r -- FILES }',
      'words=(kmirror describe -b $DST ""); CURRENT=5; _kmirror',
      'words=(kmirror des); CURRENT=2; _kmirror',
      'words=(kmirror add-topics m1 --topics-file ""); CURRENT=5; _kmirror',
    ].join('\n');
    const run = await shell('zsh', ['-f', '-c', script], { ...env, DST: dst });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').filter(Boolean), ['eu-orders', 'eu-payments', 'describe', 'FILES']);
    assert.match(run.stderr, /^describe {2}-- Show the partitions of cluster mirrors/m);
  });

  it('fish: its own completion engine (complete -C) on the loaded script', { skip: skipWithout('fish') }, async () => {
    const script = [
      'kmirror completion fish | source',
      `complete -C "kmirror describe -b ${dst} "`,
      'complete -C "kmirror con"',
      `complete -C "kmirror pause eu-payments -b ${dst} --topic "`,
    ].join('; ');
    const run = await shell('fish', ['--no-config', '-c', script], env);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').filter(Boolean), [
      'eu-orders',
      'eu-payments',
      "config\tRead and change a mirror's configuration (config resource type 64)",
      'payments',
    ]);
  });
});
