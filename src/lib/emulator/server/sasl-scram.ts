// Server side of SCRAM-SHA-256/512 (RFC 5802, 7677): like Kafka, only StoredKey and ServerKey are kept, and every
// failure has the same text so an unknown user looks like a wrong password.

import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SaslStep } from './handler.js';

export type ScramMechanism = 'SCRAM-SHA-256' | 'SCRAM-SHA-512';

export const SCRAM_ITERATIONS = 4096;

export interface ScramCredential {
  readonly salt: Buffer;
  readonly iterations: number;
  readonly storedKey: Buffer;
  readonly serverKey: Buffer;
}

function hashName(mechanism: ScramMechanism): { hash: 'sha256' | 'sha512'; length: number } {
  return mechanism === 'SCRAM-SHA-256' ? { hash: 'sha256', length: 32 } : { hash: 'sha512', length: 64 };
}

export function scramCredential(
  mechanism: ScramMechanism,
  password: string,
  iterations = SCRAM_ITERATIONS,
  salt = randomBytes(16),
): ScramCredential {
  const { hash, length } = hashName(mechanism);
  const salted = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, length, hash);
  const clientKey = createHmac(hash, salted).update('Client Key').digest();
  return {
    salt,
    iterations,
    storedKey: createHash(hash).update(clientKey).digest(),
    serverKey: createHmac(hash, salted).update('Server Key').digest(),
  };
}

/** `=2C` and `=3D` are how SCRAM escapes `,` and `=` inside a user name (RFC 5802 §5.1). */
function decodeSaslName(text: string): string | undefined {
  if (/=(?!2C|3D)/.test(text)) return undefined;
  return text.replace(/=2C/g, ',').replace(/=3D/g, '=');
}

function attributes(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq === 1) map.set(part.slice(0, 1), part.slice(2));
  }
  return map;
}

function randomNonce(): string {
  return randomBytes(18).toString('base64').replace(/[+/=]/g, 'x');
}

export function scramExchange(
  mechanism: ScramMechanism,
  credentials: ReadonlyMap<string, ScramCredential>,
  serverNonce: () => string = randomNonce,
): (token: Buffer) => SaslStep {
  const { hash } = hashName(mechanism);
  const failure: SaslStep = {
    kind: 'failed',
    message: `Authentication failed during authentication due to invalid credentials with SASL mechanism ${mechanism}`,
  };
  let stage: 'first' | 'final' | 'complete' = 'first';
  let gs2Header = '';
  let clientFirstBare = '';
  let serverFirst = '';
  let nonce = '';
  let user = '';
  let credential: ScramCredential | undefined;

  const first = (text: string): SaslStep => {
    // gs2-header: "n" or "y" (no channel binding in use), then an optional authzid.
    const match = /^([ny]),(a=[^,]*)?,(.*)$/s.exec(text);
    if (!match) return failure;
    gs2Header = `${match[1] ?? ''},${match[2] ?? ''},`;
    clientFirstBare = match[3] ?? '';
    const attrs = attributes(clientFirstBare);
    const name = decodeSaslName(attrs.get('n') ?? '');
    const clientNonce = attrs.get('r');
    if (!name || !clientNonce) return failure;
    const authzid = match[2] ? decodeSaslName(match[2].slice(2)) : undefined;
    if (authzid !== undefined && authzid !== '' && authzid !== name) return failure;
    credential = credentials.get(name);
    if (!credential) return failure;
    user = name;
    nonce = clientNonce + serverNonce();
    serverFirst = `r=${nonce},s=${credential.salt.toString('base64')},i=${credential.iterations}`;
    stage = 'final';
    return { kind: 'challenge', bytes: Buffer.from(serverFirst, 'utf8') };
  };

  const final = (text: string): SaslStep => {
    const proofAt = text.lastIndexOf(',p=');
    if (proofAt < 0 || !credential) return failure;
    const withoutProof = text.slice(0, proofAt);
    const attrs = attributes(withoutProof);
    if (attrs.get('r') !== nonce) return failure;
    if (Buffer.from(attrs.get('c') ?? '', 'base64').toString('utf8') !== gs2Header) return failure;
    const proof = Buffer.from(text.slice(proofAt + 3), 'base64');
    const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
    const clientSignature = createHmac(hash, credential.storedKey).update(authMessage).digest();
    if (proof.length !== clientSignature.length) return failure;
    const clientKey = Buffer.alloc(proof.length);
    for (let i = 0; i < proof.length; i++) clientKey[i] = (proof[i] ?? 0) ^ (clientSignature[i] ?? 0);
    const storedKey = createHash(hash).update(clientKey).digest();
    if (!timingSafeEqual(storedKey, credential.storedKey)) return failure;
    const serverSignature = createHmac(hash, credential.serverKey).update(authMessage).digest();
    stage = 'complete';
    return {
      kind: 'done',
      bytes: Buffer.from(`v=${serverSignature.toString('base64')}`, 'utf8'),
      authorizationId: user,
    };
  };

  return (token) => {
    const text = token.toString('utf8');
    if (stage === 'first') return first(text);
    if (stage === 'final') return final(text);
    return failure;
  };
}
