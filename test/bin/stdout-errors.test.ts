// A stdout that cannot be written (a full disk, a descriptor open only for reading) ends every command
// with one line on stderr and exit 1; a reader that went away (EPIPE) ends it quietly. Before, ENOSPC
// threw an uncaught exception: 78 KB of stderr, a minified bundle line and a stack trace.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { testEnv } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));

function runTo(stdout: number | 'pipe', args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: testEnv(), stdio: ['ignore', stdout, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    // The reader goes away at once: every write after the first meets EPIPE.
    child.stdout?.destroy();
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const COMMANDS = [['--version'], ['version'], ['--help'], ['describe', '--help'], ['version', '--json']];

describe('stdout write errors (/dev/full)', () => {
  for (const args of COMMANDS) {
    it(`${args.join(' ')} > /dev/full: one line on stderr, exit 1`, async () => {
      const full = openSync('/dev/full', 'w');
      try {
        const run = await runTo(full, args);
        assert.equal(run.code, 1, run.stderr);
        assert.equal(run.stderr, 'kmirror: cannot write the output to stdout: no space left on device (ENOSPC)\n');
      } finally {
        closeSync(full);
      }
    });
  }
});

describe('stdout not open for writing, or closed by its reader', () => {
  it('a descriptor open only for reading (EBADF): one line, exit 1', async () => {
    const readOnly = openSync(fileURLToPath(import.meta.url), 'r');
    try {
      const run = await runTo(readOnly, ['describe', '--help']);
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /^kmirror: cannot write the output to stdout: .*\(EBADF\)\n$/);
    } finally {
      closeSync(readOnly);
    }
  });

  it('a reader that went away (EPIPE) ends the help quietly', async () => {
    const run = await runTo('pipe', ['describe', '--help']);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
  });
});
