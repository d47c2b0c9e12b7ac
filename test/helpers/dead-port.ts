// A 127.0.0.1 port nothing listens on (bound once, then released): the address of a source that
// neither the emulated brokers nor kmirror can reach.

import { createServer } from 'node:net';

export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
