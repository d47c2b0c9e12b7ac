// Every bootstrap address failed in a way a retry cannot mend (refused, no such host, not a Kafka listener):
// the client stops at once (a broker that answered before, or a retriable Kafka code, still retries).

import { ForeignProtocolError, type ForeignProtocol } from './foreign-protocol.js';
import { TransportError } from './transport.js';

export type HopelessReason = 'refused' | 'unresolved' | ForeignProtocol;

export interface UnreachableAddress {
  readonly broker: string;
  readonly reason: HopelessReason;
  readonly description: string;
}

export class BootstrapUnreachableError extends Error {
  override readonly name = 'BootstrapUnreachableError';
  constructor(readonly addresses: readonly UnreachableAddress[]) {
    super(addresses.map((a) => a.description).join('; '));
  }
}

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
