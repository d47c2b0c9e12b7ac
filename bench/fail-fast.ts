// How long kmirror takes to give up on a bootstrap address that cannot be a Kafka broker (refused port, HTTP,
// TLS without TLS): one `list` process each, with the default 30 s --timeout.

import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startEmulatedClusters } from '../src/lib/emulator/index.js';
import { type BenchResult, median } from './measure.js';
import { benchEnv } from './nodes.js';
import { runProcess, timeSummary } from './process-run.js';

const BIN = fileURLToPath(new URL('../../bin/run.cjs', import.meta.url));
const RUNS = 5;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

export async function benchFailFast(): Promise<BenchResult[]> {
  const http = createHttpServer((_req, res) => res.end('hello'));
  const closed = createServer();
  const refused = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  const tls = await startEmulatedClusters({
    seed: 'bench-fail-fast',
    growthPerSec: 0,
    tls: true,
    destination: { nodes: 1 },
  });
  const cases: [string, string][] = [
    ['a refused port', refused],
    ['an HTTP server', await listen(http)],
    ['a TLS listener reached without --tls', tls.destination.bootstrap],
  ];
  const results: BenchResult[] = [];
  try {
    for (const [what, address] of cases) {
      const runs = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await runProcess(process.execPath, [BIN, 'list', '-b', address], benchEnv()));
      const codes = [...new Set(runs.map((r) => r.code))].join(', ');
      results.push({
        name: `kmirror list -b <${what}>: time to the error (median)`,
        value: median(runs.map((r) => r.ms)),
        unit: 'ms',
        detail: `${RUNS} runs, exit ${codes}; ${timeSummary(runs, median)}; the --timeout budget is 30 s`,
      });
    }
  } finally {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    await tls.close();
  }
  return results;
}
