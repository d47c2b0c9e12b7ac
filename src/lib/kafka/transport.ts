// The one seam between kmirror and the library that owns sockets. Everything above it speaks in
// our own bytes (encoded bodies, decoded responses); everything below it may be swapped.

import type { ConnectionOptions } from 'node:tls';

export interface BrokerAddress {
  readonly host: string;
  readonly port: number;
  readonly nodeId?: number;
}

export type SaslMechanism = 'plain' | 'scram-sha-256' | 'scram-sha-512' | 'oauthbearer';

export interface SaslCredentials {
  readonly mechanism: SaslMechanism;
  readonly username?: string;
  readonly password?: string;
  readonly oauthToken?: string;
}

export interface TransportOptions {
  readonly clientId: string;
  readonly tls?: ConnectionOptions;
  readonly sasl?: SaslCredentials;
  readonly connectTimeoutMs: number;
  readonly maxResponseBytes?: number;
}

export interface RawRequest {
  readonly apiName: string;
  readonly apiKey: number;
  readonly apiVersion: number;
  readonly flexibleHeader: boolean;
  readonly body: Buffer;
}

export type TransportFailure = 'connect' | 'closed' | 'timeout' | 'tls' | 'authentication' | 'foreign';

export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly kind: TransportFailure,
    readonly broker: string,
    message: string,
    readonly code?: string,
    /** true: the broker may have received and applied it (only the answer is missing). */
    readonly requestSent: boolean = false,
  ) {
    super(message);
  }

  afterSending(): TransportError {
    return this.requestSent ? this : new TransportError(this.kind, this.broker, this.message, this.code, true);
  }
}

export interface Transport {
  /** For a flexible response header the tag buffer is still in front of the body. */
  send(broker: BrokerAddress, request: RawRequest, timeoutMs: number): Promise<Buffer>;
  authenticate(broker: BrokerAddress, supportedApis: ReadonlyMap<number, { min: number; max: number }>): Promise<void>;
  discard?(broker: BrokerAddress): void;
  close(): Promise<void>;
}

export function brokerLabel(broker: BrokerAddress): string {
  return broker.nodeId === undefined
    ? `${broker.host}:${broker.port}`
    : `${broker.host}:${broker.port} (node ${broker.nodeId})`;
}
