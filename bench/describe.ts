// `kmirror describe` end to end over 3 emulated destination brokers holding 100,000 mirrored
// partitions (1,000 topics × 100): wall time and peak RSS of the CLI process, with --json and with
// --partitions (every row as a table). The mirror is set up in this process through the engine.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startEmulatedClusters, type EmulatedClusters } from '../src/lib/emulator/index.js';
import { median, type BenchResult } from './measure.js';

const BIN = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
const TIME = '/usr/bin/time';
const TOPICS = 1000;
const PARTITIONS = 100;
const ADMIN = { principal: 'User:admin', nodeId: 1 };

interface Run {
  readonly ms: number;
  readonly peakRssMb: number;
  readonly stdoutBytes: number;
  /** User + system CPU of the CLI process (null without /usr/bin/time): the figure machine load distorts least. */
  readonly cpuMs: number | null;
  readonly code: number | null;
}

async function setUp(): Promise<EmulatedClusters> {
  const emulator = await startEmulatedClusters({ seed: 'bench', growthPerSec: 0 });
  const source = emulator.source.cluster;
  const destination = emulator.destination.cluster;
  const names = Array.from({ length: TOPICS }, (_, i) => `topic-${String(i).padStart(4, '0')}`);
  for (const name of names) source.createTopic(name, { partitions: PARTITIONS, initialOffset: 1000n });
  const created = destination.createClusterMirror(ADMIN, {
    MirrorName: 'bench',
    Config: [
      { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
      { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
    ],
  });
  if (created.ErrorCode !== 0) throw new Error(`create failed: ${created.ErrorCode}`);
  const started = destination.startMirrorTopics(ADMIN, {
    MirrorName: 'bench',
    Topics: names.map((name) => {
      const t = source.topics.get(name);
      if (!t) throw new Error(`no topic ${name}`);
      return { TopicId: t.id, TopicName: name, NumPartitions: PARTITIONS };
    }),
  });
  if (started.ErrorCode !== 0) throw new Error(`start failed: ${started.ErrorCode}`);
  const until = Date.now() + 120_000;
  for (;;) {
    let mirroring = 0;
    for (const name of names)
      for (const p of destination.topics.get(name)?.partitions ?? []) if (p.mirror?.state === 'MIRRORING') mirroring++;
    if (mirroring === TOPICS * PARTITIONS) break;
    if (Date.now() > until) throw new Error(`only ${mirroring} partitions reached MIRRORING`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return emulator;
}

/** Peak RSS from `/usr/bin/time -f %M` (KiB) when present, else the last VmHWM seen in /proc. */
function runCli(args: readonly string[]): Promise<Run> {
  const useTime = existsSync(TIME);
  const command = useTime ? TIME : process.execPath;
  const argv = useTime
    ? ['-f', 'KMIRROR_PEAK_KB=%M KMIRROR_CPU_S=%U+%S', process.execPath, BIN, ...args]
    : [BIN, ...args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, argv, {
      env: { ...process.env, NO_COLOR: '1', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
      if (code !== 0) process.stderr.write(`kmirror ${args.join(' ')} exited ${code}:\n${stderr}\n`);
      resolve({ ms, peakRssMb: hwmKb / 1024, stdoutBytes, cpuMs, code });
    });
  });
}

export async function benchDescribe(runs = 3): Promise<BenchResult[]> {
  const emulator = await setUp();
  try {
    const results: BenchResult[] = [];
    const bootstrap = emulator.destination.bootstrap;
    for (const [label, extra] of [
      ['--json', ['--json']],
      ['--partitions', ['--partitions']],
    ] as const) {
      const measured: Run[] = [];
      for (let i = 0; i < runs; i++)
        measured.push(await runCli(['describe', 'bench', '-b', bootstrap, '--timeout', '60s', ...extra]));
      const ok = measured.every((r) => r.code === 0);
      const detail = `${runs} runs, ${TOPICS * PARTITIONS} partitions over 3 brokers, ${(median(measured.map((r) => r.stdoutBytes)) / 1e6).toFixed(1)} MB of output${ok ? '' : ', SOME RUNS FAILED'}`;
      results.push({
        name: `describe ${label}: wall time (median)`,
        value: median(measured.map((r) => r.ms)),
        unit: 'ms',
        target: '≤ 1500 ms',
        detail,
      });
      const cpu = measured.map((r) => r.cpuMs).filter((v): v is number => v !== null);
      if (cpu.length > 0)
        results.push({ name: `describe ${label}: CLI CPU time user+sys (median)`, value: median(cpu), unit: 'ms' });
      results.push({
        name: `describe ${label}: peak RSS (max)`,
        value: Math.max(...measured.map((r) => r.peakRssMb)),
        unit: 'MB',
        target: '≤ 250 MB',
      });
    }
    return results;
  } finally {
    await emulator.close();
  }
}
