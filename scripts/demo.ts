// `npm run demo`: the main job on the embedded default, the real kmirror binary run step by step against the
// playground clusters in this process; exits 1 naming the step that failed.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { shellQuote, startPlayground, type RunningPlayground } from '../src/lib/emulator/playground.js';

const BIN = fileURLToPath(new URL('../../bin/run.cjs', import.meta.url));

const MIRROR = 'demo';
const DESCRIBE_ROUNDS = 4;
const DESCRIBE_INTERVAL_MS = 1500;
const START_WAIT_MS = 3000;

interface StepFailure {
  readonly command: string;
  readonly reason: string;
}

class DemoStepFailed extends Error {
  constructor(readonly failure: StepFailure) {
    super(`${failure.command}: ${failure.reason}`);
  }
}

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('KMIRROR_')) env[key] = value;
  return env;
}

const running = new Set<ReturnType<typeof spawn>>();

function kmirror(args: readonly string[]): Promise<void> {
  const command = `kmirror ${args.map(shellQuote).join(' ')}`;
  process.stdout.write(`\n$ ${command}\n`);
  return new Promise((resolve, reject) => {
    // Asynchronous on purpose: the emulator answering this command runs on this process's event loop.
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'inherit', 'inherit'], env: childEnv() });
    running.add(child);
    child.on('error', (err) => {
      running.delete(child);
      reject(new DemoStepFailed({ command, reason: `could not start: ${err.message}` }));
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve();
      else
        reject(
          new DemoStepFailed({ command, reason: signal ? `killed by ${signal}` : `exited with code ${String(code)}` }),
        );
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function runDemo(playground: RunningPlayground): Promise<void> {
  const src = playground.info.source.bootstrap;
  const dst = playground.info.destination.bootstrap;
  await kmirror(['check', '-b', dst]);
  await kmirror(['create', MIRROR, '-b', dst, '--source-bootstrap', src]);
  await kmirror(['add-topics', MIRROR, '-b', dst, '--pattern', 'orders-.*', '--yes']);
  // As on the prototype broker, new topics are FAILED for about 2 s and then report lag 0 until their first fetch.
  process.stdout.write(
    `\n# new topics start FAILED for about 2 s on the prototype broker: wait ${START_WAIT_MS / 1000} s\n`,
  );
  await sleep(START_WAIT_MS);
  process.stdout.write(
    `\n# describe every ${DESCRIBE_INTERVAL_MS / 1000} s while the destination copies: the lag falls\n`,
  );
  for (let round = 1; round <= DESCRIBE_ROUNDS; round++) {
    await sleep(DESCRIBE_INTERVAL_MS);
    await kmirror(['describe', MIRROR, '-b', dst]);
  }
  await kmirror(['list', '-b', dst]);
}

async function main(): Promise<number> {
  process.stdout.write('Starting an emulated source and destination cluster in this process (kmirror playground)…\n');
  const playground = await startPlayground();
  const { source, destination, topics } = playground.info;
  process.stdout.write(
    `source:      ${source.bootstrap}  (topics ${topics.join(', ')}, records keep arriving)\n` +
      `destination: ${destination.bootstrap}\n`,
  );

  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    interrupted = true;
    process.stderr.write(`\n${signal} received: stopping the demo.\n`);
    for (const child of running) child.kill(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    await runDemo(playground);
    process.stdout.write(
      '\nDemo finished: the mirror "demo" copies orders-us and orders-eu from source to destination.\n',
    );
    return 0;
  } catch (err) {
    if (interrupted) return 130;
    if (err instanceof DemoStepFailed) {
      process.stderr.write(`\nDemo failed at step \`${err.failure.command}\`: ${err.failure.reason}.\n`);
      return 1;
    }
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await playground.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`Demo failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
