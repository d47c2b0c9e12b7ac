// Every function applied to broker- or user-supplied text takes about a linear scan's time on 1 MB
// of the worst shape. The secret mask once took time growing with the square of an unbroken string's
// length (a 100 KB topic name: 49 s). Each run is in a worker, so a quadratic one is stopped at the
// bound instead of holding the test's own thread for hours.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { TEXT_FUNCTION_NAMES } from './broker-text-worker.js';

// A linear pass over 1 MB takes milliseconds; a quadratic one, hours. The bound is far from both.
const BOUND_MS = 10_000;
const workerFile = new URL('./broker-text-worker.js', import.meta.url);

function runShapes(fn: string): Promise<{ shape: string; ms: number }[]> {
  return new Promise((resolve, reject) => {
    const w = new Worker(workerFile, { workerData: { fn, size: 1 << 20 } });
    const timer = setTimeout(() => {
      void w.terminate();
      reject(new Error(`${fn} ran past ${BOUND_MS} ms on 1 MB of one shape`));
    }, BOUND_MS);
    w.once('message', (times: { shape: string; ms: number }[]) => {
      clearTimeout(timer);
      void w.terminate();
      resolve(times);
    });
    w.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

describe('text functions on 1 MB of the worst shapes', () => {
  for (const fn of TEXT_FUNCTION_NAMES) {
    it(`${fn} finishes every shape within the bound`, async () => {
      const times = await runShapes(fn);
      assert.ok(times.length >= 10, `only ${times.length} shapes ran`);
    });
  }
});
