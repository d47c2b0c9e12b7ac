// Runs the real binary (bin/run.cjs → dist) as a user would. Most command tests use the in-process
// runner (./in-process-cli.ts, same result shape); this one stays for what only a process shows:
// a piped stdin, signals, a terminal, and the check that both runners print the same.

import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NO_PROFILES_DIR = join(tmpdir(), 'kmirror-test-no-profiles');
const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly stdin?: string;
  /** Kill the process after this long (a hang is a failure, not a wait). */
  readonly killAfterMs?: number;
}

/** Environment for tests: no colour, no inherited KMIRROR_* settings or COLUMNS, CI set (never prompt). */
export function testEnv(extra: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('KMIRROR_') && k !== 'FORCE_COLOR' && k !== 'COLUMNS') env[k] = v;
  env.NO_COLOR = '1';
  env.CI = 'true';
  // Never the developer's own profiles: a directory that holds none (tests that need one pass their own).
  env.XDG_CONFIG_HOME = NO_PROFILES_DIR;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return runProgram(process.execPath, [BIN, ...args], {
    env: testEnv(options.env),
    stdin: options.stdin ?? '',
    ...(options.killAfterMs !== undefined ? { killAfterMs: options.killAfterMs } : {}),
  });
}

/**
 * Any program (a shell, the installed kmirror), run asynchronously so an emulator in this process keeps
 * serving; `stdin` piped in when given, else none; killed after `killAfterMs` (a hang is a failure, not a wait).
 */
export function runProgram(
  program: string,
  args: readonly string[],
  options: { env: Record<string, string>; cwd?: string; stdin?: string; killAfterMs?: number },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: options.env,
      cwd: options.cwd,
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}

/**
 * A result type as JSON.parse gives it back: int64 fields (bigint inside kmirror) are numbers there,
 * exact only up to 2^53; tests of larger values read the digits from the text.
 */
export type Parsed<T> = T extends bigint
  ? number
  : T extends readonly unknown[]
    ? { [K in keyof T]: Parsed<T[K]> }
    : T extends object
      ? { [K in keyof T]: Parsed<T[K]> }
      : T;

/** Parses stdout as exactly one JSON document (the --json contract). */
export function jsonOf(result: CliResult): unknown {
  try {
    return JSON.parse(result.stdout);
  } catch {
    throw new Error(`stdout is not one JSON document:\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}
