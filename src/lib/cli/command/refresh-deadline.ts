// The time budget of one collection in a long-running command (the exporter): each collection gets
// the whole budget again, so a broker gone silent costs one collection, not the process.

import { Deadline } from './deadline.js';

export class RestartingDeadline extends Deadline {
  private expires: number;

  constructor(budgetMs: number) {
    super(budgetMs);
    this.expires = Date.now() + budgetMs;
  }

  restart(): void {
    this.expires = Date.now() + this.budgetMs;
  }

  override remainingMs(): number {
    return Math.max(0, this.expires - Date.now());
  }
}
