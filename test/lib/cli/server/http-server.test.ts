import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageError } from '../../../../src/lib/cli/failures/errors.js';
import { parseListen, serveHttp } from '../../../../src/lib/cli/server/http-server.js';

describe('exporter HTTP listener', () => {
  it('parses HOST:PORT, [IPv6]:PORT and :PORT', () => {
    assert.deepEqual(parseListen('127.0.0.1:9464'), { host: '127.0.0.1', port: 9464 });
    assert.deepEqual(parseListen('[::1]:0'), { host: '::1', port: 0 });
    assert.deepEqual(parseListen(':9464'), { host: '0.0.0.0', port: 9464 });
    for (const bad of ['9464', 'host:', 'host:70000', 'a:b']) assert.throws(() => parseListen(bad), UsageError, bad);
  });

  it('serves GET routes, 404 elsewhere, 405 for other methods', async () => {
    const server = await serveHttp(
      { host: '127.0.0.1', port: 0 },
      { '/x': async () => ({ status: 200, contentType: 'text/plain', body: 'hello' }) },
    );
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const ok = await fetch(`http://127.0.0.1:${port}/x?q=1`);
      assert.equal(ok.status, 200);
      assert.equal(await ok.text(), 'hello');
      assert.equal((await fetch(`http://127.0.0.1:${port}/y`)).status, 404);
      assert.equal((await fetch(`http://127.0.0.1:${port}/x`, { method: 'POST' })).status, 405);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
