import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canPrompt } from '../../../../src/lib/cli/output/interactive.js';

const tty = { env: {}, stdinIsTTY: true, stdoutIsTTY: true };

describe('canPrompt', () => {
  it('allows a prompt on a terminal', () => {
    assert.equal(canPrompt({}, tty), true);
    assert.equal(canPrompt({ output: 'table' }, tty), true);
    assert.equal(canPrompt({}, { ...tty, env: { CI: 'false' } }), true);
  });

  it('refuses when a stream is not a terminal', () => {
    assert.equal(canPrompt({}, { ...tty, stdinIsTTY: false }), false);
    assert.equal(canPrompt({}, { ...tty, stdoutIsTTY: false }), false);
  });

  it('refuses with machine output, --yes or CI', () => {
    assert.equal(canPrompt({ json: true }, tty), false);
    assert.equal(canPrompt({ output: 'json' }, tty), false);
    assert.equal(canPrompt({ output: 'yaml' }, tty), false);
    assert.equal(canPrompt({ yes: true }, tty), false);
    assert.equal(canPrompt({}, { ...tty, env: { CI: 'true' } }), false);
    assert.equal(canPrompt({}, { ...tty, env: { CI: '1' } }), false);
  });
});
