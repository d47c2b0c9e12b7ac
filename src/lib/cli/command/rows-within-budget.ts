// A table of every partition is made while it is printed, so the making of its rows is checked against the
// render budget (render-budget.ts) between rows.

import type { RenderBudget } from './render-budget.js';

export function* rowsWithinBudget(lines: Iterable<string>, budget: RenderBudget): Generator<string> {
  const iterator = lines[Symbol.iterator]();
  try {
    for (;;) {
      const step = budget.step(() => iterator.next());
      if (step.done) return;
      if (budget.spent) throw budget.timeoutError('making the rows of the output');
      yield step.value;
    }
  } finally {
    iterator.return?.();
  }
}
