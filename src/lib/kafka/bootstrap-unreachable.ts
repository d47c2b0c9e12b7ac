// Every bootstrap address failed in a way a retry cannot mend: the port refuses connections, the
// resolver says the host does not exist, or what answered is not a Kafka listener of the kind asked
// for (an HTTP server, a TLS listener reached without TLS, some other text protocol). Waiting out
// --timeout would only delay the same answer, so the client stops at once (a broker that answered
// before, or a retriable Kafka code, still retries).

import { ForeignProtocolError, type ForeignProtocol } from './foreign-protocol.js';
import { TransportError } from './transport.js';

export type HopelessReason = 'refused' | 'unresolved' | ForeignProtocol;

export interface UnreachableAddress {
  readonly broker: string;
  readonly reason: HopelessReason;
  /** One clause naming the address and what is wrong with it. */
  readonly description: string;
}

export class BootstrapUnreachableError extends Error {
  override readonly name = 'BootstrapUnreachableError';
  constructor(readonly addresses: readonly UnreachableAddress[]) {
    super(addresses.map((a) => a.description).join('; '));
  }
}

/** Why a failed connect cannot be helped by retrying, or undefined when a retry might help. */
export function unreachableAddress(err: unknown): UnreachableAddress | undefined {
  if (err instanceof ForeignProtocolError)
    return { broker: err.broker, reason: err.answer.protocol, description: err.message };
  if (!(err instanceof TransportError) || err.kind !== 'connect') return undefined;
  if (err.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(err.message))
    return {
      broker: err.broker,
      reason: 'refused',
      description: `${err.broker} refused the connection (nothing listens on that port)`,
    };
  // EAI_AGAIN (the resolver did not answer) may pass; ENOTFOUND is the resolver's "no such host".
  if (err.code === 'ENOTFOUND' || /ENOTFOUND/.test(err.message))
    return { broker: err.broker, reason: 'unresolved', description: `${err.broker} does not resolve (no such host)` };
  return undefined;
}
