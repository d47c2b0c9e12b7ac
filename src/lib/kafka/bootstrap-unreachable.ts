// Every bootstrap address failed in a way a retry cannot mend: the port refuses connections, or the
// resolver says the host does not exist. Waiting out --timeout would only delay the same answer, so
// the client stops at once (a broker that answered before, or a retriable Kafka code, still retries).

import { TransportError } from './transport.js';

export type HopelessReason = 'refused' | 'unresolved';

export interface UnreachableAddress {
  readonly broker: string;
  readonly reason: HopelessReason;
}

export class BootstrapUnreachableError extends Error {
  override readonly name = 'BootstrapUnreachableError';
  constructor(readonly addresses: readonly UnreachableAddress[]) {
    super(addresses.map(describeUnreachable).join('; '));
  }
}

export function describeUnreachable(address: UnreachableAddress): string {
  return address.reason === 'refused'
    ? `${address.broker} refused the connection (nothing listens on that port)`
    : `${address.broker} does not resolve (no such host)`;
}

/** Why a failed connect cannot be helped by retrying, or undefined when a retry might help. */
export function hopelessReason(err: unknown): HopelessReason | undefined {
  if (!(err instanceof TransportError) || err.kind !== 'connect') return undefined;
  if (err.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(err.message)) return 'refused';
  // EAI_AGAIN (the resolver did not answer) may pass; ENOTFOUND is the resolver's "no such host".
  if (err.code === 'ENOTFOUND' || /ENOTFOUND/.test(err.message)) return 'unresolved';
  return undefined;
}
