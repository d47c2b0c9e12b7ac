// Text functions that see broker- or user-supplied strings, on 1 MB of each worst shape, beside a
// linear scan of the same text: each should stay within a small multiple of the scan.

import { redactText } from '../src/lib/connection/redact.js';
import { pemBlocks } from '../src/lib/connection/tls-files.js';
import { escapeControl } from '../src/lib/text/terminal-safe.js';
import { worstShapes } from '../scripts/fuzz/worst-shapes.js';
import type { BenchResult } from './measure.js';

const FUNCTIONS: Readonly<Record<string, (text: string) => unknown>> = { redactText, escapeControl, pemBlocks };

export function benchBrokerText(): BenchResult[] {
  const shapes = worstShapes(1 << 20);
  const slowest = (fn: (text: string) => unknown): { ms: number; shape: string } => {
    let worst = { ms: 0, shape: '' };
    for (const [shape, text] of shapes) {
      const started = performance.now();
      fn(text);
      const ms = performance.now() - started;
      if (ms > worst.ms) worst = { ms, shape };
    }
    return worst;
  };
  const scan = slowest((text) => text.indexOf('\u0000'));
  return [
    { name: 'linear scan of 1 MB (slowest shape)', value: scan.ms, unit: 'ms', detail: scan.shape },
    ...Object.entries(FUNCTIONS).map(([name, fn]) => {
      const worst = slowest(fn);
      return { name: `${name} on 1 MB (slowest shape)`, value: worst.ms, unit: 'ms', detail: worst.shape };
    }),
  ];
}
