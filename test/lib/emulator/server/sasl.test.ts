import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unsecuredJwt } from '../../../../src/lib/emulator/index.js';
import type { WireEvent } from '../../../../src/lib/emulator/index.js';
import { ApiVersions, Metadata, SaslAuthenticate, SaslHandshake } from '../../../../src/lib/kafka/messages/index.js';
import { useEmulator } from './emulator-fixture.js';
import { authenticate, authenticateOAuthBearer, authenticatePlain, authenticateScram } from './sasl-client.js';

const USERS = { alice: 'alice-secret', 'bob,=x': 'bob-secret' };

describe('SASL listeners', () => {
  const events: WireEvent[] = [];
  const fx = useEmulator({
    sasl: { users: USERS, oauthTokenCheck: (token) => (token === 'good-token' ? 'svc-mirror' : undefined) },
    onWire: (event) => events.push(event),
  });
  const address = (): string => fx.emulator.source.bootstrap;

  for (const mechanism of ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512'] as const) {
    it(`${mechanism}: authenticates, then serves requests as User:alice`, async () => {
      const client = await fx.connect(address());
      assert.deepEqual(await authenticate(client, mechanism, 'alice', 'alice-secret'), {
        errorCode: 0,
        errorMessage: null,
      });
      const metadata = await client.request(Metadata, 12, { Topics: null, AllowAutoTopicCreation: false });
      assert.equal(metadata.ClusterId, fx.emulator.source.clusterId);
      const seen = events.filter((e) => e.apiName === 'Metadata' && e.direction === 'request').at(-1);
      assert.equal(seen?.principal, 'User:alice');
    });

    it(`${mechanism}: a wrong password gets error 58 with a message, then the connection closes`, async () => {
      const client = await fx.connect(address());
      const result = await authenticate(client, mechanism, 'alice', 'wrong');
      assert.equal(result.errorCode, 58);
      assert.match(result.errorMessage ?? '', /Authentication failed/);
      assert.equal(await client.closedWithin(2000), true);
    });
  }

  it('SCRAM handles user names with escaped characters', async () => {
    const client = await fx.connect(address());
    assert.equal((await authenticateScram(client, 'SCRAM-SHA-256', 'bob,=x', 'bob-secret')).errorCode, 0);
  });

  it('SCRAM: an unknown user fails like a wrong password', async () => {
    const client = await fx.connect(address());
    const result = await authenticateScram(client, 'SCRAM-SHA-512', 'mallory', 'x');
    assert.equal(result.errorCode, 58);
    assert.equal(
      result.errorMessage,
      'Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512',
    );
  });

  it('OAUTHBEARER: a token the check accepts authenticates as its principal', async () => {
    const client = await fx.connect(address());
    assert.equal((await authenticateOAuthBearer(client, 'good-token')).errorCode, 0);
    await client.request(Metadata, 12, { Topics: [], AllowAutoTopicCreation: false });
    assert.equal(events.filter((e) => e.apiName === 'Metadata').at(-1)?.principal, 'User:svc-mirror');
  });

  it('OAUTHBEARER: a rejected token gets the JSON challenge, then 58, then the connection closes', async () => {
    const client = await fx.connect(address());
    const result = await authenticateOAuthBearer(client, 'bad-token');
    assert.equal(result.challenge, '{"status":"invalid_token"}');
    assert.equal(result.errorCode, 58);
    assert.equal(result.errorMessage, '{"status":"invalid_token"}');
    assert.equal(await client.closedWithin(2000), true);
  });

  it('allows ApiVersions before authentication but closes on anything else', async () => {
    const client = await fx.connect(address());
    assert.equal(
      (await client.request(ApiVersions, 3, { ClientSoftwareName: 'k', ClientSoftwareVersion: '1' })).ErrorCode,
      0,
    );
    client.sendRequest(Metadata, 12, { Topics: null, AllowAutoTopicCreation: false });
    assert.equal(await client.closedWithin(2000), true);
  });

  it('closes when SaslAuthenticate comes before a handshake', async () => {
    const client = await fx.connect(address());
    client.sendRequest(SaslAuthenticate, 2, { AuthBytes: Buffer.from('\u0000alice\u0000alice-secret') });
    assert.equal(await client.closedWithin(2000), true);
  });

  it('answers an unknown mechanism with 33 and the enabled list, then closes', async () => {
    const client = await fx.connect(address());
    const answer = await client.request(SaslHandshake, 1, { Mechanism: 'GSSAPI' });
    assert.equal(answer.ErrorCode, 33);
    assert.deepEqual(answer.Mechanisms, ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512', 'OAUTHBEARER']);
    assert.equal(await client.closedWithin(2000), true);
  });

  it('answers a second handshake after authentication with ILLEGAL_SASL_STATE', async () => {
    const client = await fx.connect(address());
    await authenticatePlain(client, 'alice', 'alice-secret');
    assert.equal((await client.request(SaslHandshake, 1, { Mechanism: 'PLAIN' })).ErrorCode, 34);
  });

  it('supports SaslHandshake v0 with raw (unframed) PLAIN tokens', async () => {
    const client = await fx.connect(address());
    assert.equal((await client.request(SaslHandshake, 0, { Mechanism: 'PLAIN' })).ErrorCode, 0);
    const token = Buffer.from('\u0000alice\u0000alice-secret');
    const size = Buffer.alloc(4);
    size.writeInt32BE(token.length);
    client.writeRaw(Buffer.concat([size, token]));
    assert.equal((await client.readFrame()).length, 0);
    const metadata = await client.request(Metadata, 1, { Topics: null });
    assert.equal(metadata.Brokers.length, 1);
  });
});

describe('SASL with the default OAUTHBEARER validator and a subset of mechanisms', () => {
  const fx = useEmulator({ sasl: { mechanisms: ['OAUTHBEARER', 'SCRAM-SHA-256'] } });

  it('accepts an unsecured JWT and names only the enabled mechanisms', async () => {
    const client = await fx.connect(fx.emulator.destination.bootstrap.split(',')[0] ?? '');
    assert.equal((await authenticateOAuthBearer(client, unsecuredJwt('kmirror'))).errorCode, 0);
    assert.deepEqual(fx.emulator.security.sasl?.mechanisms, ['OAUTHBEARER', 'SCRAM-SHA-256']);
    const other = await fx.connect(fx.emulator.destination.bootstrap.split(',')[0] ?? '');
    assert.deepEqual((await other.request(SaslHandshake, 1, { Mechanism: 'PLAIN' })).Mechanisms, [
      'OAUTHBEARER',
      'SCRAM-SHA-256',
    ]);
  });
});

describe('SaslHandshake on a listener without SASL', () => {
  const fx = useEmulator();

  it('answers ILLEGAL_SASL_STATE, as Kafka’s request handler does', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    assert.equal((await client.request(SaslHandshake, 1, { Mechanism: 'PLAIN' })).ErrorCode, 34);
    assert.equal(
      (await client.request(Metadata, 12, { Topics: null, AllowAutoTopicCreation: false })).Brokers.length,
      1,
    );
  });
});
