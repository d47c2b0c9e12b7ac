import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import { TimeoutError } from '../../../../src/lib/cli/failures/errors.js';
import { MIN_RENDER_MS, RenderBudget } from '../../../../src/lib/cli/command/render-budget.js';
import { rowsWithinBudget } from '../../../../src/lib/cli/command/rows-within-budget.js';

describe('rowsWithinBudget', () => {
  it('ends with the timeout error once making rows has used what was left of the budget', () => {
    let clock = 0;
    const now = (): number => clock;
    const deadline = new Deadline(5000, { now, startedAt: 0 });
    clock = 2000; // 3 s left when printing begins
    function* slowRows(): Generator<string> {
      for (let i = 0; ; i++) {
        clock += 700;
        yield `row ${i}`;
      }
    }
    const seen: string[] = [];
    assert.throws(
      () => {
        for (const row of rowsWithinBudget(slowRows(), new RenderBudget(deadline, now))) seen.push(row);
      },
      (err: unknown) => err instanceof TimeoutError && /making the rows/.test(err.message),
    );
    // 700 ms a row: four rows fit in 3 s, the fifth goes past it.
    assert.deepEqual(seen, ['row 0', 'row 1', 'row 2', 'row 3']);
  });

  it('does not count the time between rows (a slow reader), and gives a result at its deadline a moment', () => {
    let clock = 0;
    const now = (): number => clock;
    const deadline = new Deadline(1000, { now, startedAt: 0 });
    clock = 5000; // already past the budget: rows still get MIN_RENDER_MS
    const rows = rowsWithinBudget(['a', 'b', 'c'], new RenderBudget(deadline, now));
    const seen: string[] = [];
    for (const row of rows) {
      seen.push(row);
      clock += MIN_RENDER_MS * 10; // the reader took its time
    }
    assert.deepEqual(seen, ['a', 'b', 'c']);
  });
});
