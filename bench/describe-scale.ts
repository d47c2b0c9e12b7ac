// `kmirror describe` at 10,000 / 100,000 / 1,000,000 partitions, so the growth can be read: wall time, CPU and
// peak RSS of the CLI process, with the emulated clusters in a process of their own.

import { fileURLToPath } from 'node:url';
import { median } from './measure.js';
import { benchEnv } from './nodes.js';
import { runProcess, type ProcessRun, withServingProcess } from './process-run.js';
import { BIN } from './bin.js';

const EMULATOR = fileURLToPath(new URL('./emulated-clusters-process.js', import.meta.url));

export interface Scale {
  readonly topics: number;
  readonly partitions: number;
  readonly nodes: number;
  readonly runs: number;
  readonly target?: string;
}

export const SCALES: readonly Scale[] = [
  { topics: 100, partitions: 100, nodes: 3, runs: 5 },
  { topics: 1000, partitions: 100, nodes: 3, runs: 3, target: '≤ 800 ms, ≤ 180 MB' },
  { topics: 100, partitions: 100, nodes: 100, runs: 5 },
  { topics: 1000, partitions: 100, nodes: 100, runs: 3 },
  // three runs, not one: a single run of several seconds on two cores shared with the emulator swings by 20 %
  { topics: 1000, partitions: 1000, nodes: 100, runs: 3, target: '≤ 6000 ms, ≤ 1024 MB' },
];

async function withEmulator<T>(scale: Scale, fn: (bootstrap: string, setUpMs: number) => Promise<T>): Promise<T> {
  const args = [scale.topics, scale.partitions, scale.nodes].map(String);
  return withServingProcess(EMULATOR, args, (first) => {
    const { bootstrap, setUpMs } = JSON.parse(first) as { bootstrap: string; setUpMs: number };
    return fn(bootstrap, setUpMs);
  });
}

function summary(label: string, runs: readonly ProcessRun[]): string {
  const failed = runs.filter((r) => r.code !== 0);
  const cpu = runs.map((r) => r.cpuMs).filter((v): v is number => v !== null);
  return (
    `${label}: wall ${median(runs.map((r) => r.ms)).toFixed(0)} ms, CPU ` +
    `${cpu.length > 0 ? median(cpu).toFixed(0) : '?'} ms, ` +
    (`peak RSS ${Math.max(...runs.map((r) => r.peakRssMb)).toFixed(0)} MB, ` +
      `${(median(runs.map((r) => r.stdoutBytes)) / 1e6).toFixed(1)} MB out`) +
    (failed.length > 0 ? `, ${failed.length} FAILED: ${failed[0]?.stderr.slice(0, 300)}` : '')
  );
}

export async function benchDescribeScale(scales: readonly Scale[] = SCALES): Promise<string[]> {
  const lines: string[] = [];
  for (const scale of scales) {
    const total = scale.topics * scale.partitions;
    await withEmulator(scale, async (bootstrap, setUpMs) => {
      lines.push(
        `describe, ${total.toLocaleString('en')} partitions (${scale.topics} topics × ${scale.partitions}) ` +
          `over ${scale.nodes} brokers` +
          (`${scale.target ? ` (target ${scale.target})` : ''}; median of ${scale.runs}, emulator set up in ` +
            `${(setUpMs / 1000).toFixed(1)} s:`),
      );
      for (const view of ['--json', '--partitions']) {
        const argv = [BIN, 'describe', 'bench', '-b', bootstrap, '--timeout', '600s', view];
        const run = () => runProcess(process.execPath, argv, benchEnv());
        if (total < 1_000_000) await run(); // the scales before it warmed the caches for the runs of 1M
        const runs: ProcessRun[] = [];
        for (let i = 0; i < scale.runs; i++) runs.push(await run());
        lines.push(`    ${summary(view, runs)}`);
      }
    });
    console.log(lines.slice(-3).join('\n'));
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.env.BENCH_SCALES?.split(',').map(Number);
  await benchDescribeScale(only ? SCALES.filter((_, i) => only.includes(i)) : SCALES);
}
