// The small manifest oclif reads for a run that shows no help (scripts/run-manifest.mjs, bin/run.cjs): it
// must name the same commands with what oclif needs to find and start them, and only such runs may read it.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readManifest } from '../../src/lib/docs/generate.js';
import { REPO_ROOT, testEnv } from '../helpers/cli.js';

interface ManifestCommand {
  readonly id: string;
  readonly args?: Record<string, { name: string; description?: string }>;
  readonly flags?: Record<string, unknown>;
  readonly [key: string]: unknown;
}
interface Manifest {
  readonly version: string;
  readonly commands: Record<string, ManifestCommand>;
}
interface RunManifestScript {
  RUN_MANIFEST_PATH: string;
  runManifest(manifest: Manifest): Manifest;
}
const script = (await import(new URL('../../../scripts/run-manifest.mjs', import.meta.url).href)) as RunManifestScript;

const BIN = join(REPO_ROOT, 'bin', 'run.cjs');

describe('run manifest', () => {
  const whole = readManifest(REPO_ROOT) as unknown as Manifest;
  const small = JSON.parse(readFileSync(join(REPO_ROOT, script.RUN_MANIFEST_PATH), 'utf8')) as Manifest;

  it('the built one is runManifest() of the built oclif.manifest.json', () => {
    assert.deepEqual(small, script.runManifest(whole));
  });

  it('names every command, with the same version, arguments, strictness, aliases and summary; no flags', () => {
    assert.equal(small.version, whole.version);
    assert.deepEqual(Object.keys(small.commands), Object.keys(whole.commands));
    for (const [id, command] of Object.entries(whole.commands)) {
      const kept = small.commands[id]!;
      for (const key of ['id', 'strict', 'aliases', 'hiddenAliases', 'hidden', 'summary', 'pluginName', 'pluginType'])
        assert.deepEqual(kept[key], command[key], `${id} ${key}`);
      assert.deepEqual(Object.keys(kept.args ?? {}), Object.keys(command.args ?? {}), `${id} arguments`);
      assert.deepEqual(kept.flags, {}, `${id} flags`);
      assert.equal(kept.description, undefined, `${id} description`);
    }
    assert.ok(JSON.stringify(small).length * 10 < JSON.stringify(whole).length, 'a tenth of the whole one');
  });

  // oclif says which file it read under DEBUG=oclif:config:*; each of these is rejected before any request
  // (no such address), after oclif has found the command
  const cases: [string[], string][] = [
    [['list', '-b', 'no port'], script.RUN_MANIFEST_PATH],
    [['config', 'get', 'm1', '-b', 'no port'], script.RUN_MANIFEST_PATH],
    [['describe', 'm1', '-b', 'no port', '--', '--help'], script.RUN_MANIFEST_PATH],
    [['describe', 'm1', '-b', 'no port', '-h'], 'oclif.manifest.json'],
    [['config', 'get', '--help'], 'oclif.manifest.json'],
    [['help', 'describe'], 'oclif.manifest.json'],
    [['config'], 'oclif.manifest.json'],
    [['lst'], 'oclif.manifest.json'],
    [['-b', 'x', 'list'], 'oclif.manifest.json'],
    [['__complete', 'describe', ''], 'oclif.manifest.json'],
  ];
  for (const [argv, expected] of cases) {
    it(`kmirror ${argv.join(' ')}: oclif reads ${expected}`, () => {
      const result = spawnSync(process.execPath, [BIN, ...argv], {
        env: testEnv({ DEBUG: 'oclif:config:*' }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      const read = /using manifest from (\S+)/.exec(result.stderr)?.[1];
      assert.equal(read, join(REPO_ROOT, expected), result.stderr.slice(0, 2000));
    });
  }
});
