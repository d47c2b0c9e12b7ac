import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EXIT_CODES, ExitCode, describeExitCode, exitCodesHelpText } from '../../../src/lib/cli/exit-codes.js';

describe('exit codes', () => {
  it('has the contract values', () => {
    assert.deepEqual(
      EXIT_CODES.map((row) => row.code),
      [0, 1, 2, 3, 4, 5, 6, 124],
    );
    assert.equal(ExitCode.Timeout, 124);
    assert.match(describeExitCode(2) ?? '', /confirmation/);
    assert.equal(describeExitCode(99), undefined);
  });

  it('renders one line per code for help', () => {
    const lines = exitCodesHelpText().split('\n');
    assert.equal(lines.length, EXIT_CODES.length);
    assert.match(lines[0] ?? '', /^ {2} {2}0 {2}success$/);
    assert.match(lines.at(-1) ?? '', /^ {2}124 {2}timed out/);
  });
});
