// --timeout bounds printing too: masking, table rows and JSON pieces are checked against one budget; the time a
// slow reader (a pager) takes is not counted.

import type { Deadline } from './deadline.js';
import type { TimeoutError } from '../failures/errors.js';

export const MIN_RENDER_MS = 1000;

const CALLS_PER_LOOK = 256;

export class RenderBudget {
  private left: number;
  private since: number | undefined;

  constructor(
    private readonly deadline: Deadline,
    // Date.now, as the deadline's: the global `performance` loads perf_hooks, which a short command does not need.
    private readonly now: () => number = Date.now,
  ) {
    this.left = Math.max(deadline.remainingMs(), MIN_RENDER_MS);
  }

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

  get spent(): boolean {
    return this.left - (this.since === undefined ? 0 : this.now() - this.since) <= 0;
  }

  timeoutError(what: string): TimeoutError {
    return this.deadline.timeoutError(what);
  }

  checked<A extends unknown[], R>(fn: (...args: A) => R, what: string): (...args: A) => R {
    let calls = 0;
    return (...args) => {
      if (++calls % CALLS_PER_LOOK === 0 && this.spent) throw this.timeoutError(what);
      return fn(...args);
    };
  }
}
