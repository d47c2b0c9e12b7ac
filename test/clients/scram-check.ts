// Recomputes a client's SCRAM proof from the password (RFC 5802 §3), to tell "the client sent the
// wrong nonce" apart from "the emulator computes SCRAM differently" when a client is rejected.

import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';

export interface ScramExchange {
  readonly clientFirst: string;
  readonly serverFirst: string;
  readonly clientFinal: string;
}

export interface ScramFindings {
  /** client nonce + server nonce, as the server sent it in server-first-message. */
  readonly combinedNonce: string;
  /** The nonce the client echoed in client-final-message. */
  readonly echoedNonce: string;
  readonly clientNonce: string;
  /** The proof matches the password over the AuthMessage the client itself built. */
  readonly proofMatchesPassword: boolean;
}

function attribute(message: string, key: string): string {
  for (const part of message.split(',')) if (part.startsWith(`${key}=`)) return part.slice(2);
  throw new Error(`no '${key}' attribute in ${JSON.stringify(message)}`);
}

export function analyseScram(exchange: ScramExchange, password: string, hash: 'sha256' | 'sha512'): ScramFindings {
  const gs2End = exchange.clientFirst.indexOf(',', exchange.clientFirst.indexOf(',') + 1);
  const clientFirstBare = exchange.clientFirst.slice(gs2End + 1);
  const proofAt = exchange.clientFinal.lastIndexOf(',p=');
  const withoutProof = exchange.clientFinal.slice(0, proofAt);
  const proof = Buffer.from(exchange.clientFinal.slice(proofAt + 3), 'base64');

  const salt = Buffer.from(attribute(exchange.serverFirst, 's'), 'base64');
  const iterations = Number(attribute(exchange.serverFirst, 'i'));
  const salted = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, hash === 'sha256' ? 32 : 64, hash);
  const clientKey = createHmac(hash, salted).update('Client Key').digest();
  const storedKey = createHash(hash).update(clientKey).digest();
  const authMessage = `${clientFirstBare},${exchange.serverFirst},${withoutProof}`;
  const signature = createHmac(hash, storedKey).update(authMessage).digest();
  const expected = Buffer.from(clientKey.map((byte, i) => byte ^ (signature[i] ?? 0)));

  return {
    combinedNonce: attribute(exchange.serverFirst, 'r'),
    echoedNonce: attribute(withoutProof, 'r'),
    clientNonce: attribute(clientFirstBare, 'r'),
    proofMatchesPassword: expected.equals(proof),
  };
}
