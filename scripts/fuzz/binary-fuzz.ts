// The real binary against emulated brokers whose answers are damaged (one mutation per run): each run must end
// within --timeout + 1 s with a documented exit code, one JSON document on stdout, and no stack trace.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_CODES } from '../../src/lib/cli/failures/exit-codes.js';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { MUTATIONS, mutateFrame, type MutationName } from './mutations.js';
import { Random } from './random.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));
const PROBE = fileURLToPath(new URL('./rss-probe.js', import.meta.url));
const DOCUMENTED_EXIT_CODES: ReadonlySet<number> = new Set(EXIT_CODES.map((row) => row.code));
const APIS = ['DescribeClusterMirrors', 'ListClusterMirrors', 'ApiVersions'] as const;
const COMMANDS = [['describe'], ['describe', 'm1', '--partitions'], ['list']] as const;
const STACK = /^\s+at .+(\(|:\d+:\d+)/m;

export interface RunOutcome {
  readonly api: string;
  readonly mutation: MutationName;
  readonly command: string;
  readonly exitCode: number | null;
  readonly ms: number;
  readonly commandMs: number | null;
  readonly rssKiB: number | null;
  readonly crash: string | null;
  readonly hang: boolean;
  readonly contract: string | null;
}

export interface BinaryFigures {
  readonly runs: number;
  readonly crashes: number;
  readonly hangs: number;
  readonly contractBreaks: number;
  readonly exitCodes: Record<string, number>;
  readonly maxMs: number;
  readonly maxCommandMs: number;
  readonly startupMs: number;
  readonly peakRssMiB: number;
  readonly examples: RunOutcome[];
  readonly hangExamples: (RunOutcome & { readonly limitMs: number; readonly tail: string })[];
}

const STARTUP_PROBE = ['list', '--timeout', 'not-a-duration', '--json'];

async function startupNow(dir: string): Promise<number> {
  let slowest = 0;
  for (let i = 0; i < 2; i++) {
    const probe = await runOnce(STARTUP_PROBE, 60_000, join(dir, 'rss-startup'));
    slowest = Math.max(slowest, Math.round(probe.ms));
  }
  return slowest;
}

async function prepare(onRequest: () => void): Promise<EmulatedClusters> {
  const emulator = await startEmulatedClusters({
    seed: 'fuzz',
    destination: { nodes: 2 },
    growthPerSec: 0,
    onWire: (event) => {
      if (event.direction === 'request') onRequest();
    },
  });
  const admin = { principal: 'User:admin', nodeId: 1 };
  const dest = emulator.destination.cluster;
  dest.createClusterMirror(admin, {
    MirrorName: 'm1',
    Config: [
      { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
      { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
    ],
  });
  const topics = [...emulator.source.cluster.topics.values()].slice(0, 2);
  dest.startMirrorTopics(admin, {
    MirrorName: 'm1',
    Topics: topics.map((t) => ({ TopicId: t.id, TopicName: t.name, NumPartitions: t.partitions.length })),
  });
  return emulator;
}

function runOnce(
  args: readonly string[],
  killAfterMs: number,
  rssFile: string,
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PROBE, BIN, ...args], {
      env: { ...process.env, NO_COLOR: '1', CI: 'true', KMIRROR_FUZZ_RSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
  });
}

function judge(result: { code: number | null; signal: string | null; stdout: string; stderr: string }): string | null {
  // Our own SIGKILL after the hang limit is a hang (counted as such), not a crash.
  if (result.signal === 'SIGKILL') return null;
  if (result.signal) return `killed by ${result.signal}`;
  if (result.code === null || !DOCUMENTED_EXIT_CODES.has(result.code)) return `undocumented exit code ${result.code}`;
  if (STACK.test(result.stderr) || STACK.test(result.stdout)) return 'stack trace';
  try {
    JSON.parse(result.stdout);
  } catch {
    return 'stdout is not one JSON document';
  }
  return null;
}

export async function fuzzBinary(
  runs: number,
  rnd: Random,
  options: { timeoutMs: number; parallel: number; onProgress?: (done: readonly RunOutcome[]) => void },
): Promise<BinaryFigures> {
  // A run hangs past the budget + 1 s from the first request its broker saw; a run that sent nothing, past that
  // plus the start-up, measured again every 50 runs (a shared machine's load moves).
  const dir = mkdtempSync(join(tmpdir(), 'kmirror-fuzz-'));
  let startupMs = await startupNow(dir);
  let peakStartupMs = startupMs;
  // One emulator per worker: fault rules belong to a node, so two runs must not share nodes.
  const firstRequestAt: (number | undefined)[] = [];
  const emulators = await Promise.all(
    Array.from({ length: options.parallel }, (_, w) =>
      prepare(() => {
        firstRequestAt[w] ??= performance.now();
      }),
    ),
  );
  const outcomes: RunOutcome[] = [];
  const hangExamples: BinaryFigures['hangExamples'][number][] = [];
  let measuring: Promise<void> | undefined;
  let next = 0;
  try {
    const worker = async (w: number): Promise<void> => {
      const emulator = emulators[w] as EmulatedClusters;
      const nodes = emulator.destination.nodes;
      for (;;) {
        const i = next++;
        if (i >= runs) return;
        if (i > 0 && i % 50 === 0)
          measuring ??= startupNow(dir).then((ms) => {
            startupMs = ms;
            peakStartupMs = Math.max(peakStartupMs, ms);
            measuring = undefined;
          });
        await measuring;
        const api = rnd.pick(APIS);
        const mutation = rnd.pick(MUTATIONS);
        const command = rnd.pick(COMMANDS);
        const once = rnd.next() < 0.5;
        const runRnd = new Random(rnd.int(0x7fffffff));
        const rssFile = join(dir, `rss-${w}`);
        rmSync(rssFile, { force: true });
        const rules = nodes.map((n) =>
          n.faults.mutateResponse(
            api,
            (frame, response) => mutateFrame(frame, mutation, runRnd, response),
            once ? { times: 1 } : {},
          ),
        );
        let result;
        firstRequestAt[w] = undefined;
        const spawnedAt = performance.now();
        try {
          result = await runOnce(
            [...command, '-b', emulator.destination.bootstrap, '--json', '--timeout', `${options.timeoutMs}ms`],
            options.timeoutMs + startupMs + 5000,
            rssFile,
          );
        } finally {
          for (const rule of rules) rule.remove();
        }
        let rssKiB: number | null = null;
        try {
          rssKiB = Number(readFileSync(rssFile, 'utf8'));
        } catch {
          rssKiB = null;
        }
        const crash = judge(result);
        const first = firstRequestAt[w];
        const commandMs = first === undefined ? null : Math.round(spawnedAt + result.ms - first);
        const limitMs = commandMs === null ? options.timeoutMs + 1000 + startupMs : options.timeoutMs + 1000;
        const outcome: RunOutcome = {
          api,
          mutation,
          command: command.join(' '),
          exitCode: result.code,
          ms: Math.round(result.ms),
          commandMs,
          rssKiB,
          crash: crash === null ? null : `${crash}: ${(result.stderr || result.stdout).slice(0, 600)}`,
          hang: result.signal === 'SIGKILL' || (commandMs ?? result.ms) > limitMs,
          contract: result.stderr.trim() === '' ? null : `stderr under --json: ${result.stderr.slice(0, 300)}`,
        };
        outcomes.push(outcome);
        if (outcome.hang) hangExamples.push({ ...outcome, limitMs, tail: (result.stderr + result.stdout).slice(-300) });
        options.onProgress?.(outcomes);
      }
    };
    await Promise.all(Array.from({ length: options.parallel }, (_, w) => worker(w)));
  } finally {
    await Promise.all(emulators.map((e) => e.close()));
    rmSync(dir, { recursive: true, force: true });
  }
  const exitCodes: Record<string, number> = {};
  for (const o of outcomes) exitCodes[String(o.exitCode)] = (exitCodes[String(o.exitCode)] ?? 0) + 1;
  const bad = outcomes.filter((o) => o.crash !== null || o.hang || o.contract !== null);
  return {
    runs: outcomes.length,
    crashes: outcomes.filter((o) => o.crash !== null).length,
    hangs: outcomes.filter((o) => o.hang).length,
    contractBreaks: outcomes.filter((o) => o.contract !== null).length,
    exitCodes,
    maxMs: Math.max(0, ...outcomes.map((o) => o.ms)),
    maxCommandMs: Math.max(0, ...outcomes.map((o) => o.commandMs ?? 0)),
    startupMs: peakStartupMs,
    peakRssMiB: Math.round(Math.max(0, ...outcomes.map((o) => o.rssKiB ?? 0)) / 1024),
    examples: bad.filter((o) => !o.hang).slice(0, 5),
    hangExamples: hangExamples
      .sort((a, b) => (b.commandMs ?? b.ms) - b.limitMs - ((a.commandMs ?? a.ms) - a.limitMs))
      .slice(0, 5),
  };
}
