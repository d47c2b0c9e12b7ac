// The example session of the docs: the real kmirror binary against emulated clusters on a hand-stepped clock, so
// two runs print the same bytes. A build-time tool, kept out of src/ so the product never loads the emulator.

import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ManualClock,
  startEmulatedClusters,
  type EmulatedClusterHandle,
  type EmulatedClusters,
} from '../src/lib/emulator/index.js';
import { PLAYGROUND_REFRESH_INTERVAL_MS, PLAYGROUND_TOPICS, shellQuote } from '../src/lib/emulator/playground.js';
import type { ExamplesFile } from '../src/lib/docs/examples-file.js';

const MIRROR = 'eu-orders';
const CLOCK_START_MS = Date.UTC(2026, 0, 1);
const COPY_RECORDS_PER_SEC = 2_500;
const GROWTH_PER_SEC = 20;
const ENGINE_STEP_MS = 100;

/** Documented address of each node: the same length as `127.0.0.1:<5-digit port>`, so table columns stay aligned. */
function addressMap(clusters: EmulatedClusters): Map<string, string> {
  const map = new Map<string, string>();
  const add = (handle: EmulatedClusterHandle, base: number): void => {
    for (const node of handle.nodes) {
      const shown = `localhost:${base + node.nodeId}`;
      if (String(node.port).length !== 5)
        throw new Error(`port ${node.port} is not 5 digits: the normalised output would misalign`);
      map.set(`127.0.0.1:${node.port}`, shown);
      map.set(`localhost:${node.port}`, shown);
    }
  };
  add(clusters.destination, 19091);
  add(clusters.source, 29091);
  return map;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function normaliseOutput(
  text: string,
  addresses: ReadonlyMap<string, string>,
  paths: ReadonlyMap<string, string>,
): string {
  let out = text.replace(ANSI, '');
  for (const [from, to] of [...addresses, ...paths]) out = out.replaceAll(from, to);
  return out.replace(/\s+$/, '');
}

/** The child's environment: no colour, no prompts, none of the user's KMIRROR_* settings. */
function exampleEnv(columns: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('KMIRROR_') && key !== 'FORCE_COLOR' && key !== 'DEBUG') env[key] = value;
  }
  env.NO_COLOR = '1';
  env.CI = 'true';
  env.COLUMNS = String(columns);
  // The lag times read on the source: a loaded machine (a CI run) can take longer than the default 2 s.
  env.KMIRROR_SOURCE_CHECK_TIMEOUT = '20s';
  return env;
}

/** stdout and stderr on ONE pipe (`2>&1`), so notes and tables keep the order the process wrote them in. */
function runBinary(
  bin: string,
  args: readonly string[],
  cwd: string,
  columns: number,
): Promise<{ output: string; exitCode: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', 'exec "$0" "$@" 2>&1', process.execPath, bin, ...args], {
      cwd,
      env: exampleEnv(columns),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      if (signal) reject(new Error(`kmirror ${args.join(' ')}: killed by ${signal}`));
      else resolve({ output, exitCode });
    });
  });
}

export interface ExampleSessionOptions {
  readonly root: string;
  readonly commands: ReadonlySet<string>;
  /** The terminal width the commands are told (COLUMNS); the docs' is 120. */
  readonly columns?: number;
  /** Outputs as printed, their wall-clock times too (addresses are still the documented ones). */
  readonly wallTimes?: boolean;
}

interface Step {
  readonly id: string;
  readonly args: (dst: string, src: string) => string[];
  readonly thenAdvanceMs?: number;
  readonly before?: (clusters: EmulatedClusters, advance: (ms: number) => void) => void;
  readonly engineMsPerRequest?: number;
}

/**
 * Wall-clock durations a waiting command prints are shown as N; whether promote waited for the group copy depends
 * on the sync period, so that clause is left out too.
 */
const LAG_TIME_WIDTH = 12;

