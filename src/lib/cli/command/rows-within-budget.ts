// A table of every partition is made while it is printed; --timeout bounds the whole command, so the
// making of its rows is checked against the budget between rows. The time spent waiting for a slow
// reader (a pager) is not counted: that is the reader's time, not a step of the command.

import type { Deadline } from './deadline.js';

/** A result finished at its deadline is still printed: the rows get at least this long to be made. */
export const MIN_RENDER_MS = 1000;

/**
 * The lines of `lines`, ending with the deadline's timeout error once making them has taken longer
 * than what was left of the budget when printing began (or MIN_RENDER_MS, if more).
 */
export function* rowsWithinBudget(
  lines: Iterable<string>,
  deadline: Deadline,
  now: () => number = performance.now.bind(performance),
): Generator<string> {
  let left = Math.max(deadline.remainingMs(), MIN_RENDER_MS);
  const iterator = lines[Symbol.iterator]();
  try {
    for (;;) {
      const started = now();
      const step = iterator.next();
      left -= now() - started;
      if (step.done) return;
      if (left <= 0) throw deadline.timeoutError('making the rows of the output');
      yield step.value;
    }
  } finally {
    iterator.return?.();
  }
}
