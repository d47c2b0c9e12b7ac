// Start-up pairs: each kmirror command against `node -e 0` run right before it, so machine load hits both alike;
// CPU time (user + system), which load disturbs less than wall time.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { median, stats } from './measure.js';
import { compareInstalled, installPackage } from './installed.js';
import { benchEnv, envWithExtraCaCerts, type BenchNode } from './nodes.js';
import { timedRun } from './process-run.js';
import { BIN, REPOSITORY_BIN } from './bin.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15) || 15;

function cpuMs(node: string, argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const run = timedRun(node, argv, env);
  if (run.status !== 0) throw new Error(`${argv.join(' ')} failed (${String(run.status)})`);
  return run.cpuMs;
}

interface Pair {
  readonly name: string;
  readonly argv: readonly string[];
}

function measurePair(node: BenchNode, pair: Pair, env: NodeJS.ProcessEnv, label = ''): string {
  cpuMs(node.path, pair.argv, env); // warms the file-system cache, as a second invocation by a user finds it
  const own: number[] = [];
  const base: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const b = cpuMs(node.path, ['-e', '0'], env);
    const c = cpuMs(node.path, pair.argv, env);
    base.push(b);
    own.push(c);
    ratios.push(c / b);
  }
  return [
    `Node ${node.version} ${pair.name}${label}: ratio ${median(ratios).toFixed(2)}× node -e 0 (median of ${RUNS} ` +
      `pairs; ratios ${stats(ratios.map((r) => r * 100))} %)`,
    `    run CPU ms ${stats(own)}; node -e 0 CPU ms ${stats(base)}`,
  ].join('\n');
}

// What oclif 4 and kafkajs 2.2.4 make every `list` pay before any of our code runs: oclif's Plugin.load sorts
// the commands with localeCompare (building ICU's collator), kafkajs's connection.js loads node:crypto (for SCRAM)
// and a connection needs node:net. No kmirror run can cost less than this row.
const DEPENDENCY_FLOOR: Pair = {
  name: 'dependency floor (ICU collator + node:crypto + node:net)',
  argv: ['-e', "'a'.localeCompare('b'); require('node:crypto'); require('node:net')"],
};

function bigConfigGet(dest: string, env: NodeJS.ProcessEnv): string {
  const names = Array.from({ length: 10_000 }, (_, i) => `t-${String(i).padStart(5, '0')}`).join(',');
  const set = spawnSync(
    process.execPath,
    [BIN, 'config', 'set', 'bench-m1', `mirror.topics.include=${names}`, '-b', dest, '--json', '--yes'],
    { env, encoding: 'utf8' },
  );
  if (set.status !== 0) throw new Error(`config set failed: ${set.stdout}${set.stderr}`);
  const argv = [BIN, 'config', 'get', 'bench-m1', '-b', dest];
  const cpu = Array.from({ length: 3 }, () => cpuMs(process.execPath, argv, env));
  const wall = Array.from({ length: 3 }, () => {
    const start = performance.now();
    spawnSync(process.execPath, argv, { env, stdio: 'ignore' });
    return performance.now() - start;
  });
  return (
    `kmirror config get of 10,000 included topics (table): CPU ms ${stats(cpu)}; wall ms ${stats(wall)} ` +
    `(target ≤ 1 s)`
  );
}

async function startPlayground(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; source: string; dest: string }> {
  const child = spawn(process.execPath, [BIN, 'playground', '--json'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  let text = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => (text += chunk));
  while (!text.includes('\n')) {
    const [exit] = await Promise.race([once(child.stdout!, 'data'), once(child, 'exit').then(() => ['exit'])]);
    if (exit === 'exit') throw new Error('kmirror playground exited before listening');
  }
  const doc = JSON.parse(text.slice(0, text.indexOf('\n'))) as {
    source: { bootstrap: string };
    destination: { bootstrap: string };
  };
  return { child, source: doc.source.bootstrap, dest: doc.destination.bootstrap };
}

export async function benchStartupPairs(nodes: readonly BenchNode[]): Promise<string[]> {
  const env = benchEnv();
  const playground = await startPlayground(env);
  try {
    const created = spawnSync(
      process.execPath,
      [BIN, 'create', 'bench-m1', '-b', playground.dest, '--source-bootstrap', playground.source, '--json'],
      { env, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`create failed: ${created.stdout}${created.stderr}`);
    const pairs: Pair[] = [
      { name: 'kmirror --version', argv: [BIN, '--version'] },
      { name: 'kmirror list --json', argv: [BIN, 'list', '--json', '-b', playground.dest] },
      {
        name: 'kmirror describe bench-m1 --json',
        argv: [BIN, 'describe', 'bench-m1', '--json', '-b', playground.dest],
      },
    ];
    const lines = nodes.flatMap((node) => [...pairs, DEPENDENCY_FLOOR].map((pair) => measurePair(node, pair, env)));
    // With NODE_EXTRA_CA_CERTS both pay for it on Node 20, so the ratios come out lower.
    const caEnv = envWithExtraCaCerts();
    if (caEnv) {
      const label = " (with this shell's NODE_EXTRA_CA_CERTS)";
      lines.push(...pairs.map((pair) => measurePair(nodes[0]!, pair, caEnv, label)));
    }
    lines.push(bigConfigGet(playground.dest, env));
    // The package packed is this repository's: beside another checkout's bin it would compare nothing.
    if (BIN !== REPOSITORY_BIN) return lines;
    const installed = installPackage();
    try {
      lines.push(
        ...compareInstalled(installed.bin, [
          ['--version'],
          ['list', '--json', '-b', playground.dest],
          ['describe', 'bench-m1', '--json', '-b', playground.dest],
        ]),
      );
    } finally {
      installed.remove();
    }
    return lines;
  } finally {
    playground.child.kill('SIGTERM');
    await once(playground.child, 'exit');
  }
}
