// The flags every command shares, and builders for the ones several commands need. Each shared
// flag has a KMIRROR_* variable (oclif applies it when the flag is absent, so flag > env) and a
// help group so `--help` separates connection settings from the command's own flags.

import * as Flags from '@oclif/core/flags';
import { ENV_SASL_OAUTH_TOKEN, ENV_SASL_PASSWORD, ENV_TLS_KEY_PASSWORD } from '../../connection/connection-config.js';
import { DEFAULT_FAN_OUT_CONCURRENCY } from '../../kafka/fan-out.js';
import { PROTOCOLS } from '../../kafka/dialect.js';
import { parseDuration } from './duration.js';
import { formatDuration } from '../../text/durations.js';
import type * as Interfaces from '@oclif/core/interfaces';

export const HelpGroup = {
  Connection: 'CONNECTION',
  Tls: 'TLS',
  Sasl: 'SASL',
  Global: 'GLOBAL',
} as const;

export const OUTPUT_FORMATS = ['table', 'wide', 'json', 'yaml'] as const;
export const DRAWING_FORMATS = ['dot', 'mermaid'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number] | (typeof DRAWING_FORMATS)[number];

export const DEFAULT_TIMEOUT_MS = 30_000;

interface DurationFlagOptions {
  description: string;
  defaultMs?: number;
  helpGroup?: string;
  env?: string;
}

// Overloads: inferred, the return type is a union TypeScript may resolve either way.
export function durationFlag(
  options: DurationFlagOptions & { defaultMs: number },
): Interfaces.OptionFlag<number, Interfaces.CustomOptions>;
export function durationFlag(
  options: DurationFlagOptions,
): Interfaces.OptionFlag<number | undefined, Interfaces.CustomOptions>;
export function durationFlag(options: DurationFlagOptions) {
  const base = {
    description: options.description,
    helpValue: '<duration>',
    helpGroup: options.helpGroup,
    env: options.env,
    parse: async (input: string, _context: unknown, flag: { name: string }) => parseDuration(input, `--${flag.name}`),
  };
  if (options.defaultMs === undefined) return Flags.custom<number>(base)();
  const defaultText = formatDuration(options.defaultMs);
  return Flags.custom<number>({ ...base, default: options.defaultMs, defaultHelp: async () => defaultText })();
}

export function outputFlag<F extends readonly string[]>(formats: F) {
  return Flags.option({
    char: 'o',
    summary: 'output format (-o json is the same as --json)',
    options: formats,
    env: 'KMIRROR_OUTPUT',
    helpGroup: HelpGroup.Global,
  })();
}

const INT64_MAX = 2n ** 63n - 1n;

/** Exact to 64 bits (Flags.integer is a Number, which rounds past 2^53). */
export function int64Flag(options: { summary: string; helpValue: string; min?: bigint }) {
  const min = options.min ?? -INT64_MAX - 1n;
  return Flags.custom<bigint>({
    summary: options.summary,
    helpValue: options.helpValue,
    parse: async (input: string) => {
      if (!/^-?\d+$/.test(input)) throw new Error(`Expected an integer but received: ${input}`);
      const value = BigInt(input);
      if (value < min) throw new Error(`Expected an integer greater than or equal to ${min} but received: ${input}`);
      if (value > INT64_MAX)
        throw new Error(`Expected an integer less than or equal to ${INT64_MAX} but received: ${input}`);
      return value;
    },
  })();
}

export function sourceConfigFlag(summary: string) {
  return Flags.string({
    summary,
    description:
      'Keys as in --command-config (bootstrap.servers, security.protocol, sasl.*, ssl.*). Setting one ' +
      'ssl.truststore.*, ' +
      'ssl.keystore.* or sasl.* key replaces that whole group of the stored settings.',
    helpValue: '<file>',
  });
}

export function regexFlag(summary: string, more: { char?: 'p' | 'x'; aliases?: string[] } = {}) {
  return Flags.string({ summary, multiple: true, helpValue: '<regex>', ...more });
}

