// The worker of broker-text-linear.test.ts: runs one text function on every worst shape, posts the times.

import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { redactText } from '../../../src/lib/connection/redact.js';
import { pemBlocks } from '../../../src/lib/connection/tls-files.js';
import { escapeControl } from '../../../src/lib/text/terminal-safe.js';
import { worstShapes } from '../../../scripts/fuzz/worst-shapes.js';

const TEXT_FUNCTIONS: Readonly<Record<string, (text: string) => unknown>> = { redactText, escapeControl, pemBlocks };
export const TEXT_FUNCTION_NAMES = Object.keys(TEXT_FUNCTIONS);

if (!isMainThread && parentPort) {
  const { fn, size } = workerData as { fn: string; size: number };
  const run = TEXT_FUNCTIONS[fn];
  const times: { shape: string; ms: number }[] = [];
  for (const [shape, text] of worstShapes(size)) {
    const started = performance.now();
    run?.(text);
    times.push({ shape, ms: performance.now() - started });
  }
  parentPort.postMessage(times);
}
