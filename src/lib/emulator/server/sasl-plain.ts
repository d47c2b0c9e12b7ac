// Server side of SASL/PLAIN (RFC 4616): one message `authzid NUL authcid NUL password`. The failure
// texts are Kafka's PlainSaslServer ones, which reach the client verbatim in SaslAuthenticate.

import { timingSafeEqual } from 'node:crypto';
import type { SaslStep } from './handler.js';

export function plainExchange(passwords: ReadonlyMap<string, string>): (token: Buffer) => SaslStep {
  return (token) => {
    const parts = token.toString('utf8').split('\u0000');
    if (parts.length !== 3)
      return { kind: 'failed', message: `Invalid SASL/PLAIN response: expected 3 tokens, got ${parts.length}` };
    const [authzid = '', username = '', password = ''] = parts;
    if (username === '') return { kind: 'failed', message: 'Authentication failed: username not specified' };
    if (password === '') return { kind: 'failed', message: 'Authentication failed: password not specified' };
    const expected = passwords.get(username);
    if (expected === undefined || !sameText(expected, password)) {
      return { kind: 'failed', message: 'Authentication failed: Invalid username or password' };
    }
    if (authzid !== '' && authzid !== username) {
      return {
        kind: 'failed',
        message: 'Authentication failed: Client requested an authorization id that is different from username',
      };
    }
    return { kind: 'done', bytes: Buffer.alloc(0), authorizationId: username };
  };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
