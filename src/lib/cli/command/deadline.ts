// `--timeout` bounds the whole command, retries and `--wait` included (DESIGN.md "Contracts"), so
// the budget is one object started when the command starts and handed to everything that waits.

import { TimeoutError } from '../failures/errors.js';
import { formatDuration } from '../../text/durations.js';

export class Deadline {
  readonly budgetMs: number;
  readonly startedAt: number;
  private until: number;
  private readonly now: () => number;
  private abortSignal: AbortSignal | undefined;
  /** Set by end(): whatever still waits on this budget gives up at its next look. */
  protected ended = false;

  /** `startedAt` lets the budget count from the start of the command rather than from construction. */
  constructor(budgetMs: number, options: { now?: () => number; startedAt?: number } = {}) {
    this.budgetMs = budgetMs;
    this.now = options.now ?? Date.now;
    this.startedAt = options.startedAt ?? this.now();
    this.until = this.startedAt + budgetMs;
  }

  get expiresAt(): number {
    return this.until;
  }

  /** Leaves at most `ms` of the budget (an interrupted command's bounded read-back). */
  shortenTo(ms: number): void {
    this.until = Math.min(this.until, this.now() + ms);
  }

  /** Milliseconds left, never negative. */
  remainingMs(): number {
    return this.ended ? 0 : Math.max(0, this.expiresAt - this.now());
  }

  /**
   * Spends what is left: retries and waits that read this budget stop at their next look. For work
   * nobody waits for any more (a refresh still pending when Ctrl-C ends a --watch), so the process
   * can exit now instead of when that work's budget runs out.
   */
  end(): void {
    this.ended = true;
  }

  get expired(): boolean {
    return this.remainingMs() === 0;
  }

  /** The error to throw when the budget runs out while doing `what` ("waiting for mirror m1 to be STOPPED"). */
  timeoutError(what?: string, hint?: string): TimeoutError {
    return new TimeoutError(
      `timed out after ${formatDuration(this.budgetMs)} (--timeout)${what ? ` while ${what}` : ''}`,
      hint === undefined ? {} : { hint },
    );
  }

  /** Throws the timeout error unless at least `ms` of the budget is left (a step that must not start late). */
  requireLeft(ms: number, what: string): void {
    if (this.remainingMs() < ms) throw this.timeoutError(what);
  }

  /** Throws the timeout error if the budget is spent. */
  check(what: string): void {
    if (this.expired) throw this.timeoutError(what);
  }

  /**
   * Aborts at the deadline with a TimeoutError as the reason (not the DOMException of
   * AbortSignal.timeout), so whatever rethrows `signal.reason` maps to exit code 124.
   */
  get signal(): AbortSignal {
    if (!this.abortSignal) {
      const controller = new AbortController();
      const remaining = this.remainingMs();
      if (remaining === 0) controller.abort(this.timeoutError());
      else setTimeout(() => controller.abort(this.timeoutError()), remaining).unref();
      this.abortSignal = controller.signal;
    }
    return this.abortSignal;
  }

  /** Settles like `promise`, or rejects with the timeout error when the budget runs out first. */
  async race<T>(promise: Promise<T>, what: string): Promise<T> {
    const remaining = this.remainingMs();
    if (remaining === 0) throw this.timeoutError(what);
    let timer: NodeJS.Timeout | undefined;
    const expiry = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.timeoutError(what)), remaining);
    });
    try {
      return await Promise.race([promise, expiry]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Waits `ms` or until the deadline, whichever is first; throws the timeout error at the deadline, with `hint`
   * when the waiter knows better than "raise --timeout" what ends the wait.
   */
  async sleep(ms: number, what: string, hint?: string): Promise<void> {
    if (ms >= this.remainingMs()) {
      await new Promise((resolve) => setTimeout(resolve, this.remainingMs()));
      throw this.timeoutError(what, hint);
    }
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * A sleeper for a `--wait` poll loop inside this budget: whichever of `--wait` and `--timeout`
   * ends first bounds it, and the TimeoutError names that flag; `hint` says what already happened.
   */
  waitWithin(waitMs: number, hint: string): (ms: number, what: string) => Promise<void> {
    const remaining = this.remainingMs();
    const until = this.now() + Math.min(waitMs, remaining);
    const bound =
      waitMs <= remaining ? `--wait ${formatDuration(waitMs)}` : `--timeout ${formatDuration(this.budgetMs)}`;
    return async (ms, what) => {
      const left = until - this.now();
      if (left <= ms) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, left)));
        throw new TimeoutError(`${what}: gave up after ${bound}`, { hint });
      }
      await new Promise((resolve) => setTimeout(resolve, ms));
    };
  }
}
