// bin/run.js and Node's module compile cache: on where the running Node has it (≥ 22.1), off on request,
// harmless where it cannot be written, absent on Node 20. The cache tests need a Node that has the cache:
// this one, or a Node 22/24 installed by scripts/install-node.ts (.ci/run installs them before the suite).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { installedNodes } from '../../scripts/node-tools.js';
import { testEnv } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../../bin/run.js', import.meta.url));
// Rejected before any request, yet loads oclif and our compiled command modules: both should be cached.
const ARGS = ['list', '-b', 'no port'];
const hasCompileCache = 'enableCompileCache' in module;
const scratch = mkdtempSync(join(tmpdir(), 'kmirror-compile-cache-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

let dirs = 0;
function freshDir(): string {
  const dir = join(scratch, String(++dirs));
  mkdirSync(dir);
  return dir;
}

function run(node: string, env: Record<string, string | undefined>, cwd?: string) {
  const result = spawnSync(node, [BIN, ...ARGS], { env: testEnv(env), encoding: 'utf8', cwd, timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Files below dir, recursively (empty when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** A Node that has module.enableCompileCache, or a failure under CI and a visible skip elsewhere. */
function cachingNode(t: TestContext): string | undefined {
  if (hasCompileCache) return process.execPath;
  const newer = installedNodes().at(-1);
  if (newer) return newer.path;
  const why = 'no Node ≥ 22 here: `node dist/scripts/install-node.js 22 24` installs one (npm registry)';
  if (process.env.CI) assert.fail(`${why}; CI must install it before the unit suite`);
  t.skip(why);
  return undefined;
}

describe('bin/run.js compile cache', () => {
  it('a second run reads what the first wrote (oclif and our compiled commands)', (t) => {
    const node = cachingNode(t);
    if (!node) return;
    const xdg = freshDir();
    const env = { XDG_CACHE_HOME: xdg, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' };
    const first = run(node, env);
    const second = run(node, env);
    assert.equal(first.code, 2, first.stderr);
    assert.equal(second.code, 2, second.stderr);
    assert.ok(filesUnder(join(xdg, 'kmirror', 'compile-cache')).length > 0, 'first run wrote no cache files');
    const accepted = (stderr: string, file: RegExp) =>
      stderr.split('\n').some((line) => file.test(line) && /was accepted/.test(line));
    const ours = /dist\/src\/commands\/list\.js/;
    const oclif = /@oclif\/core\/lib\/index\.js/;
    assert.ok(!accepted(first.stderr, ours), 'the first run cannot have found a cache');
    assert.ok(accepted(second.stderr, ours), `second run did not use the cache for list.js:\n${second.stderr}`);
    assert.ok(accepted(second.stderr, oclif), 'second run did not use the cache for @oclif/core');
  });

  it('falls back to ~/.cache/kmirror when XDG_CACHE_HOME is unset or not absolute', (t) => {
    const node = cachingNode(t);
    if (!node) return;
    const home = freshDir();
    const cwd = freshDir();
    const result = run(node, { HOME: home, XDG_CACHE_HOME: 'relative-cache' }, cwd);
    assert.equal(result.code, 2, result.stderr);
    assert.ok(filesUnder(join(home, '.cache', 'kmirror', 'compile-cache')).length > 0, 'nothing under ~/.cache');
    assert.deepEqual(readdirSync(cwd), [], 'a relative XDG_CACHE_HOME must not be used');
  });

  it('KMIRROR_NO_COMPILE_CACHE=1 turns it off', (t) => {
    const node = cachingNode(t);
    if (!node) return;
    const xdg = freshDir();
    const result = run(node, { XDG_CACHE_HOME: xdg, KMIRROR_NO_COMPILE_CACHE: '1' });
    assert.equal(result.code, 2, result.stderr);
    assert.deepEqual(filesUnder(xdg), []);
  });

  it('a cache directory that cannot be created changes nothing the user sees', (t) => {
    const node = cachingNode(t);
    if (!node) return;
    const blocker = join(scratch, 'a-file');
    writeFileSync(blocker, 'not a directory');
    const cached = run(node, { XDG_CACHE_HOME: blocker });
    const plain = run(node, { KMIRROR_NO_COMPILE_CACHE: '1' });
    assert.deepEqual(cached, plain);
    assert.match(cached.stderr, /is not host:port/);
  });

  it('on a Node without module.enableCompileCache (20), runs as before and writes no cache', (t) => {
    if (hasCompileCache) {
      t.skip(`Node ${process.version} has the compile cache; the suite's Node 20 run covers this`);
      return;
    }
    const xdg = freshDir();
    const result = run(process.execPath, { XDG_CACHE_HOME: xdg });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /is not host:port/);
    assert.deepEqual(filesUnder(xdg), []);
  });
});
