// Runs `kmirror exporter` as a real process (it serves until a signal) and reads the URL it prints
// with --json, for the exporter tests and the Prometheus suite.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testEnv } from './cli.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));

export interface RunningExporter {
  readonly url: string;
  /** The line it printed with --json. */
  readonly info: unknown;
  readonly base: string;
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startExporter(
  args: readonly string[],
  options: { env?: Readonly<Record<string, string | undefined>>; stdin?: string } = {},
): Promise<RunningExporter> {
  const child = spawn(process.execPath, [BIN, 'exporter', '--listen', '127.0.0.1:0', '--json', ...args], {
    env: testEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(options.stdin ?? '');
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const info = await new Promise<{ url: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`exporter did not start:\n${stdout}\n${stderr}`)), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(line) as { url: string });
        } catch {
          reject(new Error(`exporter did not print its URL:\n${stdout}\n${stderr}`));
        }
      }
    });
    void exited.then((code) => reject(new Error(`exporter exited with ${code}:\n${stdout}\n${stderr}`)));
  });
  const { url } = info;
  return {
    url,
    info,
    base: url.replace(/\/metrics$/, ''),
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The value of one series in a text exposition, or undefined when absent. */
export function seriesValue(
  body: string,
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number | undefined {
  for (const line of body.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const keys = Object.keys(have);
    if (keys.length === Object.keys(labels).length && keys.every((k) => have[k] === labels[k])) return Number(match[3]);
  }
  return undefined;
}
