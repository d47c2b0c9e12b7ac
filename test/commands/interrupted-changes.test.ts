// Issue 32 item 2: Ctrl-C or SIGTERM while a change is unanswered. The first signal is answered at once
// (what kmirror does now), the state is read back, the outcome reported, and the exit code is 130
// (SIGINT) or 143 (SIGTERM); a second signal exits at once naming what is unknown. Before, the process
// died with no output although the change may have been applied. Signals need a process: the binary.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { testEnv } from '../helpers/cli.js';
import { createMirror } from './describe-setup.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));

describe('a state change interrupted before its answer', () => {
  let emulator: EmulatedClusters;
  /** Called when a destination broker receives StartMirrorTopics. */
  let onStart: () => void = () => undefined;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'interrupted-changes',
      destination: { nodes: 1 },
      growthPerSec: 0,
      demoTopics: [{ name: 'orders', partitions: 1, initialOffset: 1n }],
      onWire: (event) => {
        if (event.direction === 'request' && event.apiName === 'StartMirrorTopics') onStart();
      },
    });
    createMirror(emulator, 'm1');
  });
  after(async () => emulator.close());

  /** add-topics, with StartMirrorTopics held unanswered; `signals` are sent once the broker has it. */
  function interruptedAddTopics(
    signals: NodeJS.Signals[],
    extra: string[] = [],
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const node = emulator.destination.nodes[0];
    assert.ok(node);
    const rule = node.faults.delay('StartMirrorTopics', 60_000);
    return new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [BIN, 'add-topics', 'm1', '--topic', 'orders', '-b', emulator.destination.bootstrap, ...extra],
        { env: testEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        // The second signal goes once the first one has been answered.
        if (signals.length === 2 && stderr.includes('received') && signals[1]) {
          child.kill(signals[1]);
          signals.pop();
        }
      });
      onStart = () => child.kill(signals[0]);
      const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(killer);
        rule.remove();
        onStart = () => undefined;
        resolve({ code, stdout, stderr });
      });
    });
  }

  it('SIGINT: says at once it reads the state back, reports the outcome, exits 130', async () => {
    const run = await interruptedAddTopics(['SIGINT']);
    assert.equal(run.code, 130, run.stderr);
    assert.match(run.stderr, /SIGINT received: StartMirrorTopics was sent to .* reading the state back/);
    assert.match(run.stderr, /interrupted by SIGINT: .*shows it was not applied/);
  });

  it('SIGTERM with --json: the error document says so, exit 143', async () => {
    const run = await interruptedAddTopics(['SIGTERM'], ['--json']);
    assert.equal(run.code, 143, run.stderr);
    const doc = JSON.parse(run.stdout) as { error: { exitCode: number; message: string }; warnings: string[] };
    assert.equal(doc.error.exitCode, 143);
    assert.match(doc.error.message, /^interrupted by SIGTERM: /);
    assert.ok(doc.warnings.some((w) => w.startsWith('SIGTERM received')));
  });

  it('a second signal exits at once after one line naming what is unknown', async () => {
    const run = await interruptedAddTopics(['SIGINT', 'SIGINT']);
    assert.equal(run.code, 130, run.stderr);
    assert.match(
      run.stderr,
      /SIGINT again: exiting now; whether StartMirrorTopics \(sent to .*\) was applied is unknown\n$/,
    );
  });
});
