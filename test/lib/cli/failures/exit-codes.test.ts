import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  EXIT_CODES,
  ExitCode,
  describeExitCode,
  exitCodeOfSignal,
  exitCodesHelpText,
} from '../../../../src/lib/cli/failures/exit-codes.js';
import { REPO_ROOT } from '../../../helpers/cli.js';

describe('exit codes', () => {
  it('has the contract values', () => {
    assert.deepEqual(
      EXIT_CODES.map((row) => row.code),
      [0, 1, 2, 3, 4, 5, 6, 7, 124, 130, 143],
    );
    assert.equal(ExitCode.Timeout, 124);
    assert.equal(exitCodeOfSignal('SIGINT'), 130);
    assert.equal(exitCodeOfSignal('SIGTERM'), 143);
    assert.match(describeExitCode(2) ?? '', /confirmation/);
    assert.equal(describeExitCode(99), undefined);
  });

  it('renders one line per code for help', () => {
    const lines = exitCodesHelpText().split('\n');
    assert.equal(lines.length, EXIT_CODES.length);
    assert.match(lines[0] ?? '', /^ {2} {2}0 {2}success$/);
    assert.match(lines.at(-3) ?? '', /^ {2}124 {2}timed out/);
    assert.match(lines.at(-1) ?? '', /^ {2}143 {2}ended by SIGTERM/);
  });

  it('the README lists the same codes as the table', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Exit codes'),
      readme.indexOf('\n## ', readme.indexOf('## Exit codes') + 1),
    );
    const codes = [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    assert.deepEqual(
      codes,
      EXIT_CODES.map((row) => row.code),
    );
  });
});
