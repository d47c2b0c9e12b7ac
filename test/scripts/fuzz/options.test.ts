import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FUZZ_USAGE, parseFuzzArgs } from '../../../scripts/fuzz/options.js';
import { runProgram, testEnv } from '../../helpers/cli.js';

const FUZZ = fileURLToPath(new URL('../../../scripts/fuzz.js', import.meta.url));
const seed = (): number => 42;

describe('npm run fuzz command line', () => {
  it('--help and -h ask for the usage, wherever they stand', () => {
    for (const argv of [['--help'], ['-h'], ['--ci', '--help'], ['--seed', '3', '-h']])
      assert.deepEqual(parseFuzzArgs(argv, seed), { kind: 'help' }, argv.join(' '));
  });

  it('reads the run options, with the CI defaults under --ci', () => {
    assert.deepEqual(parseFuzzArgs(['--ci', '--seed', '7'], seed), {
      kind: 'run',
      options: { ci: true, seed: 7, framesPerApi: 2000, runs: 50, timeoutMs: 2000, parallel: 2 },
    });
    const full = parseFuzzArgs([], seed);
    assert.equal(full.kind === 'run' && full.options.framesPerApi, 1_000_000);
    assert.equal(full.kind === 'run' && full.options.seed, 42);
  });

  it('refuses an unknown option or a value that is not a whole number', () => {
    assert.deepEqual(parseFuzzArgs(['--fast'], seed), { kind: 'bad', message: 'unknown option --fast' });
    assert.equal(parseFuzzArgs(['--runs', 'many'], seed).kind, 'bad');
    assert.equal(parseFuzzArgs(['--runs'], seed).kind, 'bad');
  });

  it('the script prints the usage for --help and runs nothing', async () => {
    // Before, --help was ignored and the full run (about nine minutes) started: killed here long before.
    const run = await runProgram(process.execPath, [FUZZ, '--help'], { env: testEnv(), killAfterMs: 30_000 });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `${FUZZ_USAGE}\n`);
  });
});
