// Smoke test of the Kafka harness itself: real brokers start, listen where they say, speak SASL
// with the users they say, serve TLS with the certificate they export, and stop cleanly.
// Uses node:net/node:tls only, so it does not depend on the project's own Kafka client.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { connect as tlsConnect } from 'node:tls';

import {
  HOST,
  markFailureOf,
  portOpen,
  startCluster,
  startSingleNode,
  type Cluster,
  type SingleNode,
} from './harness.js';
import {
  authenticatePlain,
  authenticateScram,
  ERROR_TOPIC_AUTHORIZATION_FAILED,
  RawKafkaConnection,
  type AuthResult,
} from './wire.js';

const MiB = 1024 * 1024;
const HOOK_TIMEOUT = 240_000;

function port(address: string): number {
  return Number(address.slice(address.lastIndexOf(':') + 1));
}

async function waitPortClosed(p: number, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await portOpen(p))) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('kafka harness: single combined node', () => {
  let node: SingleNode | undefined;

  before(
    async () => {
      node = await startSingleNode();
      console.log(
        `# single node: started in ${node.timings.totalMs} ms (prepare ${node.timings.prepareMs} ms, JVM ` +
          `${node.timings.serverMs} ms, ` +
          (`attempts ${node.timings.attempts}); RSS ${Math.round((node.rssBytes() ?? 0) / MiB)} MiB; log ` +
            `${node.logPath}`),
      );
    },
    { timeout: HOOK_TIMEOUT },
  );

  after(async () => {
    await node?.stop();
  });

  test('every listener accepts TCP connections', async () => {
    const n = node;
    assert.ok(n);
    await markFailureOf(n, async () => {
      assert.match(n.clusterId, /^[A-Za-z0-9_-]{22}$/);
      for (const [name, address] of Object.entries(n.bootstrap)) {
        assert.ok(address.startsWith(`${HOST}:`), `${name} bootstrap ${address}`);
        assert.equal(await portOpen(port(address)), true, `${name} listener ${address}`);
      }
      assert.equal(await portOpen(n.ports.controller), true, 'controller listener');
      assert.equal(new Set(Object.values(n.ports)).size, 4, 'four distinct ports');
      assert.ok(existsSync(n.logPath));
      assert.match(readFileSync(n.logPath, 'utf8'), /Kafka Server started/);
    });
  });

  test('SSL listener serves a certificate that the exported PEM verifies', async () => {
    const n = node;
    assert.ok(n);
    await markFailureOf(n, async () => {
      const ca = readFileSync(n.caPemPath, 'utf8');
      assert.match(ca, /-----BEGIN CERTIFICATE-----/);
      // Both names in the SAN must verify: clients connect by IP or by "localhost".
      for (const servername of ['127.0.0.1', 'localhost']) {
        const authorized = await new Promise<boolean>((resolve, reject) => {
          // An IP is checked against the IP SAN from the host; a name goes through SNI/servername.
          const socket = tlsConnect({
            host: HOST,
            port: n.ports.ssl,
            ca,
            ...(servername === 'localhost' ? { servername } : {}),
          });
          socket.once('secureConnect', () => {
            const ok = socket.authorized;
            socket.destroy();
            resolve(ok);
          });
          socket.once('error', reject);
        });
        assert.equal(authorized, true, `TLS verified for ${servername}`);
      }
    });
  });

  test('SASL listener enables PLAIN and SCRAM, and admin and alice can log in with each', async () => {
    const n = node;
    assert.ok(n);
    await markFailureOf(n, async () => {
      const probe = await RawKafkaConnection.open(HOST, n.ports.saslPlaintext);
      try {
        // An unsupported mechanism makes the broker list the enabled ones.
        const hs = await probe.saslHandshake('GSSAPI');
        assert.equal(hs.errorCode, 33, 'UNSUPPORTED_SASL_MECHANISM');
        assert.deepEqual([...hs.mechanisms].sort(), [...n.saslMechanisms].sort());
      } finally {
        probe.close();
      }
      for (const user of [n.credentials.admin, n.credentials.alice]) {
        for (const mechanism of n.saslMechanisms) {
          const conn = await RawKafkaConnection.open(HOST, n.ports.saslPlaintext);
          try {
            const result: AuthResult =
              mechanism === 'PLAIN'
                ? await authenticatePlain(conn, user.username, user.password)
                : await authenticateScram(conn, mechanism, user.username, user.password);
            assert.deepEqual(result, { ok: true }, `${user.username} via ${mechanism}`);
          } finally {
            conn.close();
          }
        }
      }
    });
  });

  test('a wrong password is refused', async () => {
    const n = node;
    assert.ok(n);
    await markFailureOf(n, async () => {
      for (const mechanism of n.saslMechanisms) {
        const conn = await RawKafkaConnection.open(HOST, n.ports.saslPlaintext);
        try {
          const result: AuthResult =
            mechanism === 'PLAIN'
              ? await authenticatePlain(conn, 'alice', 'wrong')
              : await authenticateScram(conn, mechanism, 'alice', 'wrong');
          assert.equal(result.ok, false, mechanism);
          if (!result.ok) assert.equal(result.errorCode, 58, `SASL_AUTHENTICATION_FAILED via ${mechanism}`);
        } finally {
          conn.close();
        }
      }
    });
  });

  test('StandardAuthorizer: admin and ANONYMOUS are super users, alice is not', async () => {
    const n = node;
    assert.ok(n);
    await markFailureOf(n, async () => {
      const topic = 'harness-smoke-validate-only';
      const cases: { who: string; open: () => Promise<RawKafkaConnection>; expected: number }[] = [
        { who: 'ANONYMOUS on PLAINTEXT', open: () => RawKafkaConnection.open(HOST, n.ports.plaintext), expected: 0 },
        {
          who: 'ANONYMOUS on SSL',
          open: () => RawKafkaConnection.openTls(HOST, n.ports.ssl, readFileSync(n.caPemPath, 'utf8')),
          expected: 0,
        },
        {
          who: 'admin via SCRAM-SHA-512',
          open: async () => {
            const c = await RawKafkaConnection.open(HOST, n.ports.saslPlaintext);
            assert.deepEqual(await authenticateScram(c, 'SCRAM-SHA-512', 'admin', n.credentials.admin.password), {
              ok: true,
            });
            return c;
          },
          expected: 0,
        },
        {
          who: 'alice via PLAIN',
          open: async () => {
            const c = await RawKafkaConnection.open(HOST, n.ports.saslPlaintext);
            assert.deepEqual(await authenticatePlain(c, 'alice', n.credentials.alice.password), { ok: true });
            return c;
          },
          expected: ERROR_TOPIC_AUTHORIZATION_FAILED,
        },
      ];
      for (const c of cases) {
        const conn = await c.open();
        try {
          const res = await conn.validateCreateTopic(topic);
          assert.equal(res.errorCode, c.expected, `${c.who}: ${res.errorMessage ?? ''}`);
        } finally {
          conn.close();
        }
      }
    });
  });

  test('stop() closes every port, removes the temp dir and can be called twice', async () => {
    const n = node;
    assert.ok(n);
    await markFailureOf(n, async () => {
      const t0 = performance.now();
      await n.stop();
      console.log(`# single node: stopped in ${Math.round(performance.now() - t0)} ms`);
      await n.stop();
      for (const p of Object.values(n.ports)) assert.equal(await waitPortClosed(p), true, `port ${p} closed`);
      if (!process.env.KMIRROR_KEEP_KAFKA_LOGS) assert.equal(existsSync(n.dir), false, 'temp dir removed');
      assert.equal(n.rssBytes(), undefined);
    });
  });
});

