// Output to a slow or vanishing reader, through the real binary (only a process shows how it ends).
// A reader that waits longer than any drain timeout still gets every byte and exit 0 (oclif's flush
// used to give up after 10 s with a stack trace); a reader that closes early ends kmirror quietly.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { type CliResult, runCli, testEnv } from '../helpers/cli.js';
import { createMirror, engineStates, startTopics, waitFor } from './describe-setup.js';

const TOPICS = 20;
const PARTITIONS = 150;
/** Longer than oclif's 10 s flush, the one fixed drain timeout kmirror had. */
const SLOW_READER_SECONDS = 12;
const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));

/**
 * kmirror with its stdout in a real pipe to `reader` (a shell command), as `kmirror … | reader` in
 * a terminal; the result holds kmirror's own exit code and stderr, and what the reader printed.
 * (runCli's stdout is a socket pair, which Node writes to synchronously: it would not show the bug.)
 */
function runPiped(args: readonly string[], reader: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const script = `"$0" "$@" | (${reader}); exit "\${PIPESTATUS[0]}"`;
    const child = spawn('bash', ['-c', script, process.execPath, BIN, ...args], {
      env: testEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 290_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out).toString(), stderr });
    });
  });
}

describe('output to slow and early-closing readers (spawned kmirror)', () => {
  let emulator: EmulatedClusters;
  // Long names make wide table rows: both views then overflow the pipe and socket buffers many times.
  const names = Array.from({ length: TOPICS }, (_, i) => `t${String(i).padStart(2, '0')}-${'x'.repeat(180)}`);
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'backpressure',
      growthPerSec: 0,
      timing: INSTANT_START,
      demoTopics: names.map((name) => ({ name, partitions: PARTITIONS, initialOffset: 1000n })),
    });
    createMirror(emulator, 'big');
    startTopics(emulator, 'big', names);
    await waitFor(
      'every partition MIRRORING',
      () => names.every((name) => engineStates(emulator, name).every((s) => s === 'MIRRORING')),
      60_000,
    );
  });
  after(async () => {
    await emulator.close();
  });
  const args = (extra: string[]) => ['describe', 'big', '-b', emulator.destination.bootstrap, ...extra];
  // --timeout 300s: a loaded machine's describe of 3,000 partitions outlasted the default 30 s in a CI run.
  const describeBig = (extra: string[]) => runCli(args([...extra, '--timeout', '300s']), { killAfterMs: 290_000 });

  it('a reader slower than any timeout gets the whole --json and --partitions, byte for byte, exit 0', async () => {
    // The same views read at once first: what the slow reader must receive.
    const fastJson = await describeBig(['--json']);
    const fastTable = await describeBig(['--partitions']);
    assert.equal(fastJson.code, 0, `${fastJson.stderr}${fastJson.stdout.slice(-600)}`);
    assert.equal(fastTable.code, 0, `${fastTable.stderr}${fastTable.stdout.slice(-600)}`);
    // Large enough to fill the pipe and both stream buffers many times over.
    assert.ok(fastJson.stdout.length > 700_000, `${fastJson.stdout.length} bytes of JSON`);
    assert.ok(fastTable.stdout.length > 600_000, `${fastTable.stdout.length} bytes of table`);
    assert.equal(fastTable.stdout.split('\n').length, TOPICS * PARTITIONS + 2); // header, rows, final newline

    // The reader outwaits oclif's 10 s flush; --timeout is raised so that a loaded machine's slow describe of
    // 3,000 partitions plus the reader's wait cannot run into the command's own budget instead.
    const [slowJson, slowTable] = await Promise.all([
      runPiped(args(['--json', '--timeout', '300s']), `sleep ${SLOW_READER_SECONDS}; cat`),
      runPiped(args(['--partitions', '--timeout', '300s']), `sleep ${SLOW_READER_SECONDS}; cat`),
    ]);
    for (const [slow, fast] of [
      [slowJson, fastJson],
      [slowTable, fastTable],
    ] as const) {
      assert.equal(slow.stderr, '');
      // On a failure, the end of what arrived says why (a cut JSON document ends with its `error`).
      assert.equal(slow.code, 0, slow.stdout.slice(-600));
      assert.ok(slow.stdout === fast.stdout, `${slow.stdout.length} bytes received, ${fast.stdout.length} expected`);
    }
  });

  it('a reader that closes early (| head) ends kmirror with exit 0 and nothing on stderr', async () => {
    const [json, table] = await Promise.all([
      runPiped(args(['--json']), 'head -c 100'),
      runPiped(args(['--partitions']), 'head -n 1'),
    ]);
    for (const closed of [json, table]) {
      assert.equal(closed.stderr, '');
      assert.equal(closed.code, 0);
    }
    assert.equal(json.stdout.length, 100);
    assert.match(json.stdout, /^\{\n {2}"schemaVersion": 1,\n {2}"mirrors": \[/);
    assert.match(table.stdout, /^MIRROR +TOPIC +PARTITION/);
  });
});
