// bin/run.cjs runs a command that shows no help without oclif's Config.load (src/lib/cli/startup/direct-run.ts). Each
// command line here runs both ways, the second through oclif's whole run (any DEBUG setting chooses it, so
// oclif's own debug output stays as it was): same exit code, same stdout, same stderr. NODE_DEBUG=kmirror says
// which way a run went, and whether it read a field of the configuration that the direct run does not make.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { REPO_ROOT, runCli, testEnv, type CliResult } from '../helpers/cli.js';
import { createMirror, startTopics, waitFor } from '../commands/describe-setup.js';

const TRACE = /^KMIRROR \d+: (.*)\n/gm;

interface Run extends CliResult {
  /** NODE_DEBUG=kmirror's lines, without the code cache's. */
  readonly trace: string[];
}

async function run(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  const result = await runCli(args, { env: { NODE_DEBUG: 'kmirror', ...env } });
  const trace = [...result.stderr.matchAll(TRACE)].map((m) => m[1] ?? '').filter((l) => !l.startsWith('code cache'));
  return { ...result, stderr: result.stderr.replace(TRACE, ''), trace };
}

describe('a direct run (no oclif configuration loaded)', () => {
  let emulator: EmulatedClusters;
  let b: string;
  before(async () => {
    emulator = await startEmulatedClusters({
      timing: INSTANT_START,
      seed: 'direct',
      demoTopics: true,
      growthPerSec: 0,
    });
    b = emulator.destination.bootstrap;
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders']);
    // both runs of a line must see the same mirror: wait until it has caught up and stays so (no growth)
    await waitFor('m1 caught up', async () => {
      const result = await runCli(['describe', 'm1', '--json', '-b', b]);
      const summary = (JSON.parse(result.stdout) as { mirrors: { summary: { totalLag: number; states: object } }[] })
        .mirrors[0]?.summary;
      return summary?.totalLag === 0 && Object.keys(summary.states).join() === 'MIRRORING';
    });
  });
  after(async () => {
    await emulator.close();
  });

  const lines = (): { args: string[]; direct: boolean }[] => [
    ...[
      ['list', '--json', '-b', b],
      ['list', '-b', b],
      ['describe', 'm1', '--json', '-b', b],
      ['describe', 'm1', '--partitions', '-b', b],
      ['describe', 'm1', '-o', 'yaml', '-b', b],
      ['describe', 'nope', '-b', b],
      ['describe', 'm1', '--sort', 'bogus', '-b', b],
      ['describe', '--bogus'],
      ['describe', 'm1', '--json', '--bogus'],
      ['config', 'get', 'm1', '-b', b],
      ['config:get', 'm1', '--json', '-b', b],
      ['config', 'get', '-b', b],
      ['check', '-b', b],
      ['check', '-b', b, '--color'],
      ['list', '-b', '127.0.0.1:1', '--timeout', '2s'],
      ['list', '-b'],
      ['version'],
      ['version', '--json'],
      ['profile', 'list', '--json'],
      ['pause', 'm1', '--topic', 'orders', '--dry-run', '-b', b],
      ['list', '--json', '-b', b, '--', 'extra'],
    ].map((args) => ({ args, direct: true })),
    // oclif's own run: an unknown word after a command without arguments (command_not_found), help, a topic
    ...[['list', 'extra', '-b', b], ['config'], ['describe', '--help'], ['help', 'list'], ['nosuch']].map((args) => ({
      args,
      direct: false,
    })),
  ];

  it('gives what oclif’s whole run gives, for every command line', async () => {
    for (const { args, direct } of lines()) {
      const line = args.join(' ');
      const fast = await run(args);
      const whole = await run(args, { DEBUG: '' });
      assert.equal(
        fast.trace.some((t) => t.startsWith('direct run of ')),
        direct,
        line,
      );
      assert.ok(!whole.trace.some((t) => t.startsWith('direct run')), line);
      assert.deepEqual(
        fast.trace.filter((t) => t.includes('does not hold')),
        [],
        `${line}: the direct run read a field it does not make`,
      );
      assert.equal(fast.code, whole.code, `${line}: exit code\n${fast.stderr}\n${whole.stderr}`);
      assert.equal(fast.stdout, whole.stdout, `${line}: stdout`);
      assert.equal(fast.stderr, whole.stderr, `${line}: stderr`);
    }
  });

  it('leaves a run with DEBUG, --debug or KMIRROR_DEBUG to oclif', async () => {
    for (const [args, env] of [
      [['list', '--json', '-b', b], { DEBUG: 'nothing-that-matches' }],
      [['list', '--json', '-b', b, '--debug'], {}],
      [['list', '--json', '-b', b], { KMIRROR_DEBUG: '1' }],
    ] as const) {
      const result = await run(args, env);
      assert.equal(result.code, 0, result.stderr);
      assert.ok(!result.trace.some((t) => t.startsWith('direct run')), `${args.join(' ')} ${JSON.stringify(env)}`);
    }
  });

  it('is not taken for a package whose oclif settings it was not written for', () => {
    // a copy of the installed layout (bin, bundle, package.json) with one more oclif setting than kmirror's
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-direct-'));
    try {
      cpSync(join(REPO_ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
      cpSync(join(REPO_ROOT, 'dist', 'bundle'), join(dir, 'dist', 'bundle'), { recursive: true });
      symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
      const pjson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { oclif: object };
      const version = (oclif: object) => {
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pjson, oclif }));
        const result = spawnSync(process.execPath, [join(dir, 'bin', 'run.cjs'), 'version', '--json'], {
          env: testEnv({ NODE_DEBUG: 'kmirror' }),
          encoding: 'utf8',
        });
        assert.equal(result.status, 0, result.stderr);
        return result.stderr.includes('direct run of version');
      };
      assert.equal(version(pjson.oclif), true, 'the copy as it is');
      assert.equal(version({ ...pjson.oclif, exitCodes: { default: 3 } }), false, 'with exit codes');
      assert.equal(version({ ...pjson.oclif, hooks: { prerun: './x.js' } }), false, 'with a prerun hook');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
