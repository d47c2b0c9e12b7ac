import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Chalk } from 'chalk';
import { resolveColorLevel, useColourLevel } from '../../../../src/lib/cli/output/colour-level.js';
import { coloursOn, red, useColours } from '../../../../src/lib/text/paint.js';

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

describe('useColourLevel', () => {
  it('never finds a level of 0 raised by what the terminal supports (so chalk is not loaded for it)', () => {
    for (const flag of [undefined, true, false])
      for (const FORCE_COLOR of [undefined, '0', 'false', '1', '2', '3', 'yes'])
        for (const NO_COLOR of [undefined, '', '1'])
          for (const TERM of [undefined, 'dumb', 'xterm-256color'])
            for (const stdoutIsTTY of [true, false]) {
              const inputs = { flag, env: { FORCE_COLOR, NO_COLOR, TERM }, stdoutIsTTY };
              if (resolveColorLevel({ ...inputs, detected: 0 }) !== 0) continue;
              for (const detected of [1, 2, 3] as const)
                assert.equal(resolveColorLevel({ ...inputs, detected }), 0, JSON.stringify({ ...inputs, detected }));
            }
  });

  it('paints with chalk at the level decided, and plain when it is 0', async () => {
    const before = useColours(undefined);
    try {
      assert.equal(await useColourLevel({ env: { FORCE_COLOR: '2' }, stdoutIsTTY: false }), 2);
      assert.equal(coloursOn(), true);
      assert.equal(red('x'), new Chalk({ level: 2 }).red('x'));
      assert.notEqual(red('x'), 'x');
      assert.equal(await useColourLevel({ env: { NO_COLOR: '1' }, stdoutIsTTY: true }), 0);
      assert.equal(coloursOn(), false);
      assert.equal(red('x'), 'x');
    } finally {
      useColours(before);
    }
  });
});
