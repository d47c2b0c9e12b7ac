// A real Prometheus (Debian's package) for the observe suite: its own config, a temporary storage
// directory and a free port on 127.0.0.1; stopped by its PID. Also the HTTP API queries the tests use.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningPrometheus {
  readonly url: string;
  query(expr: string): Promise<VectorSample[]>;
  stop(): Promise<void>;
  output(): string;
}

export interface VectorSample {
  readonly metric: Record<string, string>;
  readonly value: number;
}

export function requireTool(name: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const path = found.stdout.trim();
  if (found.status !== 0 || path === '')
    throw new Error(`${name} not found: install Debian's prometheus (bash scripts/install-prometheus.sh)`);
  return path;
}

/** A port on 127.0.0.1 that nothing listens on (just now). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPrometheus(config: string): Promise<RunningPrometheus> {
  const binary = requireTool('prometheus');
  const dir = mkdtempSync(join(tmpdir(), 'kmirror-prometheus-'));
  const configPath = join(dir, 'prometheus.yml');
  writeFileSync(configPath, config);
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    [
      `--config.file=${configPath}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--storage.tsdb.retention.time=1h',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/-/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until || child.exitCode !== null) {
      await stop();
      throw new Error(`prometheus did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    stop,
    query: async (expr) => {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`);
      const body = (await response.json()) as {
        status: string;
        error?: string;
        data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success' || body.data?.resultType !== 'vector')
        throw new Error(`query ${expr} failed: ${body.error ?? JSON.stringify(body)}`);
      return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
  };
}
