// What a connection is made of once resolved (ConnectionConfig), what it is resolved from (flag values), and the
// KMIRROR_* variables that carry secrets: read by the resolver and by its SASL and TLS parts alike.

import type { TlsSettings } from '../kafka/connect.js';
import type { SaslCredentials } from '../kafka/transport.js';

/** Built field by field while reading flags and files; handed on read-only. */
export type Building<T> = { -readonly [K in keyof T]: T[K] };

export interface ConnectionConfig {
  /** `host:port` (IPv6 as `[addr]:port`). */
  bootstrap: string[];
  clientId: string;
  tls?: TlsSettings;
  sasl?: SaslCredentials;
}

/** Flag values after oclif parsing (so already defaulted from KMIRROR_* variables). */
export interface ConnectionFlagValues {
  bootstrapServer?: string;
  commandConfig?: string;
  saslMechanism?: string;
  saslUsername?: string;
  saslPasswordStdin?: boolean;
  saslOauthTokenFile?: string;
  /** undefined = not given; false = --no-tls. */
  tls?: boolean;
  tlsCa?: string;
  tlsCert?: string;
  tlsKey?: string;
  tlsInsecure?: boolean;
  /** The profile's SASL password, read only when no flag, variable or file gives one. */
  saslPasswordFallback?: () => Promise<string>;
  /** Set by the resolver: --command-config came from the command line, so its secrets beat KMIRROR_* ones. */
  commandConfigOnArgv?: boolean;
}

export interface ResolveConnectionOptions {
  /** Source of the env-only secrets (KMIRROR_SASL_PASSWORD, KMIRROR_SASL_OAUTH_TOKEN, KMIRROR_TLS_KEY_PASSWORD). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Reads the password for --sasl-password-stdin. */
  readPasswordLine?: () => Promise<string>;
  /** Receives non-fatal notes (ignored or unknown keys). */
  warn?: (message: string) => void;
  /** Which of the flag values came from KMIRROR_* variables rather than the command line. */
  fromEnv?: ReadonlySet<keyof ConnectionFlagValues>;
  /** The active profile's settings: the lowest layer, under the --command-config file. */
  profile?: ConnectionFlagValues;
}

export const DEFAULT_CLIENT_ID = 'kmirror';

export const ENV_SASL_PASSWORD = 'KMIRROR_SASL_PASSWORD';
export const ENV_SASL_OAUTH_TOKEN = 'KMIRROR_SASL_OAUTH_TOKEN';
export const ENV_TLS_KEY_PASSWORD = 'KMIRROR_TLS_KEY_PASSWORD';
