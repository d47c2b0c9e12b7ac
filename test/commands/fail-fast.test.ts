// A bootstrap address that cannot be a Kafka broker fails the command at once (exit 1, naming the
// address and why) instead of retrying until --timeout (exit 124). Timings are the bench's business:
// these assert only the exit code and the message, under a 30s budget that a retry loop would use up.

import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';

/** A port that was free a moment ago: nothing listens there. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

/** A TCP server on 127.0.0.1 that does `onSocket` with each connection; resolves with its address. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Sockets held open on purpose by the servers below; closed before the servers, or close() waits for them. */
const heldSockets = new Set<Socket>();

function tcpServer(onSocket: (socket: Socket) => void): Server {
  return createServer((socket) => {
    heldSockets.add(socket);
    socket.on('close', () => heldSockets.delete(socket));
    socket.on('error', () => undefined);
    onSocket(socket);
  });
}

describe('fail fast on bootstrap addresses that cannot answer', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'fail-fast', growthPerSec: 0 });
  });
  after(async () => {
    await emulator.close();
  });

  it('every address refuses: exit 1 naming each one', async () => {
    const [a, b] = [await closedPort(), await closedPort()];
    const result = await runCli(['list', '-b', `127.0.0.1:${a},127.0.0.1:${b}`, '--timeout', '30s']);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`127\\.0\\.0\\.1:${a} refused the connection`));
    assert.match(result.stderr, new RegExp(`127\\.0\\.0\\.1:${b} refused the connection`));
    const json = await runCli(['list', '-b', `127.0.0.1:${a}`, '--timeout', '30s', '--json']);
    assert.equal(json.code, 1);
    assert.match((jsonOf(json) as { error: { message: string } }).error.message, /refused the connection/);
  });

  it('a host the resolver does not know (.invalid, RFC 6761): exit 1, "does not resolve"', async () => {
    const result = await runCli(['list', '-b', 'no-such-broker.invalid:9092', '--timeout', '30s']);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /no-such-broker\.invalid:9092 does not resolve \(no such host\)/);
  });

  it('a malformed OAUTHBEARER token: exit 5 with a clear message, nothing sent', async () => {
    const result = await runCli(
      ['list', '-b', emulator.destination.bootstrap, '--sasl-mechanism', 'oauthbearer', '--timeout', '30s'],
      { env: { KMIRROR_SASL_OAUTH_TOKEN: 'not-a-jwt' } },
    );
    assert.equal(result.code, 5, result.stderr);
    assert.match(result.stderr, /the OAUTHBEARER token from KMIRROR_SASL_OAUTH_TOKEN is not a JWT/);
    assert.ok(!result.stderr.includes('Cannot read properties'));
  });

  describe('an address that answers, but not in Kafka', () => {
    const servers: Server[] = [];
    after(async () => {
      for (const socket of heldSockets) socket.destroy();
      for (const server of servers) {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        await new Promise((resolve) => server.close(resolve));
      }
    });
    const serve = (server: Server): Promise<string> => {
      servers.push(server);
      return listen(server);
    };

    it('an HTTP server: exit 1, "answered like an HTTP server, not a Kafka broker"', async () => {
      const http = await serve(createHttpServer((_req, res) => res.end('hello')));
      const result = await runCli(['list', '-b', http, '--timeout', '30s']);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, new RegExp(`${http} answered like an HTTP server, not a Kafka broker`));
      assert.match(result.stderr, /Hint: -b\/--bootstrap-server must name a Kafka listener/);
      const json = await runCli(['describe', '-b', http, '--timeout', '30s', '--json']);
      assert.equal(json.code, 1);
      assert.match((jsonOf(json) as { error: { message: string } }).error.message, /answered like an HTTP server/);
    });

    it(
      'a TLS alert on a plaintext connection (what a Java TLS listener sends): exit 1, the hint ' + 'says --tls',
      async () => {
        // An alert record: fatal (2), unexpected_message (10), as SSLEngine answers bytes that are not a ClientHello.
        const tls = await serve(
          tcpServer((socket) => socket.once('data', () => socket.end(Buffer.from('150303000202' + '0a', 'hex')))),
        );
        const result = await runCli(['list', '-b', tls, '--timeout', '30s']);
        assert.equal(result.code, 1, result.stderr);
        assert.match(result.stderr, new RegExp(`${tls} answered with TLS, not plaintext Kafka: it is a TLS listener`));
        assert.match(result.stderr, /Hint: connect with TLS: add --tls/);
      },
    );

    it(
      'a TLS listener that closes without an alert (the emulator, Node): found by a TLS ' + 'handshake, exit 1',
      async () => {
        const secure = await startEmulatedClusters({ seed: 'fail-fast-tls', growthPerSec: 0, tls: true });
        try {
          const first = secure.destination.bootstrap.split(',')[0] ?? '';
          const result = await runCli(['list', '-b', first, '--timeout', '30s']);
          assert.equal(result.code, 1, result.stderr);
          assert.match(result.stderr, new RegExp(`${first} answered with TLS, not plaintext Kafka`));
          // With TLS and the CA the same address works: the probe did not spoil the listener.
          const ok = await runCli(['list', '-b', first, '--tls-ca', secure.security.tls?.caPath ?? '', '--json']);
          assert.equal(ok.code, 0, ok.stderr);
        } finally {
          await secure.close();
        }
      },
    );

    it('TLS without SASL on a SASL_SSL listener: exit 1 at once, naming SASL and its mechanisms', async () => {
      const secure = await startEmulatedClusters({
        seed: 'fail-fast-sasl',
        growthPerSec: 0,
        tls: true,
        sasl: { users: { alice: 'secret-password-1' } },
      });
      try {
        const first = secure.destination.bootstrap.split(',')[0] ?? '';
        const ca = secure.security.tls?.caPath ?? '';
        const result = await runCli(['list', '-b', first, '--tls-ca', ca, '--timeout', '20s']);
        assert.equal(result.code, 1, result.stderr);
        assert.match(
          result.stderr,
          new RegExp(
            `^Error: ${first} wants SASL authentication \\(SASL_SSL: [A-Z0-9-]+(, [A-Z0-9-]+)*\\) and closed`,
            'm',
          ),
        );
        assert.match(result.stderr, /^Hint: add --sasl-mechanism with one of those/m);
        // A TLS listener without SASL still works with the same flags: the probe is not taken for every close.
        const tlsOnly = await startEmulatedClusters({ seed: 'fail-fast-tls-only', growthPerSec: 0, tls: true });
        try {
          const plain = tlsOnly.destination.bootstrap.split(',')[0] ?? '';
          const ok = await runCli(['list', '-b', plain, '--tls-ca', tlsOnly.security.tls?.caPath ?? '', '--json']);
          assert.equal(ok.code, 0, ok.stderr);
        } finally {
          await tlsOnly.close();
        }
      } finally {
        await secure.close();
      }
    });

    it('a text banner (an SSH daemon): exit 1 quoting the first line, control characters dropped', async () => {
      const ssh = await serve(tcpServer((socket) => socket.write('SSH-2.0-OpenSSH_9.2p1 Debian\x1b[31m\r\n')));
      const result = await runCli(['list', '-b', ssh, '--timeout', '30s']);
      assert.equal(result.code, 1, result.stderr);
      assert.match(
        result.stderr,
        new RegExp(`${ssh} answered with text \\("SSH-2\\.0-OpenSSH_9\\.2p1 Debian\\?\\[31m"\\), not a Kafka broker`),
      );
      assert.ok(!result.stderr.includes('\x1b'), 'no raw escape reaches the terminal');
    });

    it(
      'garbage that looks like the start of a frame and then silence: exit 1 at once, not at ' + 'the timeout',
      async () => {
        // A 16-byte frame announced, 7 bytes sent, the connection held open: the correlation id is already wrong.
        const garbage = await serve(
          tcpServer((socket) =>
            socket.once('data', () => socket.write(Buffer.from('00000010' + '676172626167', 'hex'))),
          ),
        );
        const result = await runCli(['list', '-b', garbage, '--timeout', '30s']);
        assert.equal(result.code, 1, result.stderr);
        assert.match(
          result.stderr,
          new RegExp(
            `broker ${garbage} sent a malformed ApiVersions response: correlation id \\d+ answers no request in flight`,
          ),
        );
        assert.match(result.stderr, new RegExp(`Hint: ${garbage} did not answer like a Kafka broker`));
      },
    );

    it(
      'an HTTP server and a refused port: both named; an HTTP server beside a live broker: the ' + 'command works',
      async () => {
        const http = await serve(createHttpServer((_req, res) => res.end('hello')));
        const dead = `127.0.0.1:${await closedPort()}`;
        const both = await runCli(['list', '-b', `${http},${dead}`, '--timeout', '30s']);
        assert.equal(both.code, 1, both.stderr);
        assert.match(
          both.stderr,
          new RegExp(`${http} answered like an HTTP server, not a Kafka broker; ${dead} refused the connection`),
        );
        const live = await runCli([
          'list',
          '-b',
          `${http},${emulator.destination.bootstrap}`,
          '--timeout',
          '30s',
          '--json',
        ]);
        assert.equal(live.code, 0, live.stderr);
      },
    );
  });

  it('one dead address beside a live broker: the command still works', async () => {
    const result = await runCli([
      'list',
      '-b',
      `127.0.0.1:${await closedPort()},${emulator.destination.bootstrap}`,
      '--timeout',
      '30s',
      '--json',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(jsonOf(result), { schemaVersion: 1, mirrors: [], warnings: [] });
  });
});
