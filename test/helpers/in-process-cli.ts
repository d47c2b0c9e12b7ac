// Runs a kmirror command inside the test process: oclif's own Config (loaded once) and run(), as
// bin/run.cjs does, with stdout/stderr captured, the exit code worked out as the process would have
// it, and env, stdin, colour, exit code, listeners and registered secrets restored after each call.
// Same result shape as runCli in ./cli.ts, which spawns the binary for what only a process shows.

import './plain-terminal-env.js';
import { PassThrough } from 'node:stream';
import { Config, run } from '@oclif/core';
import { Exit, handle } from '@oclif/core/handle';
import { useColours } from '../../src/lib/text/paint.js';
import { useTableWidth } from '../../src/lib/text/table-width.js';
import { sourceCommandsOptions } from '../../src/lib/cli/startup/source-commands.js';
import { clearRegisteredSecrets } from '../../src/lib/connection/redact.js';
import { type CliOptions, type CliResult, REPO_ROOT, testEnv } from './cli.js';

export { type CliOptions, type CliResult, REPO_ROOT, jsonOf, testEnv } from './cli.js';

let configPromise: Promise<Config> | undefined;
/** One oclif Config per test process, as one per kmirror process; commands from dist/src, not the bundle. */
function config(): Promise<Config> {
  configPromise ??= Config.load(sourceCommandsOptions(REPO_ROOT));
  return configPromise;
}

// Calls share process-wide streams and env, so they run one at a time.
let queue: Promise<unknown> = Promise.resolve();

const WATCHED_EVENTS = ['SIGINT', 'SIGTERM', 'exit', 'beforeExit', 'uncaughtException', 'unhandledRejection'];
const events = process as NodeJS.EventEmitter;

type Write = typeof process.stdout.write;

/** Runs `kmirror …args` in this process; resolves with what a spawned run would have shown. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const call = queue.then(() => runNow(args, options));
  queue = call.catch(() => undefined);
  return call;
}

async function runNow(args: readonly string[], options: CliOptions): Promise<CliResult> {
  const loaded = await config();
  const out: string[] = [];
  const err: string[] = [];
  const restore = isolate(options, out, err);
  let code: number;
  try {
    code = await bounded(execute([...args], loaded), options.killAfterMs ?? 60_000, args);
  } finally {
    restore();
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** bin/run.cjs: run(), and on failure oclif's handle(), whose process.exit becomes the exit code. */
async function execute(argv: string[], loaded: Config): Promise<number> {
  try {
    await run(argv, loaded);
  } catch (error) {
    let exited: number | undefined;
    const exit = Exit.exit;
    // handle() ends with process.exit(code); here that code is the result.
    Exit.exit = ((code = 0) => {
      exited ??= code;
    }) as typeof Exit.exit;
    try {
      await handle(error as Error);
    } finally {
      Exit.exit = exit;
    }
    return exited ?? 1;
  }
  const exitCode = process.exitCode;
  return exitCode === undefined || exitCode === null ? 0 : Number(exitCode);
}

// A call that overruns fails its test; its command cannot be killed and may still write afterwards.
function bounded(work: Promise<number>, ms: number, args: readonly string[]): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`kmirror ${args.join(' ')} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Points the process at this call's env, stdin and capture buffers; returns the undo. */
function isolate(options: CliOptions, out: string[], err: string[]): () => void {
  const savedEnv = { ...process.env };
  const env = testEnv(options.env);
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);

  const savedExitCode = process.exitCode;
  process.exitCode = undefined;
  // each run decides its colours (--color, NO_COLOR...); the next test finds the ones before it
  const savedColours = useColours(undefined);
  const savedWidth = useTableWidth(undefined);
  const listeners = new Map(WATCHED_EVENTS.map((event) => [event, new Set(events.listeners(event))]));

  const stdinDescriptor = Object.getOwnPropertyDescriptor(process, 'stdin');
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? '');
  Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, value: stdin, writable: true });

  const restoreStdout = capture(process.stdout, out);
  const restoreStderr = capture(process.stderr, err);

  return () => {
    restoreStderr();
    restoreStdout();
    if (stdinDescriptor) Object.defineProperty(process, 'stdin', stdinDescriptor);
    stdin.destroy();
    for (const [event, before] of listeners) {
      for (const listener of events.listeners(event)) {
        if (!before.has(listener)) events.removeListener(event, listener as (...a: unknown[]) => void);
      }
    }
    useColours(savedColours);
    useTableWidth(savedWidth);
    process.exitCode = savedExitCode;
    clearRegisteredSecrets();
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
  };
}

/**
 * Captures the text written to a stream, which is what commands, oclif and console write; bytes
 * (the test runner's own reports to its parent) pass through. The stream looks like a pipe, as it
 * does to a spawned kmirror.
 */
function capture(stream: NodeJS.WriteStream, into: string[]): () => void {
  const ownWrite = Object.getOwnPropertyDescriptor(stream, 'write');
  const ownTTY = Object.getOwnPropertyDescriptor(stream, 'isTTY');
  const original = stream.write.bind(stream) as Write;
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    if (typeof chunk !== 'string') return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
    into.push(chunk);
    const done = rest.find((r): r is () => void => typeof r === 'function');
    if (done) queueMicrotask(done);
    return true;
  };
  Object.defineProperty(stream, 'write', { configurable: true, writable: true, value: write });
  Object.defineProperty(stream, 'isTTY', { configurable: true, writable: true, value: false });
  return () => {
    if (ownWrite) Object.defineProperty(stream, 'write', ownWrite);
    else delete (stream as { write?: Write }).write;
    if (ownTTY) Object.defineProperty(stream, 'isTTY', ownTTY);
    else delete (stream as { isTTY?: boolean }).isTTY;
  };
}
