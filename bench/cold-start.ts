// `kmirror --version` from a cold process: what every invocation pays before doing anything (issue
// target: median ≤ 250 ms). Each run is a new node process through bin/run.js, as a user starts it.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './measure.js';
import { median } from './measure.js';

// dist/bench/cold-start.js → the package's bin/run.js
const BIN = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
const RUNS = 15;

function timeOnce(env: NodeJS.ProcessEnv): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, [BIN, '--version'], { env, encoding: 'utf8' });
  const elapsed = performance.now() - start;
  if (run.status !== 0) throw new Error(`kmirror --version exited ${String(run.status)}: ${run.stderr}`);
  return elapsed;
}

export function benchColdStart(): BenchResult[] {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (key.startsWith('KMIRROR_') || key === 'NODE_OPTIONS') delete env[key];
  // One unmeasured run warms the file-system cache, as a second invocation by a user would find it.
  timeOnce(env);
  const times = Array.from({ length: RUNS }, () => timeOnce(env));
  const sorted = [...times].sort((a, b) => a - b);
  return [
    {
      name: 'kmirror --version cold start (median)',
      value: median(times),
      unit: 'ms',
      target: '≤ 250 ms',
      detail: `${RUNS} runs: min ${sorted[0]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; bare node startup ${median(Array.from({ length: 5 }, () => bareNode(env))).toFixed(0)} ms`,
    },
  ];
}

/** A process that does nothing: the floor under the figure above on this machine. */
function bareNode(env: NodeJS.ProcessEnv): number {
  const start = performance.now();
  spawnSync(process.execPath, ['-e', ''], { env });
  return performance.now() - start;
}
