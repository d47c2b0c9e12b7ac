import { DeadlineExceededError } from './errors.js';

/** The budget of one command (`--timeout`): every retry, wait and poll draws from it. */
export class Deadline {
  readonly expiresAt: number;

  constructor(
    readonly budgetMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.expiresAt = now() + budgetMs;
  }

  remaining(): number {
    return Math.max(0, this.expiresAt - this.now());
  }

  expired(): boolean {
    return this.remaining() === 0;
  }

  fail(doing: string, lastError?: Error): DeadlineExceededError {
    return new DeadlineExceededError(this.budgetMs, doing, lastError);
  }

  /** Sleeps up to `ms`, but never past the deadline; false when the deadline cut it short. */
  async sleep(ms: number): Promise<boolean> {
    const wait = Math.min(ms, this.remaining());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return !this.expired();
  }
}
