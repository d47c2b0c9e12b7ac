// The engine never reads the wall clock itself: every time-based decision goes through a Clock so
// tests can step time by hand and get the same states on every run.

export interface Clock {
  /** Milliseconds, monotonic for the engine's purposes. */
  now(): number;
}

export class ManualClock implements Clock {
  private current: number;

  constructor(startMs = 0) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance a clock by ${ms} ms`);
    this.current += ms;
  }

  set(ms: number): void {
    if (ms < this.current) throw new RangeError(`clock cannot go back from ${this.current} to ${ms}`);
    this.current = ms;
  }
}

export class SystemClock implements Clock {
  now(): number {
    return performance.timeOrigin + performance.now();
  }
}
