import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SaslStep } from '../../../../src/lib/emulator/server/handler.js';
import {
  oauthBearerExchange,
  unsecuredJwt,
  unsecuredJwtCheck,
} from '../../../../src/lib/emulator/server/sasl-oauthbearer.js';
import { plainExchange } from '../../../../src/lib/emulator/server/sasl-plain.js';
import { scramCredential, scramExchange } from '../../../../src/lib/emulator/server/sasl-scram.js';

const text = (step: SaslStep): string => (step.kind === 'failed' ? step.message : step.bytes.toString('utf8'));

describe('SCRAM-SHA-256 server', () => {
  // RFC 7677 §3: the one published SCRAM-SHA-256 exchange, bytes not produced by our code.
  const salt = Buffer.from('W22ZaJ0SNY7soEsUEjb6gQ==', 'base64');
  const credentials = new Map([['user', scramCredential('SCRAM-SHA-256', 'pencil', 4096, salt)]]);
  const serverNonce = '%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0';

  it('reproduces the RFC 7677 exchange byte for byte', () => {
    const exchange = scramExchange('SCRAM-SHA-256', credentials, () => serverNonce);
    const first = exchange(Buffer.from('n,,n=user,r=rOprNGfwEbeRWgbNEkqO'));
    assert.equal(first.kind, 'challenge');
    assert.equal(text(first), 'r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096');
    const final = exchange(
      Buffer.from(
        'c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=',
      ),
    );
    assert.equal(final.kind, 'done');
    assert.equal(text(final), 'v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=');
    assert.equal(final.kind === 'done' && final.authorizationId, 'user');
  });

  it('fails a wrong proof and an unknown user with the same message', () => {
    const wrongProof = scramExchange('SCRAM-SHA-256', credentials, () => serverNonce);
    wrongProof(Buffer.from('n,,n=user,r=rOprNGfwEbeRWgbNEkqO'));
    const bad = wrongProof(
      Buffer.from(
        'c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=AAAAZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=',
      ),
    );
    const unknown = scramExchange('SCRAM-SHA-256', credentials)(Buffer.from('n,,n=nobody,r=abc'));
    assert.equal(bad.kind, 'failed');
    assert.equal(unknown.kind, 'failed');
    assert.equal(
      text(bad),
      'Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-256',
    );
    assert.equal(text(unknown), text(bad));
  });

  it('rejects a final message whose nonce was changed', () => {
    const exchange = scramExchange('SCRAM-SHA-256', credentials, () => serverNonce);
    exchange(Buffer.from('n,,n=user,r=rOprNGfwEbeRWgbNEkqO'));
    assert.equal(
      exchange(Buffer.from('c=biws,r=rOprNGfwEbeRWgbNEkqOxx,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=')).kind,
      'failed',
    );
  });
});

describe('PLAIN server', () => {
  const exchange = () => plainExchange(new Map([['alice', 'secret']]));

  it('accepts the right password with an empty or matching authzid', () => {
    assert.deepEqual(exchange()(Buffer.from('\u0000alice\u0000secret')), {
      kind: 'done',
      bytes: Buffer.alloc(0),
      authorizationId: 'alice',
    });
    assert.equal(exchange()(Buffer.from('alice\u0000alice\u0000secret')).kind, 'done');
  });

  it("answers with Kafka's messages", () => {
    assert.equal(
      text(exchange()(Buffer.from('\u0000alice\u0000wrong'))),
      'Authentication failed: Invalid username or password',
    );
    assert.equal(
      text(exchange()(Buffer.from('alice\u0000secret'))),
      'Invalid SASL/PLAIN response: expected 3 tokens, got 2',
    );
    assert.equal(
      text(exchange()(Buffer.from('bob\u0000alice\u0000secret'))),
      'Authentication failed: Client requested an authorization id that is different from username',
    );
  });
});

describe('OAUTHBEARER server', () => {
  it('takes the principal from an unsecured JWT', () => {
    const step = oauthBearerExchange(unsecuredJwtCheck())(
      Buffer.from(`n,,\u0001auth=Bearer ${unsecuredJwt('carol')}\u0001\u0001`),
    );
    assert.equal(step.kind, 'done');
    assert.equal(step.kind === 'done' && step.authorizationId, 'carol');
  });

  it('sends the JSON error challenge, then fails with it once the client answers 0x01', () => {
    const exchange = oauthBearerExchange(() => undefined);
    const challenge = exchange(Buffer.from('n,,\u0001auth=Bearer nope\u0001\u0001'));
    assert.equal(challenge.kind, 'challenge');
    assert.equal(text(challenge), '{"status":"invalid_token"}');
    const final = exchange(Buffer.from([0x01]));
    assert.deepEqual(final, { kind: 'failed', message: '{"status":"invalid_token"}' });
  });

  it('rejects an expired token and a malformed message', () => {
    const expired = unsecuredJwt('dave', 60, Date.now() - 3_600_000);
    assert.equal(unsecuredJwtCheck()(expired, new Map()), undefined);
    assert.equal(oauthBearerExchange(unsecuredJwtCheck())(Buffer.from('auth=Bearer x')).kind, 'failed');
  });
});
