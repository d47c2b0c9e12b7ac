// "Every printed command runs as printed": the commands `kmirror playground` prints, and the "Next:" line
// of the `create` they lead to, are pasted into a real shell (sh -c, with a `kmirror` on PATH that is this
// build) exactly as printed, and each must succeed. Plain, --secure (SASL over TLS, a client.properties)
// and --save-profile playgrounds, since each prints its own way of reaching the cluster.

import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type CliResult, runProgram, testEnv } from '../helpers/cli.js';
import { DRAFT_KEYS } from '../helpers/kip-draft.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));
// The keys the playground serves the draft's RPCs on (its commands are told them); --api-versions is its own.
const DRAFT_PLAYGROUND = ['--protocol', 'kip-draft', '--api-keys', DRAFT_KEYS];

interface Run extends CliResult {
  readonly line: string;
}

/** One line through `sh -c`, as an operator pasting it would run it (no stdin, no terminal). */
async function shell(line: string, env: Record<string, string>): Promise<Run> {
  return { line, ...(await runProgram('sh', ['-c', line], { env })) };
}

function show(run: Run): string {
  return `$ ${run.line}\nexit ${String(run.code)}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
}

async function waitFor(read: () => string, pattern: RegExp, child: ChildProcess): Promise<void> {
  const until = Date.now() + 30_000;
  while (!pattern.test(read())) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`playground printed no ${pattern}:\n${read()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('printed commands run as printed, pasted into a shell', () => {
  let dir = '';
  let env: Record<string, string> = {};
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kmirror-next-'));
    writeFileSync(join(dir, 'kmirror'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
    chmodSync(join(dir, 'kmirror'), 0o755);
    env = testEnv({ PATH: `${dir}:${process.env.PATH ?? ''}`, XDG_CONFIG_HOME: join(dir, 'config') });
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const [label, args] of [
    ['a plain playground', []],
    ['a --secure playground (SASL over TLS, a client.properties)', ['--secure']],
    ['a playground with --save-profile', ['--save-profile', 'pg']],
    ['a playground speaking the KIP draft (dialect flags on every command)', DRAFT_PLAYGROUND],
  ] as const) {
    it(`${label}: every command it prints, then create's "Next:" line, exit 0`, async () => {
      const child = spawn(process.execPath, [BIN, 'playground', '--seed', 'next-hints', ...args], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      try {
        await waitFor(() => out, /Ctrl-C/, child);
        const printed = out
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l.startsWith('kmirror '));
        assert.equal(printed.length, 5, out);
        for (const line of printed) {
          const run = await shell(line, env);
          assert.equal(run.code, 0, show(run));
          const next = /^Next: (kmirror .*)$/m.exec(run.stdout)?.[1];
          if (line.startsWith('kmirror create ')) {
            assert.ok(next, `create prints a Next: line\n${show(run)}`);
            const followed = await shell(next, env);
            assert.equal(followed.code, 0, show(followed));
            assert.match(followed.stdout, /orders-/, 'the preview shows the source topics the pattern selects');
          }
        }
      } finally {
        child.kill('SIGKILL');
      }
    });
  }
});
