// `kmirror describe --json` of one mirror of 1,000,000 partitions over 3 emulated brokers: peak RSS, wall time and
// CPU of the CLI process. One run: setting it up takes minutes.

import { setUp } from './describe.js';
import type { BenchResult } from './measure.js';
import { benchEnv } from './nodes.js';
import { runProcess } from './process-run.js';
import { BIN } from './bin.js';

const TOPICS = 1000;
const PARTITIONS = 1000;

export async function benchDescribeMillion(): Promise<BenchResult[]> {
  const emulator = await setUp(TOPICS, PARTITIONS, true);
  try {
    const args = ['describe', 'bench', '-b', emulator.destination.bootstrap, '--timeout', '600s', '--json'];
    const run = await runProcess(process.execPath, [BIN, ...args], benchEnv());
    const detail =
      `1 run on node ${process.version}, ${(TOPICS * PARTITIONS).toLocaleString('en')} partitions ` +
      `over 3 brokers, ${(run.stdoutBytes / 1e6).toFixed(1)} MB of ` +
      `output${run.code === 0 ? '' : `, FAILED (exit ${run.code}): ${run.stderr.slice(0, 300)}`}`;
    const results: BenchResult[] = [
      {
        name: 'describe --json at 1,000,000 partitions: peak RSS',
        value: run.peakRssMb,
        unit: 'MB',
        target: '≤ 1024 MB',
        detail,
      },
      { name: 'describe --json at 1,000,000 partitions: wall time', value: run.ms, unit: 'ms' },
    ];
    if (run.cpuMs !== null)
      results.push({
        name: 'describe --json at 1,000,000 partitions: CLI CPU time user+sys',
        value: run.cpuMs,
        unit: 'ms',
      });
    return results;
  } finally {
    await emulator.close();
  }
}
