// scripts/bundle.mjs: the bundle's command registry (oclif's explicit strategy) is generated from the
// files in src/commands/, with the ids oclif's pattern strategy would give them, so a command file
// added there is in the bundle, the manifest and the help with nothing else to edit.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { describe, it } from 'node:test';
import { SeededRandom } from '../../src/lib/emulator/state/random.js';
import { REPO_ROOT } from '../helpers/cli.js';

interface BundleScript {
  commandId(file: string): string;
  entrySource(): string;
}
interface BundlePatches {
  escapeNonAscii(code: string): string;
  compareCommandIds(a: string, b: string): number;
  patchDependency(path: string, code: string): string;
  lazyRequires(code: string): string;
}
const script = (await import(new URL('../../../scripts/bundle.mjs', import.meta.url).href)) as BundleScript;
const patches = (await import(new URL('../../../scripts/bundle-patches.mjs', import.meta.url).href)) as BundlePatches;

/** Ids of the compiled command modules, as oclif's pattern strategy names them (its own glob, not ours). */
function patternIds(): string[] {
  const dir = join(REPO_ROOT, 'dist', 'src', 'commands');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) =>
      f
        .replace(/\.js$/, '')
        .split(sep)
        .join(':')
        .replace(/:?index$/, ''),
    )
    .sort();
}

