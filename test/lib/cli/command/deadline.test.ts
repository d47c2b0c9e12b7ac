import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import { TimeoutError, toFailure } from '../../../../src/lib/cli/failures/errors.js';
import { RefreshDeadline } from '../../../../src/lib/cli/command/watch.js';

describe('Deadline', () => {
  it('counts from the start it is given', () => {
    let now = 1000;
    const deadline = new Deadline(5000, { now: () => now, startedAt: 500 });
    assert.equal(deadline.remainingMs(), 4500);
    now = 6000;
    assert.equal(deadline.expired, true);
    assert.throws(
      () => deadline.check('waiting for m1'),
      (err: unknown) =>
        err instanceof TimeoutError && /timed out after 5s \(--timeout\) while waiting for m1/.test(err.message),
    );
  });

  it('end() spends what is left, for a refresh and for the whole command alike', () => {
    const command = new Deadline(60_000);
    const refresh = new RefreshDeadline(60_000);
    for (const deadline of [command, refresh]) {
      assert.ok(deadline.remainingMs() > 0);
      deadline.end();
      assert.equal(deadline.remainingMs(), 0);
      assert.equal(deadline.expired, true);
    }
    refresh.restart();
    assert.equal(refresh.remainingMs(), 0, 'a watch that was stopped gets no new refresh budget');
  });

  it('race rejects with exit code 124 when the budget runs out', async () => {
    const deadline = new Deadline(20);
    const err = await deadline.race(new Promise(() => {}), 'describing m1').then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.equal(toFailure(err).exitCode, 124);
  });

  it('race passes results through', async () => {
    assert.equal(await new Deadline(1000).race(Promise.resolve(7), 'x'), 7);
  });

  it('signal aborts with a TimeoutError reason', async () => {
    const deadline = new Deadline(10);
    // The deadline's own timer is unref'd (it must not keep a finished command alive); this one
    // keeps the test's event loop running until the abort.
    const keepAlive = setTimeout(() => {}, 5000);
    // On a loaded machine the 10 ms may be gone before the signal is asked for: it is then born aborted.
    const signal = deadline.signal;
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve));
    clearTimeout(keepAlive);
    assert.ok(deadline.signal.reason instanceof TimeoutError);
  });

  it('sleep stops at the deadline', async () => {
    const deadline = new Deadline(15);
    await assert.rejects(deadline.sleep(10_000, 'waiting'), TimeoutError);
  });
});
