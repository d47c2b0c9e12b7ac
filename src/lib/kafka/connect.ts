// Builds a protocol client from validated connection settings. Nothing connects here; the first
// request does.

import type { ChangeInterrupts } from './change-interrupts.js';
import type { ConnectionOptions } from 'node:tls';
import { KafkaClient } from './client.js';
import type { TimeBudget, WireEvent } from './client.js';
import { KafkajsTransport } from './kafkajs-transport.js';
import type { Dialect } from './dialect.js';
import type { ApiKeyMap } from './mirror-api-keys.js';
import type { BrokerAddress, SaslCredentials } from './transport.js';

export interface TlsSettings {
  readonly ca?: Buffer[];
  readonly cert?: Buffer;
  readonly key?: Buffer;
  readonly passphrase?: string;
  readonly pfx?: Buffer;
  readonly rejectUnauthorized: boolean;
  readonly servername?: string;
  readonly checkServerIdentity: boolean;
}

export interface ClientSettings {
  readonly bootstrap: readonly string[];
  readonly clientId: string;
  readonly tls?: TlsSettings;
  readonly sasl?: SaslCredentials;
  readonly apiKeys?: ApiKeyMap;
  readonly dialect?: Dialect;
  readonly onNote?: (message: string) => void;
  readonly maxResponseBytes?: number;
  readonly fanOutConcurrency?: number;
}

export function maxResponseBytesFrom(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const text = env['KMIRROR_MAX_RESPONSE_BYTES'];
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 4) {
    throw new Error(`invalid KMIRROR_MAX_RESPONSE_BYTES '${text}': expected a whole number of bytes, at least 4`);
  }
  return value;
}

/** The port is required: Kafka has no single default. */
export function parseBrokerAddress(text: string): BrokerAddress {
  const match = /^(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65535) {
    throw new Error(`invalid broker address '${text}': expected host:port, e.g. localhost:9092`);
  }
  return { host: match[1] ?? match[2] ?? '', port };
}

function tlsOptions(tls: TlsSettings): ConnectionOptions {
  return {
    ca: tls.ca,
    cert: tls.cert,
    key: tls.key,
    passphrase: tls.passphrase,
    pfx: tls.pfx,
    rejectUnauthorized: tls.rejectUnauthorized,
    servername: tls.servername,
    // Kafka's ssl.endpoint.identification.algorithm= (empty) keeps chain checks, skips the name.
    ...(tls.checkServerIdentity ? {} : { checkServerIdentity: () => undefined }),
  };
}

export function createClient(
  settings: ClientSettings,
  deadline: TimeBudget,
  onWire?: (event: WireEvent) => void,
  interrupts?: ChangeInterrupts,
): KafkaClient {
  const transport = new KafkajsTransport({
    clientId: settings.clientId,
    tls: settings.tls ? tlsOptions(settings.tls) : undefined,
    sasl: settings.sasl,
    connectTimeoutMs: Math.min(10_000, Math.max(1, deadline.remainingMs())),
    maxResponseBytes: settings.maxResponseBytes ?? maxResponseBytesFrom(process.env),
  });
  return new KafkaClient({
    bootstrap: settings.bootstrap.map(parseBrokerAddress),
    transport,
    deadline,
    onWire,
    ...(settings.apiKeys ? { apiKeys: settings.apiKeys } : {}),
    ...(settings.fanOutConcurrency !== undefined ? { fanOutConcurrency: settings.fanOutConcurrency } : {}),
    ...(settings.dialect ? { dialect: settings.dialect } : {}),
    ...(settings.onNote ? { onNote: settings.onNote } : {}),
    ...(interrupts ? { interrupts } : {}),
  });
}
