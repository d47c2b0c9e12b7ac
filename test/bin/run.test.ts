// bin/run.cjs and its compile caches: the bundle's code cache (bin/code-cache.cjs) on every Node, Node's own
// module compile cache where the running Node has it (≥ 22.1); off on request, harmless where it cannot be
// written. The tests of Node's cache need a Node that has it: this one, or a Node 22/24 installed by
// scripts/install-node.ts (.ci/run installs them before the suite).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { installedNodes } from '../../scripts/node-tools.js';
import { testEnv } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));
// Rejected before any request, yet loads the bundle (oclif and our commands): it should be cached.
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

function run(node: string, env: Record<string, string | undefined>, cwd?: string, bin = BIN) {
  const result = spawnSync(node, [bin, ...ARGS], { env: testEnv(env), encoding: 'utf8', cwd, timeout: 60_000 });
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

/** What bin/code-cache.cjs did with the bundle's cache in one run (NODE_DEBUG=kmirror), in order. */
function codeCacheEvents(stderr: string): string[] {
  return [...stderr.matchAll(/code cache \S+kmirror-v[^ ]+\.v8: (\w+)/g)].map((m) => m[1] ?? '');
}

describe('bin/run.cjs compile cache', () => {
  it('the bundle: the first run writes its compiled code, the second runs from it (any Node)', () => {
    const xdg = freshDir();
    const env = { XDG_CACHE_HOME: xdg, NODE_DEBUG: 'kmirror' };
    const first = run(process.execPath, env);
    const second = run(process.execPath, env);
    assert.equal(first.code, 2, first.stderr);
    assert.equal(second.code, 2, second.stderr);
    assert.deepEqual(codeCacheEvents(first.stderr), ['none', 'written']);
    assert.deepEqual(codeCacheEvents(second.stderr), ['accepted']);
    const files = filesUnder(join(xdg, 'kmirror', 'compile-cache')).filter((f) => f.endsWith('.v8'));
    assert.equal(files.length, 1, files.join(', '));
    assert.equal(second.stdout, first.stdout);
    assert.equal(second.stderr.replace(/^KMIRROR \d+:.*\n/gm, ''), first.stderr.replace(/^KMIRROR \d+:.*\n/gm, ''));
  });

  it('the cache directory stays within 8 MB: writing a cache removes the oldest files, never the new one', () => {
    const xdg = freshDir();
    const dir = join(xdg, 'kmirror', 'compile-cache');
    mkdirSync(join(dir, 'node-own'), { recursive: true });
    const old = Array.from({ length: 9 }, (_, i) => join(i % 2 === 0 ? dir : join(dir, 'node-own'), `old-${i}.bin`));
    for (const [i, file] of old.entries()) {
      writeFileSync(file, Buffer.alloc(1024 * 1024));
      const at = new Date(Date.UTC(2026, 0, 1 + i));
      utimesSync(file, at, at);
    }
    const first = run(process.execPath, { XDG_CACHE_HOME: xdg, NODE_DEBUG: 'kmirror' });
    assert.deepEqual(codeCacheEvents(first.stderr), ['none', 'written']);
    const left = filesUnder(dir);
    const total = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
    assert.ok(total <= 8 * 1024 * 1024, `${total} bytes left`);
    assert.ok(
      left.some((f) => f.endsWith('.v8')),
      'the cache just written is kept',
    );
    assert.ok(!left.includes('old-0.bin'), 'the oldest file went first');
    assert.ok(left.includes('old-8.bin'), 'the newest old file stays');
  });

  it('the bundle: code that V8 rejects (damaged) is compiled afresh and written again, output unchanged', () => {
    const xdg = freshDir();
    const env = { XDG_CACHE_HOME: xdg, NODE_DEBUG: 'kmirror' };
    const first = run(process.execPath, env);
    const dir = join(xdg, 'kmirror', 'compile-cache');
    const [file] = filesUnder(dir).filter((f) => f.endsWith('.v8'));
    assert.ok(file, 'first run wrote no code cache');
    writeFileSync(join(dir, file), Buffer.alloc(statSync(join(dir, file)).size, 7));
    const damaged = run(process.execPath, env);
    assert.deepEqual(codeCacheEvents(damaged.stderr), ['rejected', 'written']);
    assert.equal(damaged.code, first.code);
    assert.equal(damaged.stdout, first.stdout);
    assert.deepEqual(codeCacheEvents(run(process.execPath, env).stderr), ['accepted']);
  });

  it('one cache per command: what a help run compiled is not what the next command runs from', () => {
    const env = { XDG_CACHE_HOME: freshDir(), NODE_DEBUG: 'kmirror' };
    const events = (args: string[]) =>
      codeCacheEvents(spawnSync(process.execPath, [BIN, ...args], { env: testEnv(env), encoding: 'utf8' }).stderr);
    const help = ['describe', '--help'];
    assert.deepEqual(
      [events(help), events(ARGS)],
      [
        ['none', 'written'],
        ['none', 'written'],
      ],
    );
    assert.deepEqual([events(ARGS), events(help), events(['help'])], [['accepted'], ['accepted'], ['accepted']]);
    const files = filesUnder(join(env.XDG_CACHE_HOME, 'kmirror', 'compile-cache')).filter((f) => f.endsWith('.v8'));
    assert.deepEqual(files.map((f) => /-(help|list)-\d+-\d+\.v8$/.exec(f)?.[1]).sort(), ['help', 'list']);
  });

  it('two installs (global and npx, two checkouts) keep a cache each instead of replacing each other', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const install = () => {
      const dir = freshDir();
      for (const sub of ['bin', join('dist', 'bundle')]) mkdirSync(join(dir, sub), { recursive: true });
      for (const file of ['package.json', 'oclif.manifest.json', join('dist', 'bundle', 'kmirror.cjs')])
        copyFileSync(join(root, file), join(dir, file));
      for (const file of readdirSync(join(root, 'bin')).filter((f) => f.endsWith('.cjs')))
        copyFileSync(join(root, 'bin', file), join(dir, 'bin', file));
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
      return join(dir, 'bin', 'run.cjs');
    };
    const [a, b] = [install(), install()];
    const env = { XDG_CACHE_HOME: freshDir(), NODE_DEBUG: 'kmirror' };
    const events = (bin: string) => codeCacheEvents(run(process.execPath, env, undefined, bin).stderr);
    assert.deepEqual(
      [events(a), events(b)],
      [
        ['none', 'written'],
        ['none', 'written'],
      ],
    );
    assert.deepEqual([events(a), events(b), events(a)], [['accepted'], ['accepted'], ['accepted']]);
  });

  it("Node's own cache (≥ 22.1): a second run reads what the first wrote", (t) => {
    const node = cachingNode(t);
    if (!node) return;
    const xdg = freshDir();
    const env = { XDG_CACHE_HOME: xdg, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' };
    const first = run(node, env);
    const second = run(node, env);
    assert.equal(first.code, 2, first.stderr);
    assert.equal(second.code, 2, second.stderr);
    assert.ok(filesUnder(join(xdg, 'kmirror', 'compile-cache')).length > 1, 'first run wrote no Node cache files');
    const accepted = (stderr: string, file: RegExp) =>
      stderr.split('\n').some((line) => file.test(line) && /was accepted/.test(line));
    const loader = /bin\/code-cache\.cjs/;
    assert.ok(!accepted(first.stderr, loader), 'the first run cannot have found a cache');
    assert.ok(accepted(second.stderr, loader), `the second run did not use code-cache.cjs's cache:\n${second.stderr}`);
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

  it("on a Node without module.enableCompileCache (20), writes the bundle's code cache and nothing else", (t) => {
    if (hasCompileCache) {
      t.skip(`Node ${process.version} has the compile cache; the suite's Node 20 run covers this`);
      return;
    }
    const xdg = freshDir();
    const result = run(process.execPath, { XDG_CACHE_HOME: xdg });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /is not host:port/);
    const files = filesUnder(xdg);
    assert.equal(files.length, 1, files.join(', '));
    assert.match(files[0] ?? '', /^kmirror-v20\.[\d.]+-\w+-[0-9a-z]+-list-\d+-\d+\.v8$/);
  });
});

describe('bin/run.cjs --debug', () => {
  it("stack traces name our sources' functions and lines (the bundle's source map), not its short names", () => {
    const result = spawnSync(process.execPath, [BIN, ...ARGS, '--debug'], { env: testEnv(), encoding: 'utf8' });
    assert.equal(result.status, 2, result.stderr);
    assert.match(
      result.stderr,
      /at parseBootstrapServers \(.*src[\\/]lib[\\/]connection[\\/]bootstrap-servers\.ts:\d+/,
    );
    const quiet = spawnSync(process.execPath, [BIN, ...ARGS], { env: testEnv(), encoding: 'utf8' });
    assert.doesNotMatch(quiet.stderr, /\n\s+at /, 'no stack trace without --debug');
  });
});

describe('bin/run.cjs configuration', () => {
  it('oclif loads its configuration once per run (Command.run does not load it again)', () => {
    // DEBUG=oclif:config says "config done" at the end of each load
    const result = spawnSync(process.execPath, [BIN, ...ARGS], {
      env: testEnv({ DEBUG: 'oclif:config*' }),
      encoding: 'utf8',
    });
    assert.equal(result.status, 2, result.stderr);
    assert.equal(result.stderr.match(/config done/g)?.length, 1, result.stderr);
  });
});

describe('bin/code-cache.cjs readSource', () => {
  const { readSource } = createRequire(import.meta.url)('../../../bin/code-cache.cjs') as {
    readSource: (file: string) => string;
  };

  it('reads a file as UTF-8 would, wherever its non-ASCII characters are', () => {
    const texts = [
      'plain ascii only',
      '\u009b at the start',
      'at the end \u009b',
      'mixed é, × and … and 😀 and /[\u001b\u009b]/ between ASCII',
      '€€€ runs €€ of é',
      '',
    ];
    for (const [i, text] of texts.entries()) {
      const file = join(scratch, `source-${i}.js`);
      writeFileSync(file, text, 'utf8');
      assert.equal(readSource(file), text, JSON.stringify(text));
      assert.equal(readSource(file), readFileSync(file, 'utf8'));
    }
  });
});
