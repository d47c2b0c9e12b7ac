// `kmirror --version` prints oclif's user agent line (bin/run.cjs leaves it to oclif); other first words are commands.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { Config } from '@oclif/core';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));

describe('kmirror --version', () => {
  it('prints oclif’s user agent, whatever follows the flag', async () => {
    const config = await Config.load(ROOT);
    for (const argv of [['--version'], ['--version', 'list']]) {
      const run = spawnSync(process.execPath, [BIN, ...argv], { encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout, `${config.userAgent}\n`);
      assert.equal(run.stderr, '');
    }
  });

  it('leaves other first arguments to oclif (after a command, --version is an unknown flag)', () => {
    const run = spawnSync(process.execPath, [BIN, 'list', '--version'], { encoding: 'utf8' });
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /Nonexistent flag: --version/);
  });
});
