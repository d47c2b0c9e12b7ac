// A bootstrap address that answers, but not in Kafka: a web server, a TLS listener reached without
// TLS, a mail or SSH daemon. The first answer on a connection is always ApiVersions, a few hundred
// bytes, so its size prefix is small; the first four bytes of these protocols read as a size of
// hundreds of megabytes, which no ApiVersions answer can have. That makes the check safe: a real
// broker's first answer never matches it. The command fails at once naming what answered, since no
// retry can turn that port into a Kafka listener.

import { TransportError } from './transport.js';

/** `sasl`: a Kafka listener that wants SASL, reached without it (the sample names the listener and its mechanisms). */
export type ForeignProtocol = 'http' | 'tls' | 'text' | 'sasl';

/** Bytes enough to recognise every protocol below (a TLS record header is 3, "HTTP/" 5). */
export const FOREIGN_SIGNATURE_BYTES = 5;

const MAX_SAMPLE = 60;

export interface ForeignAnswer {
  readonly protocol: ForeignProtocol;
  /** The first line of a text answer, printable characters only; empty for binary protocols. */
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

/**
 * What the first bytes of a connection's first answer are, when they are not Kafka; undefined when
 * they may be (or too few bytes arrived to tell: call again with more).
 */
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

/** What the address is, in the words of an error message. */
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

/** The connection reached something that is not a Kafka listener of the kind asked for; never retried. */
export class ForeignProtocolError extends TransportError {
  constructor(
    broker: string,
    readonly answer: ForeignAnswer,
  ) {
    super('foreign', broker, describeForeignAnswer(broker, answer));
  }
}
