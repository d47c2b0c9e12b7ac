// `npm run bench:jvm`: kmirror beside `kafka-features.sh describe` against one real Apache Kafka 4.4 broker,
// pair by pair, so machine load hits both alike. Printed, never asserted; needs Java 17+ and Maven.

import { fileURLToPath } from 'node:url';
import { kafkaClasspath, startSingleNode } from '../test/real-kafka/harness.js';
import { median, stats } from './measure.js';
import { benchEnv, envWithExtraCaCerts, extraCaCertsNote, removeBenchCache } from './nodes.js';
import { timedRun, type TimedRun } from './process-run.js';

const BIN = fileURLToPath(new URL('../../bin/run.cjs', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 10) || 10;
// kafka-run-class.sh's defaults (KAFKA_HEAP_OPTS, KAFKA_JVM_PERFORMANCE_OPTS) for a tool.
const KAFKA_RUN_CLASS_OPTS = [
  '-Xmx256M',
  '-server',
  '-XX:+UseG1GC',
  '-XX:MaxGCPauseMillis=20',
  '-XX:InitiatingHeapOccupancyPercent=35',
  '-XX:+ExplicitGCInvokesConcurrent',
  '-XX:MaxInlineLevel=15',
  '-Djava.awt.headless=true',
];

function java(): string {
  return process.env.JAVA_HOME ? `${process.env.JAVA_HOME}/bin/java` : 'java';
}

/** kmirror check exits 4 against a broker without cluster mirroring (plain Kafka 4.4); that is its answer. */
function checked(run: TimedRun, what: string, ok: readonly number[]): TimedRun {
  if (run.status === null || !ok.includes(run.status)) throw new Error(`${what} exited ${String(run.status)}`);
  return run;
}

function withCaLine(pairs: readonly { java: TimedRun; withCa?: TimedRun }[], pick: (r: TimedRun) => number): string {
  const ratios = pairs.flatMap((p) => (p.withCa ? [pick(p.withCa) / pick(p.java)] : []));
  const ms = pairs.flatMap((p) => (p.withCa ? [pick(p.withCa)] : []));
  return `    with this shell's NODE_EXTRA_CA_CERTS: ${median(ratios).toFixed(3)} (kmirror ms ${stats(ms)})`;
}

async function main(): Promise<void> {
  const classpath = await kafkaClasspath();
  const kafka = await startSingleNode();
  try {
    const bootstrap = kafka.bootstrap.plaintext;
    const env = benchEnv();
    const javaArgv = [
      ...KAFKA_RUN_CLASS_OPTS,
      '-cp',
      classpath,
      'org.apache.kafka.tools.FeatureCommand',
      '--bootstrap-server',
      bootstrap,
      'describe',
    ];
    const kmirrorArgv = [BIN, 'check', '-b', bootstrap];
    const runJava = () => checked(timedRun(java(), javaArgv, env), 'kafka-features.sh describe', [0]);
    const kmirrorIn = (runEnv: NodeJS.ProcessEnv) => () =>
      checked(timedRun(process.execPath, kmirrorArgv, runEnv), 'kmirror check', [0, 4]);
    const runKmirror = kmirrorIn(env);
    // Node's own start with nothing to run: no Node program can take less, so its ratio is the floor.
    const runNode = () => checked(timedRun(process.execPath, ['-e', '0'], env), 'node -e 0', [0]);
    // The caller's NODE_EXTRA_CA_CERTS (nodes.ts), when set: kmirror as this shell would start it, beside.
    const caEnv = envWithExtraCaCerts();
    const runWithCa = caEnv && kmirrorIn(caEnv);
    runJava(); // warms the file-system cache (jars) and kmirror's code cache, as a second call finds them
    runKmirror();
    const pairs: { java: TimedRun; kmirror: TimedRun; node: TimedRun; withCa?: TimedRun }[] = [];
    for (let i = 0; i < RUNS; i++)
      pairs.push({ java: runJava(), kmirror: runKmirror(), node: runNode(), withCa: runWithCa?.() });
    const line = (label: string, pick: (r: TimedRun) => number) => {
      const ratios = pairs.map((p) => pick(p.kmirror) / pick(p.java));
      const floor = pairs.map((p) => pick(p.node) / pick(p.java));
      return [
        `${label}: kmirror check / kafka-features.sh describe = ${median(ratios).toFixed(3)} (median of ` +
          `${RUNS} pairs; target ≤ 0.08; ratios ${stats(ratios.map((r) => r * 1000))} ‰)`,
        `    kmirror ms ${stats(pairs.map((p) => pick(p.kmirror)))}; Java ms ${stats(pairs.map((p) => pick(p.java)))}`,
        `    floor: node -e 0 / kafka-features.sh describe = ${median(floor).toFixed(3)} ` +
          `(node -e 0 ms ${stats(pairs.map((p) => pick(p.node)))})`,
        ...(runWithCa ? [withCaLine(pairs, pick)] : []),
      ].join('\n');
    };
    console.log(
      `Apache Kafka 4.4 at ${bootstrap}; node ${process.version}; ${java()} with kafka-run-class.sh's options`,
    );
    const note = extraCaCertsNote();
    if (note) console.log(note);
    console.log(line('wall time', (r) => r.wallMs));
    console.log(line('CPU time user+sys', (r) => r.cpuMs));
  } finally {
    await kafka.stop();
    removeBenchCache();
  }
}

await main();
