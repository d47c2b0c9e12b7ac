// scripts/bundle.mjs: the bundle's command registry (oclif's explicit strategy) is generated from the
// files in src/commands/, with the ids oclif's pattern strategy would give them, so a command file
// added there is in the bundle, the manifest and the help with nothing else to edit.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
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
      assert.equal(entry.split(`from './${path}'`).length - 1, 1, path);
    }
  });
});