export function withoutWallTimes(text: string): string {
  return (
    text
      .replace(/\b(in|waited) \d+(?:\.\d)? s\b/g, '$1 N s')
      .replaceAll(' (waited N s for the copy)', '')
      // LAG TIME ages grow with the day the record is made: shown as N h in one fixed width. A zero minute or
      // second is left out of an age (8049h5s, 8049h12m), so both parts are optional.
      .replace(/ +(\d{2,}h(?:\d+m)?(?:\d+s)?)(?= |$)/gm, () => `  ${'N h'.padStart(LAG_TIME_WIDTH)}`)
      .replace(/ +LAG TIME\b/g, () => `  ${'LAG TIME'.padStart(LAG_TIME_WIDTH)}`)
  );
}

function commitOnSource(
  clusters: EmulatedClusters,
  group: string,
  offsets: Record<string, Record<number, bigint>>,
): void {
  for (const [topic, partitions] of Object.entries(offsets))
    for (const [partition, offset] of Object.entries(partitions))
      clusters.source.cluster.groups.commit(group, topic, Number(partition), {
        offset,
        leaderEpoch: -1,
        metadata: null,
        committedAt: clusters.clock.now(),
      });
}

const STEPS: readonly Step[] = [
  { id: 'check', args: (dst) => ['check', '-b', dst] },
  { id: 'create', args: (dst, src) => ['create', MIRROR, '-b', dst, '--source-bootstrap', src] },
  {
    id: 'add-topics',
    args: (dst) => ['add-topics', MIRROR, '-b', dst, '--pattern', 'orders-.*', '--yes'],
    thenAdvanceMs: 4_000,
  },
  { id: 'list', args: (dst) => ['list', '-b', dst] },
  { id: 'describe', args: (dst) => ['describe', MIRROR, '-b', dst] },
  {
    id: 'describe',
    args: (dst) => ['describe', MIRROR, '-b', dst, '--partitions', '--sort', 'lag'],
    thenAdvanceMs: 10_000,
  },
  { id: 'describe', args: (dst) => ['describe', MIRROR, '-b', dst] },
  { id: 'config:get', args: (dst) => ['config', 'get', MIRROR, '-b', dst] },
  { id: 'config:set', args: (dst) => ['config', 'set', MIRROR, 'mirror.fetch.max.bytes=2097152', '-b', dst] },
  { id: 'config:get', args: (dst) => ['config', 'get', MIRROR, 'mirror.fetch.max.bytes', '-b', dst] },
  { id: 'check', args: (dst) => ['check', MIRROR, '-b', dst] },
  {
    id: 'groups',
    args: (dst) => ['groups', MIRROR, '-b', dst],
    before: (clusters, advance) => {
      commitOnSource(clusters, 'billing', { 'orders-us': { 0: 24_100n, 1: 24_080n, 2: 24_120n } });
      commitOnSource(clusters, 'fulfilment', { 'orders-eu': { 0: 16_040n, 1: 16_010n } });
      commitOnSource(clusters, 'ledger', { payments: { 0: 8_000n } });
      advance(PLAYGROUND_REFRESH_INTERVAL_MS);
      commitOnSource(clusters, 'billing', { 'orders-us': { 0: 24_150n } });
    },
  },
  {
    id: 'diff',
    args: (dst) => ['diff', MIRROR, '-b', dst],
    before: (clusters) => {
      clusters.source.cluster.topics.get('orders-eu')?.configs.set('retention.ms', '86400000');
    },
  },
  { id: 'verify', args: (dst) => ['verify', MIRROR, '-b', dst, '--topic', 'orders-eu', '--tail', '3'] },
  { id: 'pause', args: (dst) => ['pause', MIRROR, '-b', dst, '--topic', 'orders-eu'], thenAdvanceMs: 1_000 },
  { id: 'resume', args: (dst) => ['resume', MIRROR, '-b', dst, '--topic', 'orders-eu'], thenAdvanceMs: 2_000 },
  {
    id: 'promote',
    args: (dst) => ['promote', MIRROR, '-b', dst, '--topic', 'orders-eu', '--quiet-period', '1s', '--dry-run'],
    before: (clusters) => clusters.source.cluster.setTraffic(false),
    thenAdvanceMs: 1_000,
  },
  {
    id: 'promote',
    args: (dst) => ['promote', MIRROR, '-b', dst, '--topic', 'orders-eu', '--quiet-period', '1s', '--yes'],
    engineMsPerRequest: 100,
  },
  {
    id: 'failback',
    args: (dst, src) => ['failback', MIRROR, '-b', dst, '--to', src, '--topic', 'orders-eu', '--dry-run'],
    before: (clusters) => {
      clusters.destination.cluster.produce('orders-eu', 0, 40);
      clusters.source.cluster.produce('orders-eu', 1, 25);
    },
  },
  {
    id: 'failback',
    args: (dst, src) => ['failback', MIRROR, '-b', dst, '--to', src, '--topic', 'orders-eu', '--yes'],
    engineMsPerRequest: 100,
  },
  { id: 'topology', args: (dst, src) => ['topology', '-b', src, '-b', dst] },
  {
    id: 'remove-topics',
    args: (dst) => ['remove-topics', MIRROR, '-b', dst, '--pattern', 'orders-.*', '--yes'],
    thenAdvanceMs: 2_000,
  },
  { id: 'delete', args: (dst) => ['delete', MIRROR, '-b', dst, '--yes'] },
];

