// scripts/run-tests.mjs (issue 33 item 11): the terminal gets each failure and the summary, the runner's whole
// report goes to dist/test-results/<suite>.log. Run on two tiny test files of its own.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/cli.js';

describe('run-tests.mjs', () => {
  const root = mkdtempSync(join(tmpdir(), 'kmirror-run-tests-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('prints the failures and the summary only; the full report is in the log file', () => {
    mkdirSync(join(root, 'demo'));
    const test = (body: string) =>
      `import { it } from 'node:test';\nimport assert from 'node:assert/strict';\n${body}\n`;
    writeFileSync(join(root, 'demo', 'good.test.js'), test("it('a quiet passing test', () => {});"));
    writeFileSync(join(root, 'demo', 'bad.test.js'), test("it('a loud failing test', () => assert.equal(1, 2));"));
    const logFile = join(root, 'report.log');
    const args = ['scripts/run-tests.mjs', 'unit', '--root', root, '--concurrency', '1', '--log', logFile];
    // Without the runner's marker for a child of `node --test`, which would make it report to us instead.
    const { NODE_TEST_CONTEXT: _ignored, ...env } = process.env;
    const run = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: 'utf8', env });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /^✖ demo\/bad\.test\.js › a loud failing test\n {4}AssertionError/m);
    assert.match(run.stdout, /^1 passed, 1 failed$/m);
    assert.ok(run.stdout.includes(`full report: ${logFile} (1 failure(s) shown above)\n`), run.stdout);
    assert.doesNotMatch(run.stdout, /a quiet passing test/);
    const log = readFileSync(logFile, 'utf8');
    assert.match(log, /a quiet passing test/);
    assert.match(log, /a loud failing test/);
  });
});
