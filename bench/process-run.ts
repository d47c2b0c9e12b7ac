// One timed run of a child process: wall time, user+system CPU and peak RSS. CPU and peak RSS come from
// `/usr/bin/time` when present (CPU is the figure machine load distorts least); without it, peak RSS is
// the last VmHWM seen in /proc and CPU is not known.

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { existsSync, readFileSync } from 'node:fs';

const TIME = '/usr/bin/time';

export interface ProcessRun {
  readonly ms: number;
  readonly cpuMs: number | null;
  readonly peakRssMb: number;
  readonly stdoutBytes: number;
  readonly code: number | null;
  readonly stderr: string;
}

export function runProcess(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<ProcessRun> {
  const useTime = existsSync(TIME);
  const file = useTime ? TIME : command;
  const argv = useTime ? ['-f', 'KMIRROR_PEAK_KB=%M KMIRROR_CPU_S=%U+%S', command, ...args] : [...args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdoutBytes = 0;
    let stderr = '';
    let hwmKb = 0;
    child.stdout.on('data', (d: Buffer) => (stdoutBytes += d.length));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const poll = useTime
      ? undefined
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) hwmKb = Math.max(hwmKb, Number(m[1]));
          } catch {
            // exited between polls
          }
        }, 10);
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (poll) clearInterval(poll);
      const reported = /KMIRROR_PEAK_KB=(\d+)/.exec(stderr);
      if (reported) hwmKb = Number(reported[1]);
      const cpu = /KMIRROR_CPU_S=([\d.]+)\+([\d.]+)/.exec(stderr);
      const cpuMs = cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null;
      resolve({ ms, cpuMs, peakRssMb: hwmKb / 1024, stdoutBytes, code, stderr });
    });
  });
}

export function cpuNote(runs: readonly ProcessRun[], median: (v: readonly number[]) => number): string {
  const cpu = runs.map((r) => r.cpuMs).filter((v): v is number => v !== null);
  return cpu.length > 0 ? `, ${median(cpu).toFixed(0)} ms CPU` : '';
}

export function timeSummary(runs: readonly ProcessRun[], median: (v: readonly number[]) => number): string {
  const cpu = runs.map((r) => r.cpuMs).filter((v): v is number => v !== null);
  const wall = `${median(runs.map((r) => r.ms)).toFixed(0)} ms wall`;
  return cpu.length > 0 ? `${wall}, ${median(cpu).toFixed(0)} ms CPU` : wall;
}

export interface TimedRun {
  readonly cpuMs: number;
  readonly wallMs: number;
  readonly status: number | null;
}

export function timedRun(command: string, argv: readonly string[], env: NodeJS.ProcessEnv): TimedRun {
  const quoted = [command, ...argv].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const run = spawnSync('bash', ['-c', `TIMEFORMAT='%3U %3S %3R'; time (${quoted} >/dev/null 2>/dev/null)`], {
    env,
    encoding: 'utf8',
  });
  const [user, system, real] = run.stderr.trim().split(/\s+/).slice(-3).map(Number);
  if (user === undefined || system === undefined || real === undefined || Number.isNaN(user + system + real))
    throw new Error(`${[command, ...argv].join(' ')}: no timing (${String(run.status)}): ${run.stderr}`);
  return { cpuMs: (user + system) * 1000, wallMs: real * 1000, status: run.status };
}

export async function withServingProcess<T>(
  script: string,
  args: readonly string[],
  fn: (firstLine: string) => Promise<T>,
): Promise<T> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    const lines = createInterface({ input: child.stdout });
    const [first] = (await Promise.race([
      once(lines, 'line'),
      once(child, 'exit').then(() => {
        throw new Error('the emulated clusters exited before serving');
      }),
    ])) as [string];
    return await fn(first);
  } finally {
    child.stdin.end();
    if (child.exitCode === null) await once(child, 'exit');
  }
}
