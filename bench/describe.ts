// `kmirror list` and `describe` end to end on each Node found, over 3 emulated brokers holding 100,000 mirrored
// partitions: wall time, CPU and peak RSS of the CLI process.

import { ManualClock, startEmulatedClusters, type EmulatedClusters } from '../src/lib/emulator/index.js';
import { median, type BenchResult } from './measure.js';
import { benchEnv, bareStart, type BenchNode } from './nodes.js';
import { cpuNote, runProcess, type ProcessRun } from './process-run.js';
import { BIN } from './bin.js';

const TOPICS = 1000;
const PARTITIONS = 100;
const ADMIN = { principal: 'User:admin', nodeId: 1 };

/** `frozen`: the engine's ticks at a million partitions would otherwise starve this process. */
export function startBenchMirror(emulator: EmulatedClusters, names: readonly string[], partitions: number): void {
  const source = emulator.source.cluster;
  const destination = emulator.destination.cluster;
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
      return { TopicId: t.id, TopicName: name, NumPartitions: partitions };
    }),
  });
  if (started.ErrorCode !== 0) throw new Error(`start failed: ${started.ErrorCode}`);
}

export async function setUp(
  topics = TOPICS,
  partitions = PARTITIONS,
  frozen = false,
  nodes = 3,
): Promise<EmulatedClusters> {
  const clock = frozen ? new ManualClock() : undefined;
  const emulator = await startEmulatedClusters({
    seed: 'bench',
    growthPerSec: 0,
    destination: { nodes },
    ...(clock ? { clock } : {}),
  });
  const source = emulator.source.cluster;
  const destination = emulator.destination.cluster;
  const names = Array.from({ length: topics }, (_, i) => `topic-${String(i).padStart(4, '0')}`);
  for (const name of names) source.createTopic(name, { partitions, initialOffset: 1000n });
  startBenchMirror(emulator, names, partitions);
  const until = Date.now() + Math.max(120_000, (topics * partitions) / 4);
  for (;;) {
    let mirroring = 0;
    for (const name of names)
      for (const p of destination.topics.get(name)?.partitions ?? []) if (p.mirror?.state === 'MIRRORING') mirroring++;
    if (mirroring === topics * partitions) break;
    if (Date.now() > until) throw new Error(`only ${mirroring} partitions reached MIRRORING`);
    if (clock) {
      clock.advance(250);
      emulator.tick();
    }
    await new Promise((resolve) => setTimeout(resolve, clock ? 10 : 250));
  }
  return emulator;
}

function runCli(node: BenchNode, args: readonly string[]): Promise<ProcessRun> {
  return runProcess(node.path, [BIN, ...args], benchEnv()).then((run) => {
    if (run.code !== 0)
      process.stderr.write(`kmirror ${args.join(' ')} on ${node.version} exited ${run.code}:\n${run.stderr}\n`);
    return run;
  });
}

async function measure(node: BenchNode, args: readonly string[], runs: number): Promise<ProcessRun[]> {
  await runCli(node, args); // unmeasured: fills the file-system and compile caches
  const measured: ProcessRun[] = [];
  for (let i = 0; i < runs; i++) measured.push(await runCli(node, args));
  return measured;
}

async function benchList(node: BenchNode, bootstrap: string, runs: number): Promise<BenchResult[]> {
  const measured = await measure(node, ['list', '-b', bootstrap, '--timeout', '60s', '--json'], runs);
  const ok = measured.every((r) => r.code === 0);
  return [
    {
      name: `node ${node.version}: list --json: wall time (median)`,
      value: median(measured.map((r) => r.ms)),
      unit: 'ms',
      detail: `${runs} runs${cpuNote(measured, median)}${ok ? '' : ', SOME RUNS FAILED'}; ${await bareStart(node)}`,
    },
  ];
}

async function benchDescribeOn(node: BenchNode, bootstrap: string, runs: number): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [label, extra] of [
    ['--json', ['--json']],
    ['--partitions', ['--partitions']],
  ] as const) {
    const measured = await measure(node, ['describe', 'bench', '-b', bootstrap, '--timeout', '60s', ...extra], runs);
    const ok = measured.every((r) => r.code === 0);
    const output = (median(measured.map((r) => r.stdoutBytes)) / 1e6).toFixed(1);
    const detail =
      `${runs} runs, ${TOPICS * PARTITIONS} partitions over 3 brokers, ${output} MB of ` +
      `output${ok ? '' : ', SOME RUNS FAILED'}; ${await bareStart(node)}`;
    results.push({
      name: `node ${node.version}: describe ${label}: wall time (median)`,
      value: median(measured.map((r) => r.ms)),
      unit: 'ms',
      target: '≤ 1500 ms',
      detail,
    });
    const cpu = measured.map((r) => r.cpuMs).filter((v): v is number => v !== null);
    if (cpu.length > 0)
      results.push({
        name: `node ${node.version}: describe ${label}: CLI CPU time user+sys (median)`,
        value: median(cpu),
        unit: 'ms',
      });
    results.push({
      name: `node ${node.version}: describe ${label}: peak RSS (max)`,
      value: Math.max(...measured.map((r) => r.peakRssMb)),
      unit: 'MB',
      target: '≤ 250 MB',
    });
  }
  return results;
}

export async function benchDescribe(nodes: readonly BenchNode[], runs = 3): Promise<BenchResult[]> {
  const emulator = await setUp();
  try {
    const results: BenchResult[] = [];
    const bootstrap = emulator.destination.bootstrap;
    for (const node of nodes) {
      results.push(...(await benchList(node, bootstrap, 5)));
      results.push(...(await benchDescribeOn(node, bootstrap, runs)));
    }
    return results;
  } finally {
    await emulator.close();
  }
}
