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
  protected ended = false;

  constructor(budgetMs: number, options: { now?: () => number; startedAt?: number } = {}) {
    this.budgetMs = budgetMs;
    this.now = options.now ?? Date.now;
    this.startedAt = options.startedAt ?? this.now();
    this.until = this.startedAt + budgetMs;
  }

  get expiresAt(): number {
    return this.until;
  }

  shortenTo(ms: number): void {
    this.until = Math.min(this.until, this.now() + ms);
  }

  remainingMs(): number {
    return this.ended ? 0 : Math.max(0, this.expiresAt - this.now());
  }

  /** For work nobody waits for any more (a --watch refresh pending at Ctrl-C): the process can exit now. */
  end(): void {
    this.ended = true;
  }

  get expired(): boolean {
    return this.remainingMs() === 0;
  }

  timeoutError(what?: string, hint?: string): TimeoutError {
    return new TimeoutError(
      `timed out after ${formatDuration(this.budgetMs)} (--timeout)${what ? ` while ${what}` : ''}`,
      hint === undefined ? {} : { hint },
    );
  }

  requireLeft(ms: number, what: string): void {
    if (this.remainingMs() < ms) throw this.timeoutError(what);
  }

  check(what: string): void {
    if (this.expired) throw this.timeoutError(what);
  }

  /** A TimeoutError as the reason (not AbortSignal.timeout's DOMException), so a rethrown reason maps to exit 124. */
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

  async sleep(ms: number, what: string, hint?: string): Promise<void> {
    if (ms >= this.remainingMs()) {
      await new Promise((resolve) => setTimeout(resolve, this.remainingMs()));
      throw this.timeoutError(what, hint);
    }
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

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
