// The one seam between kmirror and the library that owns sockets. Everything above it speaks in
// our own bytes (encoded bodies, decoded responses); everything below it may be swapped.

import type { ConnectionOptions } from 'node:tls';

export interface BrokerAddress {
  readonly host: string;
  readonly port: number;
  /** Known once Metadata has been read; bootstrap addresses have none. */
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
  /** Largest response frame accepted (default 100 MiB); a larger announced size is a protocol violation. */
  readonly maxResponseBytes?: number;
}

/** A request already encoded by our codec; the transport adds only what it must. */
export interface RawRequest {
  readonly apiName: string;
  readonly apiKey: number;
  readonly apiVersion: number;
  /** Request header v2 (flexible): a tag buffer follows the client id. */
  readonly flexibleHeader: boolean;
  readonly body: Buffer;
}

/**
 * What went wrong below the Kafka protocol: these never carry a Kafka error code. `foreign`: the
 * address answered in another protocol (HTTP, TLS, text; see foreign-protocol.ts).
 */
export type TransportFailure = 'connect' | 'closed' | 'timeout' | 'tls' | 'authentication' | 'foreign';

export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly kind: TransportFailure,
    readonly broker: string,
    message: string,
    /** The operating-system or TLS code (ECONNREFUSED, DEPTH_ZERO_SELF_SIGNED_CERT, …) when known. */
    readonly code?: string,
    /**
     * The request had been handed to the connection when this happened, so the broker may have received and
     * applied it (only the answer is missing). false: it provably never left (the connection failed first).
     */
    readonly requestSent: boolean = false,
  ) {
    super(message);
  }

  /** The same failure, known to have come after the request was written. */
  afterSending(): TransportError {
    return this.requestSent ? this : new TransportError(this.kind, this.broker, this.message, this.code, true);
  }
}

export interface Transport {
  /**
   * Sends one request and returns the response bytes that follow the correlation id (for a
   * flexible response header the tag buffer is still in front of the body).
   */
  send(broker: BrokerAddress, request: RawRequest, timeoutMs: number): Promise<Buffer>;
  /** Authenticates the connection to `broker` if SASL is configured (after ApiVersions). */
  authenticate(broker: BrokerAddress, supportedApis: ReadonlyMap<number, { min: number; max: number }>): Promise<void>;
  /** Closes the connection to `broker` after its answer proved it untrustworthy (the next send dials again). */
  discard?(broker: BrokerAddress): void;
  close(): Promise<void>;
}

export function brokerLabel(broker: BrokerAddress): string {
  return broker.nodeId === undefined
    ? `${broker.host}:${broker.port}`
    : `${broker.host}:${broker.port} (node ${broker.nodeId})`;
}
