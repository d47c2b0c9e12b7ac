import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { describe, it } from 'node:test';
import { startEmulatedClusters, type WireEvent } from '../../../../src/lib/emulator/index.js';
import { Metadata } from '../../../../src/lib/kafka/messages/index.js';
import { useEmulator } from './emulator-fixture.js';
import { authenticatePlain } from './sasl-client.js';

describe('TLS listener', () => {
  const fx = useEmulator({ tls: true });

  it('serves a client that verifies the server against the generated CA (IP SAN)', async () => {
    const ca = readFileSync(fx.emulator.security.tls?.caPath ?? '');
    const client = await fx.connect(fx.emulator.source.bootstrap, { tls: { ca, rejectUnauthorized: true } });
    const answer = await client.request(Metadata, 12, { Topics: null, AllowAutoTopicCreation: false });
    assert.equal(answer.ClusterId, fx.emulator.source.clusterId);
  });

  it('passes host name verification for localhost (DNS SAN)', async () => {
    const ca = fx.emulator.security.tls?.caPem ?? '';
    const port = fx.emulator.source.nodes[0]?.port ?? 0;
    const client = await fx.connect(`localhost:${port}`, { tls: { ca, servername: 'localhost' } });
    assert.equal((await client.request(Metadata, 1, { Topics: null })).Brokers.length, 1);
  });

  it('is refused by a client that does not trust the CA', async () => {
    await assert.rejects(
      () => fx.connect(fx.emulator.source.bootstrap, { tls: { rejectUnauthorized: true } }),
      /self[- ]signed|unable to verify|certificate/i,
    );
  });
});

describe('TLS listener requiring client certificates', () => {
  const events: WireEvent[] = [];
  const fx = useEmulator({
    tls: { requireClientCert: true, clientCommonName: 'mirror-admin' },
    onWire: (e) => events.push(e),
  });

  it('accepts the generated client certificate and derives the principal from its subject', async () => {
    const tls = fx.emulator.security.tls;
    assert.ok(tls?.clientCertPath && tls.clientKeyPath);
    const client = await fx.connect(fx.emulator.destination.bootstrap.split(',')[0] ?? '', {
      tls: { ca: tls.caPem, cert: readFileSync(tls.clientCertPath), key: readFileSync(tls.clientKeyPath) },
    });
    await client.request(Metadata, 12, { Topics: [], AllowAutoTopicCreation: false });
    assert.equal(events.at(-1)?.principal, 'User:CN=mirror-admin');
    assert.equal(tls.clientPrincipal, 'User:CN=mirror-admin');
  });

  it('rejects a client without a certificate', async () => {
    const [host, port] = fx.emulator.source.bootstrap.split(':');
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect({ host, port: Number(port), ca: fx.emulator.security.tls?.caPem ?? '' });
      socket.on('secureConnect', () => {
        // TLS 1.3 reports the server's refusal only after the handshake: write and wait for the end.
        socket.write(Buffer.alloc(8));
      });
      socket.on('error', (err) => resolve(`error: ${err.message}`));
      socket.on('close', () => resolve('closed'));
      socket.on('data', () => resolve('data'));
    });
    assert.match(outcome, /certificate required|closed/);
  });
});

describe('TLS with SASL (SASL_SSL)', () => {
  const fx = useEmulator({ tls: true, sasl: { users: { alice: 'pw' } } });

  it('authenticates over TLS and uses the SASL principal', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap, {
      tls: { ca: fx.emulator.security.tls?.caPem ?? '' },
    });
    assert.equal((await authenticatePlain(client, 'alice', 'pw')).errorCode, 0);
    assert.equal(
      (await client.request(Metadata, 12, { Topics: null, AllowAutoTopicCreation: false })).Brokers.length,
      1,
    );
  });
});

describe('TLS material lifetime', () => {
  it('removes the generated certificate directory on close', async () => {
    const emulator = await startEmulatedClusters({ tls: { requireClientCert: true } });
    const caPath = emulator.security.tls?.caPath ?? '';
    assert.equal(existsSync(caPath), true);
    await emulator.close();
    assert.equal(existsSync(caPath), false);
  });
});
