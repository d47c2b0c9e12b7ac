import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import { MIN_RENDER_MS, RenderBudget } from '../../../../src/lib/cli/command/render-budget.js';
import { TimeoutError } from '../../../../src/lib/cli/failures/errors.js';

describe('RenderBudget', () => {
  it('counts the time inside steps only, the step in progress included', () => {
    let clock = 0;
    const now = (): number => clock;
    const budget = new RenderBudget(new Deadline(3000, { now, startedAt: 0 }), now);
    budget.step(() => (clock += 2000));
    clock += 60_000; // between steps: the reader's time
    assert.equal(budget.spent, false);
    budget.step(() => {
      clock += 999;
      assert.equal(budget.spent, false);
      clock += 1;
      assert.equal(budget.spent, true);
    });
  });

  it('gives a result finished at its deadline MIN_RENDER_MS, and a checked function throws once it is spent', () => {
    let clock = 10_000;
    const now = (): number => clock;
    const budget = new RenderBudget(new Deadline(1000, { now, startedAt: 0 }), now);
    let calls = 0;
    const mask = budget.checked((text: string) => {
      calls++;
      clock += 1;
      return text;
    }, 'masking');
    assert.throws(
      () => budget.step(() => Array.from({ length: 100_000 }, () => mask('x'))),
      (err: unknown) => err instanceof TimeoutError && /while masking/.test(err.message),
    );
    // Stopped within one look (256 calls) of the budget's end.
    assert.ok(calls >= MIN_RENDER_MS && calls < MIN_RENDER_MS + 256, `${calls} calls`);
  });
});
