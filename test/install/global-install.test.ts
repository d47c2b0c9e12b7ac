// What an operator gets from the package: `npm pack`, then `npm install -g` of the tarball into a
// clean prefix (dependencies from the npm cache), then the installed `kmirror` on PATH, its man
// pages through `man`, and the JSON Schemas inside the package. No update notice, neither from the
// installed command nor from the build (oclif's own CLI checks the registry for a newer oclif).

import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { REPO_ROOT, runProgram, testEnv } from '../helpers/cli.js';

const HOOK_TIMEOUT = 300_000;

function show(run: SpawnSyncReturns<string>): string {
  return `exit ${String(run.status)}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
}

describe('npm pack, npm install -g into a clean prefix', () => {
  let dir = '';
  let prefix = '';
  let env: Record<string, string> = {};
  let emulator: EmulatedClusters;
  /** The installed command, run asynchronously: the emulator it talks to lives in this process. */
  const kmirror = async (args: readonly string[]): Promise<SpawnSyncReturns<string>> => {
    const run = await runProgram('kmirror', args, { env, cwd: dir });
    return { pid: 0, output: [], stdout: run.stdout, stderr: run.stderr, status: run.code, signal: null };
  };

  before(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'kmirror-install-'));
      prefix = join(dir, 'prefix');
      const packed = spawnSync('npm', ['pack', '--pack-destination', dir, '--json'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      });
      assert.equal(packed.status, 0, show(packed));
      const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
      // Dependencies come from the npm cache (what `npm ci` left there); only a miss asks the registry.
      const installed = spawnSync(
        'npm',
        ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', join(dir, filename)],
        { cwd: dir, encoding: 'utf8', env: testEnv() },
      );
      assert.equal(installed.status, 0, show(installed));
      // A PATH holding the prefix and the system, not the repository's node_modules/.bin.
      env = testEnv({
        PATH: [
          join(prefix, 'bin'),
          ...(process.env.PATH ?? '').split(':').filter((p) => !p.includes('node_modules')),
        ].join(':'),
        MANPATH: undefined,
        MANPAGER: 'cat',
        PAGER: 'cat',
        MANWIDTH: '100',
      });
      emulator = await startEmulatedClusters({ seed: 'install', growthPerSec: 0 });
    },
    { timeout: HOOK_TIMEOUT },
  );
  after(async () => {
    await emulator?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('kmirror is on PATH and works: --version, help, a command against a cluster; nothing on stderr', async () => {
    const which = spawnSync('sh', ['-c', 'command -v kmirror'], { encoding: 'utf8', env });
    assert.equal(which.stdout.trim(), join(prefix, 'bin', 'kmirror'));
    const version = await kmirror(['--version']);
    assert.equal(version.status, 0, show(version));
    assert.match(version.stdout, /^kmirror\/0\.1\.0 linux-\w+ node-v\d+/);
    const help = await kmirror(['--help']);
    assert.equal(help.status, 0, show(help));
    assert.match(help.stdout, /Command-line admin tool for Kafka Cluster Mirroring/);
    const list = await kmirror(['list', '-b', emulator.destination.bootstrap, '--json']);
    assert.equal(list.status, 0, show(list));
    assert.equal(list.stderr, '', 'no update notice or other noise');
    for (const run of [version, help]) assert.doesNotMatch(run.stderr, /update available/);
  });

  it('man kmirror and man kmirror-describe find the installed pages', () => {
    for (const page of ['kmirror', 'kmirror-describe']) {
      const where = spawnSync('man', ['-w', page], { encoding: 'utf8', env });
      assert.equal(where.status, 0, show(where));
      assert.ok(where.stdout.trim().startsWith(prefix), `${page} is the installed page: ${where.stdout}`);
      const text = spawnSync('man', [page], { encoding: 'utf8', env });
      assert.equal(text.status, 0, show(text));
      assert.match(text.stdout, new RegExp(`^NAME\\s+${page} - `, 'm'));
    }
    const linked = readdirSync(join(prefix, 'share', 'man', 'man1'));
    assert.deepEqual(linked.sort(), readdirSync(join(REPO_ROOT, 'man')).sort(), 'every page is linked into share/man');
  });

  it('the JSON Schemas are in the package, the same files as schemas/, and the README names where', () => {
    const installedSchemas = join(prefix, 'lib', 'node_modules', 'kmirror', 'schemas');
    const shipped = readdirSync(installedSchemas).sort();
    assert.deepEqual(shipped, readdirSync(join(REPO_ROOT, 'schemas')).sort());
    assert.ok(shipped.includes('kmirror-describe.schema.json'));
    for (const file of shipped)
      assert.equal(
        readFileSync(join(installedSchemas, file), 'utf8'),
        readFileSync(join(REPO_ROOT, 'schemas', file), 'utf8'),
      );
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    assert.match(readme, /\$\(npm root -g\)\/kmirror\/schemas\//);
  });

  it('npm run build prints no "update available" notice, even when oclif knows of a newer release', () => {
    // oclif's update check reads <cache>/oclif/version; a newer "latest" there is what makes it warn.
    const cache = join(dir, 'cache');
    mkdirSync(join(cache, 'oclif'), { recursive: true });
    writeFileSync(join(cache, 'oclif', 'version'), JSON.stringify({ latest: '99.0.0' }));
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: testEnv({ XDG_CACHE_HOME: cache }),
      timeout: 240_000,
    });
    assert.equal(build.status, 0, show(build));
    assert.doesNotMatch(`${build.stdout}${build.stderr}`, /update available/i);
  });
});
