// Server side of SASL/OAUTHBEARER (RFC 7628) as Kafka runs it: a rejected token gets a JSON challenge first.

import type { SaslStep } from './handler.js';

export type OAuthTokenCheck = (token: string, extensions: ReadonlyMap<string, string>) => string | undefined;

const INVALID_TOKEN = '{"status":"invalid_token"}';
const KV_SEPARATOR = '\u0001';

/** Kafka's default validator (OAuthBearerUnsecuredValidatorCallbackHandler): unsigned JWT, `sub`, future `exp`. */
export function unsecuredJwtCheck(now: () => number = Date.now): OAuthTokenCheck {
  return (token) => {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const header = parseJson(parts[0] ?? '');
    const claims = parseJson(parts[1] ?? '');
    if (!header || !claims || header['alg'] !== 'none') return undefined;
    const sub = claims['sub'];
    const exp = claims['exp'];
    if (typeof sub !== 'string' || sub === '') return undefined;
    if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 <= now())) return undefined;
    return sub;
  };
}

function parseJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function unsecuredJwt(subject: string, lifetimeSeconds = 3600, nowMs: number = Date.now()): string {
  const encode = (value: object): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const iat = Math.floor(nowMs / 1000);
  return `${encode({ alg: 'none' })}.${encode({ sub: subject, iat, exp: iat + lifetimeSeconds })}.`;
}

export function oauthBearerExchange(check: OAuthTokenCheck): (token: Buffer) => SaslStep {
  const failure = (message: string): SaslStep => ({ kind: 'failed', message });
  const malformed = failure(
    'Authentication failed during authentication due to invalid credentials with SASL mechanism OAUTHBEARER',
  );
  let stage: 'first' | 'error-sent' | 'complete' = 'first';

  return (bytes) => {
    if (stage === 'error-sent') {
      stage = 'complete';
      return bytes.length === 1 && bytes[0] === 0x01 ? failure(INVALID_TOKEN) : malformed;
    }
    if (stage === 'complete') return malformed;
    const text = bytes.toString('utf8');
    // gs2-header, then key=value pairs each ended by 0x01, then a final 0x01 (RFC 7628 §3.1).
    const firstSeparator = text.indexOf(KV_SEPARATOR);
    const header = /^n,(?:a=([^,]*))?,$/.exec(text.slice(0, Math.max(0, firstSeparator)));
    if (firstSeparator < 0 || !header || !text.endsWith(KV_SEPARATOR + KV_SEPARATOR)) return malformed;
    const pairs = new Map<string, string>();
    for (const kv of text.slice(firstSeparator + 1, -2).split(KV_SEPARATOR)) {
      const eq = kv.indexOf('=');
      if (eq <= 0) return malformed;
      pairs.set(kv.slice(0, eq), kv.slice(eq + 1));
    }
    const auth = /^Bearer +(\S+)$/i.exec(pairs.get('auth') ?? '');
    if (!auth?.[1]) return malformed;
    pairs.delete('auth');
    const principal = check(auth[1], pairs);
    if (principal === undefined) {
      stage = 'error-sent';
      return { kind: 'challenge', bytes: Buffer.from(INVALID_TOKEN, 'utf8') };
    }
    const authzid = header[1];
    if (authzid && authzid !== principal) {
      return failure(
        `Authentication failed: Client requested an authorization id (${authzid}) that is different from ` +
          `the token's principal name (${principal})`,
      );
    }
    stage = 'complete';
    return { kind: 'done', bytes: Buffer.alloc(0), authorizationId: principal };
  };
}
