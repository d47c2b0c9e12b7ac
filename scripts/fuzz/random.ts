// A seeded generator (the emulator's mulberry32): the same seed replays the same fuzz run.
import { SeededRandom } from '../../src/lib/emulator/state/random.js';

export class Random extends SeededRandom {
  constructor(readonly seed: number) {
    super(seed);
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}
