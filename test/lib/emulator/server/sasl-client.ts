// Client side of the SASL mechanisms the emulator serves, over SaslHandshake v1 + SaslAuthenticate,
// for protocol tests that need an authenticated connection. Written from RFC 5802/7677/7628.

import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { SaslAuthenticate, SaslHandshake } from '../../../../src/lib/kafka/messages/index.js';
import type { RawClient } from './raw-client.js';

export type ClientMechanism = 'PLAIN' | 'SCRAM-SHA-256' | 'SCRAM-SHA-512' | 'OAUTHBEARER';

export interface SaslResult {
  readonly errorCode: number;
  readonly errorMessage: string | null;
}

const AUTHENTICATE_VERSION = 2;

async function handshake(client: RawClient, mechanism: string): Promise<void> {
  const answer = await client.request(SaslHandshake, 1, { Mechanism: mechanism });
  if (answer.ErrorCode !== 0)
    throw new Error(
      `SaslHandshake for ${mechanism} failed with ${answer.ErrorCode}: [${answer.Mechanisms.join(', ')}]`,
    );
}

async function step(client: RawClient, bytes: Buffer) {
  return client.request(SaslAuthenticate, AUTHENTICATE_VERSION, { AuthBytes: bytes });
}

export async function authenticatePlain(client: RawClient, user: string, password: string): Promise<SaslResult> {
  await handshake(client, 'PLAIN');
  const answer = await step(client, Buffer.from(`\u0000${user}\u0000${password}`, 'utf8'));
  return { errorCode: answer.ErrorCode, errorMessage: answer.ErrorMessage };
}

export async function authenticateScram(
  client: RawClient,
  mechanism: 'SCRAM-SHA-256' | 'SCRAM-SHA-512',
  user: string,
  password: string,
): Promise<SaslResult> {
  const hash = mechanism === 'SCRAM-SHA-256' ? 'sha256' : 'sha512';
  const length = mechanism === 'SCRAM-SHA-256' ? 32 : 64;
  await handshake(client, mechanism);
  const clientNonce = randomBytes(12).toString('hex');
  const bare = `n=${user.replace(/=/g, '=3D').replace(/,/g, '=2C')},r=${clientNonce}`;
  const first = await step(client, Buffer.from(`n,,${bare}`, 'utf8'));
  if (first.ErrorCode !== 0) return { errorCode: first.ErrorCode, errorMessage: first.ErrorMessage };

  const serverFirst = Buffer.from(first.AuthBytes).toString('utf8');
  const attrs = new Map(serverFirst.split(',').map((part) => [part.slice(0, 1), part.slice(2)]));
  const nonce = attrs.get('r') ?? '';
  if (!nonce.startsWith(clientNonce)) throw new Error(`server nonce '${nonce}' does not extend the client nonce`);
  const salted = pbkdf2Sync(
    password,
    Buffer.from(attrs.get('s') ?? '', 'base64'),
    Number(attrs.get('i')),
    length,
    hash,
  );
  const clientKey = createHmac(hash, salted).update('Client Key').digest();
  const storedKey = createHash(hash).update(clientKey).digest();
  const withoutProof = `c=${Buffer.from('n,,').toString('base64')},r=${nonce}`;
  const authMessage = `${bare},${serverFirst},${withoutProof}`;
  const signature = createHmac(hash, storedKey).update(authMessage).digest();
  const proof = Buffer.from(clientKey.map((b, i) => b ^ (signature[i] ?? 0)));
  const final = await step(client, Buffer.from(`${withoutProof},p=${proof.toString('base64')}`, 'utf8'));
  if (final.ErrorCode !== 0) return { errorCode: final.ErrorCode, errorMessage: final.ErrorMessage };

  const serverKey = createHmac(hash, salted).update('Server Key').digest();
  const expected = createHmac(hash, serverKey).update(authMessage).digest();
  const verifier = Buffer.from(Buffer.from(final.AuthBytes).toString('utf8').replace(/^v=/, ''), 'base64');
  if (verifier.length !== expected.length || !timingSafeEqual(verifier, expected))
    throw new Error('server signature does not verify');
  return { errorCode: 0, errorMessage: null };
}

/** RFC 7628 initial response; on a rejected token, answers the error challenge with 0x01 as Kafka's client does. */
export async function authenticateOAuthBearer(
  client: RawClient,
  token: string,
): Promise<SaslResult & { challenge?: string }> {
  await handshake(client, 'OAUTHBEARER');
  const first = await step(client, Buffer.from(`n,,\u0001auth=Bearer ${token}\u0001\u0001`, 'utf8'));
  if (first.ErrorCode !== 0) return { errorCode: first.ErrorCode, errorMessage: first.ErrorMessage };
  if (first.AuthBytes.length === 0) return { errorCode: 0, errorMessage: null };
  const challenge = Buffer.from(first.AuthBytes).toString('utf8');
  const second = await step(client, Buffer.from([0x01]));
  return { errorCode: second.ErrorCode, errorMessage: second.ErrorMessage, challenge };
}

export async function authenticate(
  client: RawClient,
  mechanism: ClientMechanism,
  user: string,
  secret: string,
): Promise<SaslResult> {
  if (mechanism === 'PLAIN') return authenticatePlain(client, user, secret);
  if (mechanism === 'OAUTHBEARER') return authenticateOAuthBearer(client, secret);
  return authenticateScram(client, mechanism, user, secret);
}
