// The Nodes the bench runs kmirror on: the one running the bench, plus the pinned Node 22/24 that
// scripts/install-node.ts put in the tools folder (`npm run tools:node`). Every figure taken on a Node is
// printed beside that Node's own `node -e 0`, so a faster runtime and a faster kmirror can be told apart.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installedNodes } from '../scripts/node-tools.js';
import { median } from './measure.js';
import { runProcess, timeSummary, timedRun, type ProcessRun, type TimedRun } from './process-run.js';

export interface BenchNode {
  readonly version: string;
  readonly path: string;
  /** Feature test: this Node has module.enableCompileCache, so bin/run.cjs turns the cache on. */
  readonly compileCache: boolean;
}

const BARE_RUNS = 9;
const bare = new Map<string, ProcessRun[]>();

function probe(path: string): BenchNode {
  const script = "process.stdout.write(process.version + ' ' + typeof require('node:module').enableCompileCache)";
  const run = spawnSync(path, ['-e', script], { encoding: 'utf8' });
  const [version = '?', kind] = run.stdout.split(' ');
  return { version, path, compileCache: kind === 'function' };
}

/** This Node first, then the installed extra majors (one entry per version). */
export function benchNodes(): BenchNode[] {
  const nodes = [probe(process.execPath), ...installedNodes().map((n) => probe(n.path))];
  return nodes.filter((node, i) => nodes.findIndex((other) => other.version === node.version) === i);
}

// Settings of the caller's environment that change how long Node takes before any script runs, for kmirror
// and `node -e 0` alike, and that the Java tool does not read. NODE_EXTRA_CA_CERTS: Node 20 reads and
// parses every certificate of that file at each start, before the first line of JavaScript (with a system
// bundle of 144 certificates: 416 M of `node -e 0`'s 505 M instructions under cachegrind, 60 ms of CPU
// against 24 without, on this machine); Node 22 and later read it on the first TLS connection. kmirror
// does not need it (brokers' CAs come from --tls-ca, ssl.truststore.location or a profile), and few
// operators' machines set it; a shell here does. Removed, and said so (extraCaCertsNote).
const START_UP_SETTINGS = ['NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS'];

/**
 * Environment for the kmirror processes: no inherited KMIRROR_* or start-up settings (above), no colour,
 * and a compile cache of the bench's own (filled by each figure's warm-up run) so leftovers of earlier
 * runs count for nothing.
 */
export function benchEnv(): NodeJS.ProcessEnv {
  if (!env) {
    env = { ...process.env, NO_COLOR: '1', CI: 'true' };
    for (const key of Object.keys(env))
      if (key.startsWith('KMIRROR_') || START_UP_SETTINGS.includes(key)) delete env[key];
    env.XDG_CACHE_HOME = mkdtempSync(join(tmpdir(), 'kmirror-bench-cache-'));
  }
  return env;
}
let env: NodeJS.ProcessEnv | undefined;

/** benchEnv() with the caller's NODE_EXTRA_CA_CERTS, or undefined when the caller has none. */
export function envWithExtraCaCerts(): NodeJS.ProcessEnv | undefined {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  return file ? { ...benchEnv(), NODE_EXTRA_CA_CERTS: file } : undefined;
}

/**
 * What the caller's NODE_EXTRA_CA_CERTS costs this Node's start (`node -e 0` with and without it, median
 * of a few runs), for the bench to print beside figures measured without it; undefined when it is not set.
 */
export function extraCaCertsNote(): string | undefined {
  const withIt = envWithExtraCaCerts();
  if (!withIt) return undefined;
  // bash's time, to the millisecond (/usr/bin/time's CPU figure is in hundredths of a second)
  const cpu = (runEnv: NodeJS.ProcessEnv) => {
    const runs = Array.from({ length: BARE_RUNS }, () => timedRun(process.execPath, ['-e', '0'], runEnv));
    const ms = (pick: (r: TimedRun) => number) => median(runs.map(pick)).toFixed(0);
    return `${ms((r) => r.wallMs)} ms wall, ${ms((r) => r.cpuMs)} ms CPU`;
  };
  return (
    `NODE_EXTRA_CA_CERTS=${process.env.NODE_EXTRA_CA_CERTS ?? ''} is set here and removed from every measured ` +
    `process (the Java tool does not read it; Node 20 parses its certificates at each start, Node 22+ on ` +
    `first TLS use). node -e 0 on ${process.version}: ${cpu(withIt)} with it, ${cpu(benchEnv())} without.`
  );
}

/** Removes the bench's compile cache. */
export function removeBenchCache(): void {
  if (env?.XDG_CACHE_HOME) rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true });
  env = undefined;
}

/** `node -e 0` on this Node (median of a few runs, measured once): "40 ms wall, 25 ms CPU". */
export async function bareStart(node: BenchNode): Promise<string> {
  let runs = bare.get(node.path);
  if (!runs) {
    runs = [];
    for (let i = 0; i < BARE_RUNS; i++) runs.push(await runProcess(node.path, ['-e', '0'], benchEnv()));
    bare.set(node.path, runs);
  }
  return `node -e 0 on this Node: ${timeSummary(runs, median)}`;
}
