// A listener's SASL configuration; SCRAM credentials are derived once, as Kafka does when a user is created.

import type { SaslExchangeState } from './handler.js';
import { oauthBearerExchange, unsecuredJwtCheck, type OAuthTokenCheck } from './sasl-oauthbearer.js';
import { plainExchange } from './sasl-plain.js';
import { scramCredential, scramExchange, type ScramCredential, type ScramMechanism } from './sasl-scram.js';

export type SaslMechanismName = 'PLAIN' | 'SCRAM-SHA-256' | 'SCRAM-SHA-512' | 'OAUTHBEARER';

export const ALL_SASL_MECHANISMS: readonly SaslMechanismName[] = [
  'PLAIN',
  'SCRAM-SHA-256',
  'SCRAM-SHA-512',
  'OAUTHBEARER',
];

export const DEFAULT_SASL_USERS: Readonly<Record<string, string>> = { kmirror: 'kmirror-secret' };

export interface SaslOptions {
  /** Enabled mechanisms, in the order SaslHandshake lists them; default: all four. */
  readonly mechanisms?: readonly SaslMechanismName[];
  /** User name → password for PLAIN and SCRAM; default {@link DEFAULT_SASL_USERS}. */
  readonly users?: Readonly<Record<string, string>>;
  /** OAUTHBEARER token check; default: Kafka's unsecured-JWT validator (principal = `sub`). */
  readonly oauthTokenCheck?: OAuthTokenCheck;
}

export class SaslServer {
  readonly mechanisms: readonly SaslMechanismName[];
  private readonly passwords: ReadonlyMap<string, string>;
  private readonly scram = new Map<ScramMechanism, Map<string, ScramCredential>>();
  private readonly tokenCheck: OAuthTokenCheck;

  constructor(options: SaslOptions = {}) {
    this.mechanisms = options.mechanisms ?? ALL_SASL_MECHANISMS;
    if (this.mechanisms.length === 0) throw new Error('a SASL listener needs at least one mechanism');
    this.passwords = new Map(Object.entries(options.users ?? DEFAULT_SASL_USERS));
    for (const mechanism of ['SCRAM-SHA-256', 'SCRAM-SHA-512'] as const) {
      if (!this.mechanisms.includes(mechanism)) continue;
      const creds = new Map<string, ScramCredential>();
      for (const [name, password] of this.passwords) creds.set(name, scramCredential(mechanism, password));
      this.scram.set(mechanism, creds);
    }
    this.tokenCheck = options.oauthTokenCheck ?? unsecuredJwtCheck();
  }

  begin(mechanism: string, raw: boolean): SaslExchangeState | undefined {
    const enabled = this.mechanisms.find((m) => m === mechanism);
    if (!enabled) return undefined;
    const evaluate =
      enabled === 'PLAIN'
        ? plainExchange(this.passwords)
        : enabled === 'OAUTHBEARER'
          ? oauthBearerExchange(this.tokenCheck)
          : scramExchange(enabled, this.scram.get(enabled) ?? new Map());
    return { mechanism: enabled, raw, evaluate };
  }
}