export async function runExampleSession(options: ExampleSessionOptions): Promise<ExamplesFile> {
  const bin = join(options.root, 'bin', 'run.cjs');
  const clock = new ManualClock(CLOCK_START_MS);
  let perRequestMs = 0;
  const engine: { clusters?: EmulatedClusters } = {};
  const clusters = await startEmulatedClusters({
    seed: 'kmirror-docs',
    clock,
    onWire: (event) => {
      if (perRequestMs <= 0 || event.direction !== 'request' || !engine.clusters) return;
      clock.advance(perRequestMs);
      engine.clusters.tick();
    },
    source: { nodes: 1, brokerConfigs: { 'mirror.state.topic.replication.factor': '1' } },
    destination: {
      nodes: 3,
      brokerConfigs: { 'mirror.metadata.refresh.interval.ms': String(PLAYGROUND_REFRESH_INTERVAL_MS) },
    },
    demoTopics: PLAYGROUND_TOPICS,
    growthPerSec: GROWTH_PER_SEC,
    timing: { copyRecordsPerSec: COPY_RECORDS_PER_SEC, startupFailureMs: 0 },
  });
  engine.clusters = clusters;
  try {
    const addresses = addressMap(clusters);
    const paths = new Map([
      [options.root.replace(/\/$/, ''), '.'],
      [tmpdir(), '/tmp'],
    ]);
    const dst = clusters.destination.nodes[0]?.address;
    const src = clusters.source.nodes[0]?.address;
    if (!dst || !src) throw new Error('the emulator started without nodes');
    const examples: ExamplesFile = {};
    const advance = (ms: number): void => {
      for (let done = 0; done < ms; done += ENGINE_STEP_MS) {
        clock.advance(ENGINE_STEP_MS);
        clusters.tick();
      }
    };
    for (const step of STEPS) {
      if (!options.commands.has(step.id)) continue;
      const args = step.args(dst, src);
      step.before?.(clusters, advance);
      perRequestMs = step.engineMsPerRequest ?? 0;
      const run = await runBinary(bin, args, options.root, options.columns ?? 120).finally(() => (perRequestMs = 0));
      const commandLine = normaliseOutput(`kmirror ${args.map(shellQuote).join(' ')}`, addresses, paths);
      (examples[step.id] ??= []).push({
        commandLine,
        output: (options.wallTimes ? (text: string) => text : withoutWallTimes)(
          normaliseOutput(run.output, addresses, paths),
        ),
        exitCode: run.exitCode,
      });
      advance(step.thenAdvanceMs ?? 0);
    }
    return examples;
  } finally {
    await clusters.close();
  }
}

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
