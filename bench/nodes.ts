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

export function benchNodes(): BenchNode[] {
  const nodes = [probe(process.execPath), ...installedNodes().map((n) => probe(n.path))];
  return nodes.filter((node, i) => nodes.findIndex((other) => other.version === node.version) === i);
}

// Settings that change Node's start before any script runs. Node 20 parses every certificate of
// NODE_EXTRA_CA_CERTS at each start (Node 22+ on the first TLS connection); kmirror does not need it.
const START_UP_SETTINGS = ['NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS'];

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

export function envWithExtraCaCerts(): NodeJS.ProcessEnv | undefined {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  return file ? { ...benchEnv(), NODE_EXTRA_CA_CERTS: file } : undefined;
}

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

export function removeBenchCache(): void {
  if (env?.XDG_CACHE_HOME) rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true });
  env = undefined;
}

export async function bareStart(node: BenchNode): Promise<string> {
  let runs = bare.get(node.path);
  if (!runs) {
    runs = [];
    for (let i = 0; i < BARE_RUNS; i++) runs.push(await runProcess(node.path, ['-e', '0'], benchEnv()));
    bare.set(node.path, runs);
  }
  return `node -e 0 on this Node: ${timeSummary(runs, median)}`;
}
