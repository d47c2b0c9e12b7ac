// What a connection is made of once resolved (ConnectionConfig), what it is resolved from (flag values), and the
// KMIRROR_* variables that carry secrets: read by the resolver and by its SASL and TLS parts alike.

import type { TlsSettings } from '../kafka/connect.js';
import type { SaslCredentials } from '../kafka/transport.js';

export type Building<T> = { -readonly [K in keyof T]: T[K] };

export interface ConnectionConfig {
  bootstrap: string[];
  clientId: string;
  tls?: TlsSettings;
  sasl?: SaslCredentials;
}

export interface ConnectionFlagValues {
  bootstrapServer?: string;
  commandConfig?: string;
  saslMechanism?: string;
  saslUsername?: string;
  saslPasswordStdin?: boolean;
  saslOauthTokenFile?: string;
  tls?: boolean;
  tlsCa?: string;
  tlsCert?: string;
  tlsKey?: string;
  tlsInsecure?: boolean;
  saslPasswordFallback?: () => Promise<string>;
  commandConfigOnArgv?: boolean;
}

export interface ResolveConnectionOptions {
  env?: Readonly<Record<string, string | undefined>>;
  readPasswordLine?: () => Promise<string>;
  warn?: (message: string) => void;
  fromEnv?: ReadonlySet<keyof ConnectionFlagValues>;
  profile?: ConnectionFlagValues;
}

export const DEFAULT_CLIENT_ID = 'kmirror';

export const ENV_SASL_PASSWORD = 'KMIRROR_SASL_PASSWORD';
export const ENV_SASL_OAUTH_TOKEN = 'KMIRROR_SASL_OAUTH_TOKEN';
export const ENV_TLS_KEY_PASSWORD = 'KMIRROR_TLS_KEY_PASSWORD';
