// kmirror verify against emulated clusters in a process of their own (verify-clusters-process.ts), with
// kmirror's wall time, CPU and peak RSS from process-run.ts: `verify --full` of a mirror of large batches
// (MB/s over both sides) and `verify` (tail) of 10,000 partitions. `BENCH_SECTIONS=verify npm run bench`.

import { fileURLToPath } from 'node:url';
import { BIN } from './bin.js';
import { median } from './measure.js';
import { benchEnv } from './nodes.js';
import { runProcess, type ProcessRun, withServingProcess } from './process-run.js';

const EMULATOR = fileURLToPath(new URL('./verify-clusters-process.js', import.meta.url));

interface Ready {
  readonly bootstrap: string;
  readonly setUpMs: number;
  readonly bytesPerSide: number;
}

function withClusters<T>(args: readonly number[], fn: (ready: Ready) => Promise<T>): Promise<T> {
  return withServingProcess(EMULATOR, args.map(String), (first) => fn(JSON.parse(first) as Ready));
}

async function runs(bootstrap: string, extra: readonly string[], count: number): Promise<ProcessRun[]> {
  const argv = [BIN, 'verify', 'bench', '-b', bootstrap, '--timeout', '600s', '--json', ...extra];
  const out: ProcessRun[] = [];
  for (let i = 0; i < count; i++) out.push(await runProcess(process.execPath, argv, benchEnv()));
  return out;
}

function line(label: string, r: readonly ProcessRun[], bytes?: number): string {
  const ms = median(r.map((x) => x.ms));
  const cpu = r.map((x) => x.cpuMs).filter((v): v is number => v !== null);
  const failed = r.filter((x) => x.code !== 0);
  return (
    `    ${label}: wall ${ms.toFixed(0)} ms, CPU ${cpu.length > 0 ? median(cpu).toFixed(0) : '?'} ms, ` +
    `peak RSS ${Math.max(...r.map((x) => x.peakRssMb)).toFixed(0)} MB` +
    (bytes === undefined ? '' : `, ${(bytes / 1e6 / (ms / 1000)).toFixed(0)} MB/s over both sides`) +
    (failed.length > 0 ? `, ${failed.length} FAILED (exit ${failed[0]?.code}): ${failed[0]?.stderr.slice(0, 300)}` : '')
  );
}

export async function benchVerify(): Promise<string[]> {
  const lines: string[] = [];
  // ~125 MB per side (the emulator keeps at most 2 MiB per partition).
  await withClusters([4, 16, 180, 100], async (ready) => {
    lines.push(
      `verify --full, 64 partitions, ${(ready.bytesPerSide / 1e6).toFixed(0)} MB per side ` +
        `(target ≥ 100 MB/s, ≤ 200 MB peak RSS; emulator set up in ${(ready.setUpMs / 1000).toFixed(1)} s):`,
    );
    lines.push(line('--full', await runs(ready.bootstrap, ['--full'], 3), 2 * ready.bytesPerSide));
  });
  await withClusters([10, 1000, 20, 1], async (ready) => {
    lines.push(
      `verify (tail 10), 10,000 partitions of 20 one-record batches (target ≤ 5 s; emulator set up in ` +
        `${(ready.setUpMs / 1000).toFixed(1)} s):`,
    );
    lines.push(line('tail', await runs(ready.bootstrap, [], 3)));
  });
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) for (const l of await benchVerify()) console.log(l);
