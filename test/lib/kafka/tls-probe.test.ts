import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { MIN_PROBE_MS, PROBE_TIMEOUT_MS, probeBudgetMs, speaksTls } from '../../../src/lib/kafka/tls-probe.js';

const servers: Server[] = [];
after(() => {
  for (const server of servers) server.close();
});

function serve(onSocket: (socket: Socket) => void): Promise<{ host: string; port: number }> {
  return new Promise((resolve) => {
    const server = createServer(onSocket);
    servers.push(server);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ host: '127.0.0.1', port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

describe('the TLS probe after a silent plaintext close', () => {
  it('takes only what is left of the failed request, at most PROBE_TIMEOUT_MS, and nothing when that is short', () => {
    assert.equal(probeBudgetMs(30_000, 100), PROBE_TIMEOUT_MS);
    assert.equal(probeBudgetMs(1000, 700), 300);
    // A request whose time is up leaves the probe none: the plain error stands, at once.
    assert.equal(probeBudgetMs(1000, 1000 - MIN_PROBE_MS + 1), 0);
    assert.equal(probeBudgetMs(1000, 5000), 0);
  });

  it('says no for a plaintext port that closes, and for one that stays silent past its budget', async () => {
    const closes = await serve((socket) => socket.destroy());
    assert.equal(await speaksTls(closes, 1000), false);
    const held: Socket[] = [];
    const silent = await serve((socket) => held.push(socket));
    assert.equal(await speaksTls(silent, 100), false);
    for (const socket of held) socket.destroy();
  });
});