export function yesFlag(description = 'do not ask for confirmation (required when there is no terminal to ask on)') {
  return Flags.boolean({ char: 'y', description, env: 'KMIRROR_YES' });
}

export const sourceProfileFlag = {
  'source-profile': Flags.string({
    summary: 'saved profile for reaching the source cluster (instead of the settings the mirror stores)',
    helpValue: '<name>',
    exclusive: ['source-config'],
  }),
};

export const connectionFlags = {
  'bootstrap-server': Flags.string({
    char: 'b',
    summary: 'brokers of the destination cluster, host:port[,host:port…]',
    description:
      'Mirror commands talk to the destination cluster, where the mirror lives. Overrides bootstrap.servers ' +
      'from --command-config.',
    helpValue: '<host:port,…>',
    env: 'KMIRROR_BOOTSTRAP_SERVER',
    helpGroup: HelpGroup.Connection,
  }),
  'command-config': Flags.string({
    summary: 'Kafka client properties file (bootstrap.servers, security.protocol, sasl.*, ssl.*)',
    description:
      'The same file kafka-topics.sh --command-config reads. Flags and KMIRROR_* variables override its settings. ' +
      'JKS and PKCS12 trust stores must be converted to PEM first; kmirror prints the command.',
    helpValue: '<file>',
    env: 'KMIRROR_COMMAND_CONFIG',
    helpGroup: HelpGroup.Connection,
  }),
  'sasl-mechanism': Flags.string({
    summary: 'SASL mechanism: plain, scram-sha-256, scram-sha-512 or oauthbearer',
    helpValue: '<mechanism>',
    env: 'KMIRROR_SASL_MECHANISM',
    helpGroup: HelpGroup.Sasl,
  }),
  'sasl-username': Flags.string({
    summary: 'SASL user name',
    helpValue: '<name>',
    env: 'KMIRROR_SASL_USERNAME',
    helpGroup: HelpGroup.Sasl,
  }),
  'sasl-password-stdin': Flags.boolean({
    summary:
      `read the SASL password from the first line of stdin, or ask for it on a terminal (or set ` +
      `${ENV_SASL_PASSWORD})`,
    description:
      'Passwords are never taken as flag values, which would leave them in shell history and process listings. ' +
      'On a terminal the password is asked for and not echoed.',
    helpGroup: HelpGroup.Sasl,
  }),
  'sasl-oauth-token-file': Flags.string({
    summary: `file holding an OAUTHBEARER token (or set ${ENV_SASL_OAUTH_TOKEN})`,
    description: 'kmirror does not fetch tokens itself; obtain one from your identity provider.',
    helpValue: '<file>',
    env: 'KMIRROR_SASL_OAUTH_TOKEN_FILE',
    helpGroup: HelpGroup.Sasl,
  }),
  tls: Flags.boolean({
    summary: 'connect with TLS (implied by --tls-* flags and by security.protocol SSL/SASL_SSL)',
    allowNo: true,
    env: 'KMIRROR_TLS',
    helpGroup: HelpGroup.Tls,
  }),
  'tls-ca': Flags.string({
    summary: "PEM file with the CA certificate(s) that signed the brokers' certificates",
    helpValue: '<file>',
    env: 'KMIRROR_TLS_CA',
    helpGroup: HelpGroup.Tls,
  }),
  'tls-cert': Flags.string({
    summary: 'client certificate for mutual TLS: PEM (with --tls-key) or a PKCS12 key store',
    description: `The key password (encrypted PEM key or PKCS12) comes from ${ENV_TLS_KEY_PASSWORD}.`,
    helpValue: '<file>',
    env: 'KMIRROR_TLS_CERT',
    helpGroup: HelpGroup.Tls,
  }),
  'tls-key': Flags.string({
    summary: `client private key (PEM) for --tls-cert; password from ${ENV_TLS_KEY_PASSWORD}`,
    helpValue: '<file>',
    env: 'KMIRROR_TLS_KEY',
    helpGroup: HelpGroup.Tls,
  }),
  'tls-insecure': Flags.boolean({
    summary: "do not verify the brokers' certificates (testing only)",
    env: 'KMIRROR_TLS_INSECURE',
    helpGroup: HelpGroup.Tls,
  }),
};

