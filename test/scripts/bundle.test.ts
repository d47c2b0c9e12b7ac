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
import { REPO_ROOT } from '../helpers/cli.js';

interface BundleScript {
  commandId(file: string): string;
  entrySource(): string;
}
const script = (await import(new URL('../../../scripts/bundle.mjs', import.meta.url).href)) as BundleScript;

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

  it('node:tls and node:crypto load only when a run needs them: kafkajs with a connection, tls for a TLS one', () => {
    // a preloaded probe (`node -e` itself loads node:crypto), reporting the built-ins loaded when the run ends
    const probe = join(mkdtempSync(join(tmpdir(), 'kmirror-builtins-')), 'probe.cjs');
    writeFileSync(
      probe,
      [
        "const loaded = (name) => process.moduleLoadList.includes('NativeModule ' + name);",
        "process.on('exit', () => process.stderr.write('\\n' + JSON.stringify(['tls', 'crypto'].filter(loaded))));",
      ].join('\n'),
    );
    const bin = join(REPO_ROOT, 'bin', 'run.cjs');
    const run = (...argv: string[]) => spawnSync(process.execPath, ['-r', probe, bin, ...argv], { encoding: 'utf8' });
    const loadedBy = (result: ReturnType<typeof run>): unknown =>
      JSON.parse(result.stderr.trim().split('\n').at(-1) ?? '');
    const version = run('version', '--json');
    const refused = run('check', '-b', '127.0.0.1:1', '--timeout', '2s');
    rmSync(dirname(probe), { recursive: true, force: true });
    assert.equal(version.status, 0, version.stderr);
    assert.deepEqual(loadedBy(version), []);
    assert.equal(refused.status, 1, refused.stderr);
    assert.match(refused.stderr, /refused the connection/);
    // kafkajs's SCRAM module loads node:crypto with its connection module; our socket factory loads no node:tls
    assert.deepEqual(loadedBy(refused), ['crypto']);
  });

  it("oclif's debug output comes with DEBUG, and only then", () => {
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
