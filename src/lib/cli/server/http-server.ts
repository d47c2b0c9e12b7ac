// The exporter's HTTP listener: GET-only routes to handlers that return a whole body, and
// `--listen HOST:PORT` parsing. Knows nothing of mirrors.

import type { Server } from 'node:http';
import { UsageError } from '../failures/errors.js';

export interface HttpAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

export type Routes = Readonly<Record<string, () => Promise<HttpAnswer>>>;

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

export function parseListen(value: string): ListenAddress {
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(value.trim());
  const port = match ? Number(match[3]) : NaN;
  if (!match || port > 65535)
    throw new UsageError(`--listen: '${value}' is not HOST:PORT`, {
      hint: 'e.g. --listen 127.0.0.1:9464 or --listen :9464',
    });
  return { host: match[1] ?? (match[2] || '0.0.0.0'), port };
}

export async function serveHttp(address: ListenAddress, routes: Routes): Promise<Server> {
  const { createServer } = await import('node:http'); // only the exporter and playground serve HTTP
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = routes[path];
    const send = (a: HttpAnswer) => {
      res.writeHead(a.status, { 'Content-Type': a.contentType });
      res.end(req.method === 'HEAD' ? undefined : a.body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send({ status: 405, contentType: 'text/plain; charset=utf-8', body: 'method not allowed\n' });
    }
    if (!route) return send({ status: 404, contentType: 'text/plain; charset=utf-8', body: 'not found\n' });
    route().then(send, (err: unknown) =>
      send({
        status: 500,
        contentType: 'text/plain; charset=utf-8',
        body: `${err instanceof Error ? err.message : String(err)}\n`,
      }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
