import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveColorLevel } from '../../../src/lib/cli/color.js';

describe('resolveColorLevel', () => {
  const tty = { env: {}, stdoutIsTTY: true, detected: 2 as const };

  it('colours a terminal, not a pipe', () => {
    assert.equal(resolveColorLevel(tty), 2);
    assert.equal(resolveColorLevel({ ...tty, stdoutIsTTY: false }), 0);
    assert.equal(resolveColorLevel({ ...tty, env: { TERM: 'dumb' } }), 0);
  });

  it('respects NO_COLOR (non-empty) and FORCE_COLOR, FORCE_COLOR winning as in Node', () => {
    assert.equal(resolveColorLevel({ ...tty, env: { NO_COLOR: '1' } }), 0);
    assert.equal(resolveColorLevel({ ...tty, env: { NO_COLOR: '' } }), 2);
    assert.equal(resolveColorLevel({ ...tty, stdoutIsTTY: false, detected: 0, env: { FORCE_COLOR: '1' } }), 1);
    assert.equal(resolveColorLevel({ ...tty, stdoutIsTTY: false, detected: 0, env: { FORCE_COLOR: '3' } }), 3);
    assert.equal(resolveColorLevel({ ...tty, env: { FORCE_COLOR: '0' } }), 0);
    assert.equal(resolveColorLevel({ ...tty, env: { FORCE_COLOR: '1', NO_COLOR: '1' } }), 2);
  });

  it('lets --color / --no-color decide first', () => {
    assert.equal(resolveColorLevel({ ...tty, flag: false, env: { FORCE_COLOR: '3' } }), 0);
    assert.equal(resolveColorLevel({ ...tty, flag: true, stdoutIsTTY: false, detected: 0, env: { NO_COLOR: '1' } }), 1);
  });
});
