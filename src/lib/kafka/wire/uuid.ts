import { WireError } from './errors.js';

// Kafka prints topic ids as URL-safe base64 without padding (Uuid.toString()), so that is the
// form kmirror keeps in memory, shows to users and accepts from them.
export const ZERO_UUID = 'AAAAAAAAAAAAAAAAAAAAAA';

export function uuidToBytes(text: string): Buffer {
  if (!/^[A-Za-z0-9_-]{22}$/.test(text)) {
    throw new WireError(`invalid uuid '${text}': expected 22 characters of URL-safe base64`);
  }
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length !== 16) throw new WireError(`invalid uuid '${text}': does not decode to 16 bytes`);
  return bytes;
}

export function uuidFromBytes(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, 16).toString('base64url');
}

export function uuidFromHex(hex: string): string {
  return uuidFromBytes(Buffer.from(hex, 'hex'));
}