describe('scripts/bundle.mjs', () => {
  it('names command files as oclif does: topic/name.ts → topic:name, topic/index.ts → topic', () => {
    const commands = join(REPO_ROOT, 'src', 'commands');
    assert.equal(script.commandId(join(commands, 'list.ts')), 'list');
    assert.equal(script.commandId(join(commands, 'config', 'get.ts')), 'config:get');
    assert.equal(script.commandId(join(commands, 'groups', 'index.ts')), 'groups');
    assert.equal(script.commandId(join(commands, 'a', 'b', 'c.ts')), 'a:b:c');
  });

  it('the built bundle exports every command of src/commands, and the manifest lists exactly those', () => {
    const bundle = createRequire(import.meta.url)(join(REPO_ROOT, 'dist', 'bundle', 'kmirror.cjs')) as {
      COMMANDS: Record<string, { run?: unknown }>;
    };
    const ids = Object.keys(bundle.COMMANDS).sort();
    assert.deepEqual(ids, patternIds());
    for (const id of ids) assert.equal(typeof bundle.COMMANDS[id]?.run, 'function', id);
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'oclif.manifest.json'), 'utf8')) as {
      commands: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(manifest.commands).sort(), ids);
  });

  it('imports each command file once, from the generated entry (no list kept by hand)', () => {
    const entry = script.entrySource();
    const files = readdirSync(join(REPO_ROOT, 'src', 'commands'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    );
    for (const file of files) {
      const path = relative(REPO_ROOT, join(REPO_ROOT, 'src', 'commands', file))
        .split(sep)
        .join('/');
      assert.equal(entry.split(`require('./${path}')`).length - 1, 1, path);
    }
  });

  it('evaluates a command only when oclif asks for it, and only what that command imports', () => {
    const probe = [
      "const loaded = (name) => process.moduleLoadList.includes('NativeModule ' + name);",
      'const b = require(process.argv[1]);',
      "const seen = { bundle: ['net', 'tls'].filter(loaded) };",
      "seen.check = typeof b.COMMANDS.check.run === 'function' && ['net', 'tls'].filter(loaded);",
      "seen.playground = typeof b.COMMANDS.playground.run === 'function' && ['net', 'tls'].filter(loaded);",
      'process.stdout.write(JSON.stringify(seen));',
    ].join('\n');
    const bundle = join(REPO_ROOT, 'dist', 'bundle', 'kmirror.cjs');
    const result = spawnSync(process.execPath, ['-e', probe, bundle], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    // nothing of a command's before it is asked for; check connects (net) in plaintext here, so no TLS;
    // the playground's emulator serves TLS
    assert.deepEqual(JSON.parse(result.stdout), { bundle: [], check: ['net'], playground: ['net', 'tls'] });
  });

  it('a plaintext check loads none of node:tls, crypto, perf_hooks, fs/promises (kafkajs, oclif, ours: on use)', () => {
    // a preloaded probe (`node -e` itself loads node:crypto), reporting the built-ins loaded when the run ends
    const probe = join(mkdtempSync(join(tmpdir(), 'kmirror-builtins-')), 'probe.cjs');
    writeFileSync(
      probe,
      [
        "const loaded = (name) => process.moduleLoadList.includes('NativeModule ' + name);",
        "const seen = () => JSON.stringify(['tls', 'crypto', 'perf_hooks', 'fs/promises', 'tty'].filter(loaded));",
        "process.on('exit', () => process.stderr.write('\\n' + seen()));",
      ].join('\n'),
    );
    const bin = join(REPO_ROOT, 'bin', 'run.cjs');
    const run = (...argv: string[]) => spawnSync(process.execPath, ['-r', probe, bin, ...argv], { encoding: 'utf8' });
    const loadedBy = (result: ReturnType<typeof run>): unknown =>
      JSON.parse(result.stderr.trim().split('\n').at(-1) ?? '');
    const refused = run('check', '-b', '127.0.0.1:1', '--timeout', '2s');
    // the colours of a run to a pipe: no chalk (it loads node:tty), here in a run that succeeds (a failure ends in
    // oclif's error handler, whose own colour check loads node:tty)
    const version = run('version', '--json');
    rmSync(dirname(probe), { recursive: true, force: true });
    assert.equal(refused.status, 1, refused.stderr);
    assert.match(refused.stderr, /refused the connection/);
    assert.deepEqual(loadedBy(refused), ['tty']);
    assert.equal(version.status, 0, version.stderr);
    assert.deepEqual(loadedBy(version), []);
  });

  it('the bundle and the manifest are ASCII, and escaping keeps what each character means', () => {
    // the bundle and the manifest oclif reads at every start (scripts/manifest-ascii.mjs)
    const manifests = [join(REPO_ROOT, 'oclif.manifest.json'), join(REPO_ROOT, 'dist', 'bundle', 'run-manifest.json')];
    for (const file of [join(REPO_ROOT, 'dist', 'bundle', 'kmirror.cjs'), ...manifests]) {
      const bytes = readFileSync(file);
      assert.equal(
        bytes.findIndex((byte) => byte > 0x7f),
        -1,
        file,
      );
    }
    const cases: [string, string][] = [
      ["'a…b'", "'a\\u2026b'"],
      ["'😀'", "'\\ud83d\\ude00'"],
      ["'\\…'", "'\\u2026'"], // an identity escape: the backslash goes
      ["'\\\\…'", "'\\\\\\u2026'"], // an escaped backslash stays
      ['/[\\x1b\u009b]/', '/[\\x1b\\u009b]/'],
    ];
    for (const [source, escaped] of cases) {
      assert.equal(patches.escapeNonAscii(source), escaped, source);
      const value = new Function(`return ${source};`)() as unknown;
      const again = new Function(`return ${escaped};`)() as unknown;
      if (value instanceof RegExp && again instanceof RegExp) {
        for (const text of ['\x1b', '\u009b', 'x']) assert.equal(again.test(text), value.test(text), text);
      } else assert.equal(again, value, source);
    }
    for (const regex of ['/😀/u', '/[😀]/u', '/^.$/u'])
      assert.equal(
        new Function(`return ${patches.escapeNonAscii(regex)};`)().test('😀'),
        new Function(`return ${regex};`)().test('😀'),
        regex,
      );
  });

  it("orders command ids as oclif's localeCompare does, without building ICU's collator", () => {
    const sign = (n: number) => Math.sign(n);
    const alphabet = '_-:0123456789abcdefghijklmnopqrstuvwxyz';
    const seeded = new SeededRandom(12345);
    const random = () => seeded.next();
    const id = () =>
      Array.from({ length: Math.floor(random() * 6) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let i = 0; i < 20_000; i++) {
      const [a, b] = [id(), id()];
      assert.equal(sign(patches.compareCommandIds(a, b)), sign(a.localeCompare(b)), `${a} vs ${b}`);
    }
    // outside that alphabet it is localeCompare itself
    for (const [a, b] of [
      ['Check', 'check'],
      ['é', 'e'],
      ['a.b', 'a b'],
    ] as const)
      assert.equal(patches.compareCommandIds(a, b), a.localeCompare(b));
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'oclif.manifest.json'), 'utf8')) as {
      commands: Record<string, unknown>;
    };
    const ids = Object.keys(manifest.commands);
    assert.deepEqual(
      [...ids].sort(patches.compareCommandIds),
      [...ids].sort((a, b) => a.localeCompare(b)),
    );
  });

  it("oclif's modules require each import on first use, once, and run as before", () => {
    const source = [
      '"use strict";',
      'var __importDefault = (this && this.__importDefault) || function (mod) {',
      '    return (mod && mod.__esModule) ? mod : { "default": mod };',
      '};',
      'const base_1 = require("./base");',
      'const dep_1 = __importDefault(require("dep"));',
      'var help_1 = require("./help");',
      'Object.defineProperty(exports, "Help", { enumerable: true, get: function () { return help_1.Help; } });',
      'class Child extends base_1.Base {}',
      'exports.Child = Child;',
      'exports.make = () => new dep_1.default("x");',
      'exports.text = "base_1.Base, dep_1";',
      'exports.sum = (0, base_1.add)(1, 2);',
    ].join('\n');
    const modules: Record<string, unknown> = {
      './base': { Base: class {}, add: (a: number, b: number) => a + b },
      dep: class {
        constructor(readonly v: string) {}
      },
      './help': { Help: 'help' },
    };
    const loaded: string[] = [];
    const exports: Record<string, unknown> = {};
    const lazy = patches.lazyRequires(source);
    assert.match(lazy, /function dep_1__load\(\)/);
    new Function('exports', 'require', lazy)(exports, (id: string) => (loaded.push(id), modules[id]));
    assert.deepEqual(loaded, ['./base'], 'what the module body uses loads as it runs, the rest waits');
    assert.equal(exports.sum, 3);
    assert.equal((exports.make as () => { v: string })().v, 'x');
    assert.equal(exports.Help, 'help');
    (exports.make as () => unknown)();
    assert.deepEqual(loaded, ['./base', 'dep', './help'], 'each once');
    assert.equal(exports.text, 'base_1.Base, dep_1', 'strings are not code');
  });

  it("refuses to build when oclif's code no longer holds the text a patch replaces", () => {
    const plugin = join(REPO_ROOT, 'node_modules', '@oclif', 'core', 'lib', 'config', 'plugin.js');
    const patched = patches.patchDependency(plugin, readFileSync(plugin, 'utf8'));
    assert.match(patched, /\.sort\(\(a, b\) => __kmirrorCompareIds\(a\.id, b\.id\)\)/);
    assert.doesNotMatch(patched, /a\.id\.localeCompare/);
    assert.throws(() => patches.patchDependency(plugin, 'commands.sort((a, b) => a.id < b.id)'), /dependency changed/);
    const logger = join(REPO_ROOT, 'node_modules', '@oclif', 'core', 'lib', 'logger.js');
    assert.match(patches.patchDependency(logger, readFileSync(logger, 'utf8')), /if \(process\.env\.DEBUG\)/);
    assert.throws(() => patches.patchDependency(logger, 'const debug = require("debug");'), /dependency changed/);
  });

  it("oclif's debug output still comes with DEBUG, and only then (its logger loads `debug` on demand)", () => {
    const bin = join(REPO_ROOT, 'bin', 'run.cjs');
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, [bin, 'version'], { encoding: 'utf8', env: { ...process.env, ...env } });
    const traced = run({ DEBUG: 'oclif:*' });
    assert.equal(traced.status, 0, traced.stderr);
    assert.match(traced.stderr, /oclif:config/);
    const quiet = run({ DEBUG: '' });
    assert.equal(quiet.status, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
  });
});
