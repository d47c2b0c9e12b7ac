import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock, SystemClock } from '../../../../src/lib/emulator/state/clock.js';

describe('ManualClock', () => {
  it('moves only when told, never backwards', () => {
    const clock = new ManualClock(100);
    clock.advance(50);
    assert.equal(clock.now(), 150);
    assert.throws(() => clock.advance(-1), RangeError);
    assert.throws(() => clock.set(10), RangeError);
    clock.set(500);
    assert.equal(clock.now(), 500);
  });

  it('SystemClock follows wall time', () => {
    assert.ok(Math.abs(new SystemClock().now() - Date.now()) < 1000);
  });
});
