// `npm run demo` is the README's main job: it must run to the end on the embedded default and show
// the real CLI output of every step, with lag falling between the describes.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { testEnv } from '../helpers/cli.js';

const DEMO = fileURLToPath(new URL('../../scripts/demo.js', import.meta.url));
const DEMO_TIMEOUT_MS = 120_000;

interface DemoRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let child: ReturnType<typeof spawn> | undefined;
after(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function runDemo(): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    const demo = spawn(process.execPath, [DEMO], { env: testEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    child = demo;
    let stdout = '';
    let stderr = '';
    demo.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    demo.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // SIGTERM first so the demo stops its clusters and children; a hang is a failure, not a wait.
    const timer = setTimeout(() => demo.kill('SIGTERM'), DEMO_TIMEOUT_MS);
    demo.on('error', reject);
    demo.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The output of each `$ kmirror <command>` step, by command line. */
function steps(stdout: string): { line: string; output: string }[] {
  return stdout
    .split(/^\$ /m)
    .slice(1)
    .map((chunk) => {
      const newline = chunk.indexOf('\n');
      return { line: chunk.slice(0, newline), output: chunk.slice(newline + 1) };
    });
}

describe('npm run demo (dist/scripts/demo.js)', () => {
  it(
    'runs check, create, add-topics, describe (lag falling) and list against its own ' + 'playground, and exits 0',
    async () => {
      const run = await runDemo();
      const context = `exit ${String(run.code)}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
      assert.equal(run.code, 0, context);

      const ran = steps(run.stdout);
      const lines = ran.map((s) => s.line);
      const destination = /^destination: +(\S+)$/m.exec(run.stdout)?.[1];
      const source = /^source: +(\S+)/m.exec(run.stdout)?.[1];
      assert.ok(destination && source, context);
      assert.equal(lines[0], `kmirror check -b ${destination}`, context);
      assert.equal(lines[1], `kmirror create demo -b ${destination} --source-bootstrap ${source}`, context);
      assert.equal(lines[2], `kmirror add-topics demo -b ${destination} --pattern 'orders-.*' --yes`, context);
      const describes = ran.filter((s) => s.line === `kmirror describe demo -b ${destination}`);
      assert.ok(describes.length >= 3, `at least three describes:\n${context}`);
      assert.equal(lines.at(-1), `kmirror list -b ${destination}`, context);

      assert.match(ran[0]?.output ?? '', /Cluster mirroring is usable/);
      for (const step of describes) {
        assert.match(
          step.output,
          /^TOPIC +PARTITIONS +STATES +TOTAL LAG +MAX LAG$/m,
          `a describe table:\n${step.output}`,
        );
        assert.match(step.output, /^orders-us +3 /m);
        assert.match(step.output, /^orders-eu +2 /m);
        assert.doesNotMatch(step.output, /^payments /m);
      }
      const totals = describes.map((step) => Number(/total lag (\d+)/.exec(step.output)?.[1] ?? NaN));
      assert.ok(totals.every(Number.isFinite), `every describe shows a total lag: ${totals.join(', ')}`);
      assert.ok(
        (totals[0] ?? 0) > (totals.at(-1) ?? 0),
        `lag falls between the first and the last describe: ${totals.join(', ')}`,
      );
      assert.match(ran.at(-1)?.output ?? '', /^demo +2 /m);
    },
  );
});