describe('kafka harness: 3-broker cluster', () => {
  let cluster: Cluster | undefined;

  before(
    async () => {
      cluster = await startCluster(3);
      const perNode = cluster.brokers.map((b) => `${b.nodeId}:${Math.round((b.rssBytes() ?? 0) / MiB)}`).join(' ');
      console.log(
        `# cluster: started in ${cluster.timings.totalMs} ms (prepare ${cluster.timings.prepareMs} ms, JVMs ` +
          `${cluster.timings.serverMs} ms, ` +
          `attempts ${cluster.timings.attempts}); RSS total ${Math.round(cluster.rssBytes() / MiB)} MiB ` +
          `(controller ${Math.round((cluster.controller.rssBytes() ?? 0) / MiB)}, brokers ${perNode})`,
      );
    },
    { timeout: HOOK_TIMEOUT },
  );

  after(async () => {
    await cluster?.stopAll();
  });

  test('every broker and the controller accept TCP connections', async () => {
    const c = cluster;
    assert.ok(c);
    await markFailureOf(c, async () => {
      assert.equal(c.brokers.length, 3);
      assert.deepEqual(
        c.brokers.map((b) => b.nodeId),
        [1, 2, 3],
      );
      assert.equal(c.bootstrap, c.bootstrapServers.join(','));
      for (const b of c.brokers) {
        assert.equal(b.running, true);
        assert.equal(await portOpen(b.port), true, `broker ${b.nodeId} on ${b.address}`);
      }
      assert.equal(await portOpen(c.controller.port), true, 'controller');
    });
  });

  test(
    'a stopped broker closes its port, the others stay up, and it restarts on the same port',
    { timeout: HOOK_TIMEOUT },
    async () => {
      const c = cluster;
      assert.ok(c);
      await markFailureOf(c, async () => {
        const [b1, b2, b3] = c.brokers;
        assert.ok(b1 && b2 && b3);
        const t0 = performance.now();
        await b2.stop();
        console.log(`# cluster: broker 2 stopped in ${Math.round(performance.now() - t0)} ms`);
        assert.equal(b2.running, false);
        assert.equal(await waitPortClosed(b2.port), true, 'broker 2 port closed');
        assert.equal(await portOpen(b1.port), true);
        assert.equal(await portOpen(b3.port), true);

        await b2.start();
        console.log(`# cluster: broker 2 restarted in ${b2.lastStartMs} ms`);
        assert.equal(b2.running, true);
        assert.equal(await portOpen(b2.port), true, 'broker 2 port open again');
        // Started again means it logged a second start into the same log.
        assert.equal(readFileSync(b2.logPath, 'utf8').match(/Kafka Server started/g)?.length, 2);
      });
    },
  );

  test('a crashed broker (SIGKILL) also restarts', { timeout: HOOK_TIMEOUT }, async () => {
    const c = cluster;
    assert.ok(c);
    await markFailureOf(c, async () => {
      const b3 = c.brokers[2];
      assert.ok(b3);
      await b3.stop({ signal: 'SIGKILL' });
      assert.equal(await waitPortClosed(b3.port), true, 'broker 3 port closed');
      await b3.start();
      console.log(`# cluster: broker 3 restarted after SIGKILL in ${b3.lastStartMs} ms`);
      assert.equal(await portOpen(b3.port), true);
    });
  });

  test('stopAll() closes every port and removes the temp dir', async () => {
    const c = cluster;
    assert.ok(c);
    await markFailureOf(c, async () => {
      const t0 = performance.now();
      await c.stopAll();
      console.log(`# cluster: stopped in ${Math.round(performance.now() - t0)} ms`);
      for (const p of [...c.brokers.map((b) => b.port), c.controller.port])
        assert.equal(await waitPortClosed(p), true, `port ${p} closed`);
      if (!process.env.KMIRROR_KEEP_KAFKA_LOGS) assert.equal(existsSync(c.dir), false, 'temp dir removed');
    });
  });
});
