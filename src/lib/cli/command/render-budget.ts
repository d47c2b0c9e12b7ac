// --timeout bounds the whole command, printing included: masking the secrets of a large result, making the rows
// of its table and the pieces of its JSON document are each checked against one budget, made when printing
// begins. The time spent waiting for a slow reader (a pager) is not counted: that is the reader's time, not a
// step of the command.

import type { Deadline } from './deadline.js';
import type { TimeoutError } from '../failures/errors.js';

/** A result finished at its deadline is still printed: making its output gets at least this long. */
export const MIN_RENDER_MS = 1000;

/** Masking calls between two looks at the clock (each call is short; the clock is not free). */
const CALLS_PER_LOOK = 256;

export class RenderBudget {
  /** What is left once the steps measured so far are taken off. */
  private left: number;
  /** When the step being measured began; undefined between steps (the reader's time). */
  private since: number | undefined;

  constructor(
    private readonly deadline: Deadline,
    // Date.now, as the deadline's: the global `performance` loads perf_hooks, which a short command does not need.
    private readonly now: () => number = Date.now,
  ) {
    this.left = Math.max(deadline.remainingMs(), MIN_RENDER_MS);
  }

  /** Runs one step of making output, its time counted (a step in progress is counted by `spent` too). */
  step<T>(make: () => T): T {
    if (this.since !== undefined) return make();
    this.since = this.now();
    try {
      return make();
    } finally {
      this.left -= this.now() - this.since;
      this.since = undefined;
    }
  }

  /** Whether making output has used the budget up, the step in progress included. */
  get spent(): boolean {
    return this.left - (this.since === undefined ? 0 : this.now() - this.since) <= 0;
  }

  timeoutError(what: string): TimeoutError {
    return this.deadline.timeoutError(what);
  }

  /**
   * `fn`, throwing the timeout error from a call once the budget is spent (looked at every CALLS_PER_LOOK
   * calls): for a function called per value of a large result (masking).
   */
  checked<A extends unknown[], R>(fn: (...args: A) => R, what: string): (...args: A) => R {
    let calls = 0;
    return (...args) => {
      if (++calls % CALLS_PER_LOOK === 0 && this.spent) throw this.timeoutError(what);
      return fn(...args);
    };
  }
}
