// A table of every partition is made while it is printed, so the making of its rows is checked against the
// render budget (render-budget.ts) between rows.

import type { RenderBudget } from './render-budget.js';

/** The lines of `lines`, ending with the budget's timeout error once making them has used it up. */
export function* rowsWithinBudget(
  lines: Iterable<string>,
  budget: RenderBudget,
  what = 'making the rows of the output',
): Generator<string> {
  const iterator = lines[Symbol.iterator]();
  try {
    for (;;) {
      const step = budget.step(() => iterator.next());
      if (step.done) return;
      if (budget.spent) throw budget.timeoutError(what);
      yield step.value;
    }
  } finally {
    iterator.return?.();
  }
}
