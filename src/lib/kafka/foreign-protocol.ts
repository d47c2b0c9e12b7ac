// A bootstrap address that answers, but not in Kafka: the first four bytes of HTTP, TLS or a text protocol read as
// a size of hundreds of megabytes, which no ApiVersions answer can have, so a real broker never matches.

import { TransportError } from './transport.js';

export type ForeignProtocol = 'http' | 'tls' | 'text' | 'sasl';

export const FOREIGN_SIGNATURE_BYTES = 5;

const MAX_SAMPLE = 60;

export interface ForeignAnswer {
  readonly protocol: ForeignProtocol;
  readonly sample: string;
}

/** A TLS record: content type change_cipher_spec…heartbeat (20–24), then version 3.0–3.4. */
function isTlsRecord(bytes: Buffer): boolean {
  const type = bytes[0] ?? 0;
  return type >= 0x14 && type <= 0x18 && bytes[1] === 0x03 && (bytes[2] ?? 0xff) <= 0x04;
}

function isText(byte: number): boolean {
  return (byte >= 0x20 && byte <= 0x7e) || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

export function recognizeForeignAnswer(first: Buffer): ForeignAnswer | undefined {
  if (first.length < 3) return undefined;
  if (isTlsRecord(first)) return { protocol: 'tls', sample: '' };
  if (first.length < 4) return undefined;
  if (![...first.subarray(0, 4)].every(isText)) return undefined;
  const line = first
    .subarray(0, 256)
    .toString('latin1')
    .split(/\r?\n/)[0]
    ?.replace(/[^\x20-\x7e]/g, '?')
    .trim();
  const sample = (line ?? '').length > MAX_SAMPLE ? `${(line ?? '').slice(0, MAX_SAMPLE)}…` : (line ?? '');
  return {
    protocol: /^HTTP\/\d/.test(first.toString('latin1', 0, 6)) || /^HTTP/.test(sample) ? 'http' : 'text',
    sample,
  };
}

export function describeForeignAnswer(broker: string, answer: ForeignAnswer): string {
  switch (answer.protocol) {
    case 'http':
      return `${broker} answered like an HTTP server, not a Kafka broker`;
    case 'tls':
      return `${broker} answered with TLS, not plaintext Kafka: it is a TLS listener`;
    case 'text':
      return `${broker} answered with text ("${answer.sample}"), not a Kafka broker`;
    case 'sasl':
      return `${broker} wants SASL authentication (${answer.sample}) and closed the connection without it`;
  }
}

export class ForeignProtocolError extends TransportError {
  constructor(
    broker: string,
    readonly answer: ForeignAnswer,
  ) {
    super('foreign', broker, describeForeignAnswer(broker, answer));
  }
}
