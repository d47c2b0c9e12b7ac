// `kmirror --version` from a cold process, on each Node the bench finds: what every invocation pays before
// doing anything (issue target: median ≤ 250 ms). Each run is a new node process through bin/run.cjs, as a
// user starts it. On a Node with the module compile cache, also the same without it, to show what it saves.

import type { BenchResult } from './measure.js';
import { median } from './measure.js';
import { bareStart, benchEnv, type BenchNode } from './nodes.js';
import { cpuNote, runProcess, type ProcessRun } from './process-run.js';
import { BIN } from './bin.js';

const RUNS = 15;

async function timeVersion(node: BenchNode, env: NodeJS.ProcessEnv): Promise<ProcessRun[]> {
  const once = async () => {
    const run = await runProcess(node.path, [BIN, '--version'], env);
    if (run.code !== 0)
      throw new Error(`kmirror --version on ${node.version} exited ${String(run.code)}: ${run.stderr}`);
    return run;
  };
  // One unmeasured run warms the file-system and compile caches, as a user's second call finds them.
  await once();
  const runs: ProcessRun[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  return runs;
}

export async function benchColdStart(nodes: readonly BenchNode[]): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const node of nodes) {
    const runs = await timeVersion(node, benchEnv());
    const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
    const cache = node.compileCache ? 'compile cache on' : 'no compile cache in this Node';
    results.push({
      name: `node ${node.version}: kmirror --version cold start (median, ${cache})`,
      value: median(runs.map((r) => r.ms)),
      unit: 'ms',
      target: '≤ 250 ms',
      detail:
        `${RUNS} runs: min ${sorted[0]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms` +
        `${cpuNote(runs, median)}; ${await bareStart(node)}`,
    });
    if (node.compileCache) {
      const off = await timeVersion(node, { ...benchEnv(), KMIRROR_NO_COMPILE_CACHE: '1' });
      results.push({
        name: `node ${node.version}: kmirror --version cold start (median, KMIRROR_NO_COMPILE_CACHE=1)`,
        value: median(off.map((r) => r.ms)),
        unit: 'ms',
        detail: `${RUNS} runs${cpuNote(off, median)}`,
      });
    }
  }
  return results;
}