export const globalFlags = {
  profile: Flags.string({
    summary: 'use this saved profile (kmirror profile list); default: the current profile',
    description: 'Flags, --command-config and KMIRROR_* variables override what the profile sets.',
    helpValue: '<name>',
    env: 'KMIRROR_PROFILE',
    helpGroup: HelpGroup.Global,
  }),
  output: outputFlag(OUTPUT_FORMATS),
  color: Flags.boolean({
    summary: 'colour the output (default: only on a terminal, and not when NO_COLOR is set)',
    allowNo: true,
    helpGroup: HelpGroup.Global,
  }),
  timeout: durationFlag({
    description: 'time budget for the whole command, retries and waits included (30s, 2m, 1500ms, 1h)',
    defaultMs: DEFAULT_TIMEOUT_MS,
    env: 'KMIRROR_TIMEOUT',
    helpGroup: HelpGroup.Global,
  }),
  'broker-concurrency': Flags.integer({
    summary: 'brokers asked at once when a request goes to every broker (describe, check, exporter)',
    description: 'A pool: a slow broker holds one place while the others are asked.',
    helpValue: '<n>',
    default: DEFAULT_FAN_OUT_CONCURRENCY,
    min: 1,
    max: 1024,
    env: 'KMIRROR_BROKER_CONCURRENCY',
    helpGroup: HelpGroup.Global,
  }),
  debug: Flags.boolean({
    summary: 'print protocol traces (secrets masked) and stack traces to stderr',
    env: 'KMIRROR_DEBUG',
    helpGroup: HelpGroup.Global,
  }),
  protocol: Flags.option({
    summary: 'which KIP-1279 messages the cluster speaks: prototype (default) or kip-draft (KIP-1279 revision 57)',
    description:
      'prototype: the running prototype broker, mirror RPCs on keys 94-105. kip-draft: the layouts of the KIP text ' +
      '(CreateMirror, AddTopicsToMirror, ListMirrors, DescribeMirrors, LastMirroredOffsets), which number no RPC: ' +
      'give the keys with --api-keys, and for mirror configs the bumped DescribeConfigs/IncrementalAlterConfigs ' +
      'versions with --api-versions. Commands the draft has no RPC for (remove-topics, pause, resume, delete) exit 4.',
    options: PROTOCOLS,
    env: 'KMIRROR_PROTOCOL',
    helpGroup: HelpGroup.Global,
  })(),
  'api-keys': Flags.string({
    summary:
      'mirror API keys, e.g. CreateClusterMirror=94,DescribeClusterMirrors=99 (required with --protocol kip-draft)',
    description:
      'For brokers that number the KIP-1279 RPCs differently from the prototype (94-105), and for --protocol ' +
      'kip-draft, whose RPCs have no numbers: ' +
      'CreateMirror=N,AddTopicsToMirror=N,LastMirroredOffsets=N,ListMirrors=N,DescribeMirrors=N.',
    helpValue: '<Name=key,…>',
    env: 'KMIRROR_API_KEYS',
    helpGroup: HelpGroup.Global,
  }),
  'api-versions': Flags.string({
    summary:
      'with --protocol kip-draft: the bumped versions for mirror configs, DescribeConfigs=N,IncrementalAlterConfigs=M',
    description:
      'KIP-1279 revision 57 bumps DescribeConfigs and IncrementalAlterConfigs for mirror configuration ' +
      'management without ' +
      'naming the versions; config commands on a mirror need them.',
    helpValue: '<Name=version,…>',
    env: 'KMIRROR_API_VERSIONS',
    helpGroup: HelpGroup.Global,
  }),
};

export const baseFlags = { ...connectionFlags, ...globalFlags };

export type BaseFlags = Interfaces.InferredFlags<typeof baseFlags> & { json?: boolean };
