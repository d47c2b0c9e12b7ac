import { WireError } from './errors.js';
import { uuidFromBytes } from './uuid.js';

// ignoreBOM: a leading U+FEFF is part of the string, as Kafka's Java decoder keeps it.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeUtf8(buf: Buffer, at: number, length: number): string {
  const text = buf.toString('utf8', at, at + length);
  // toString is the fast path; only a replacement character calls for the strict check.
  if (text.includes('\uFFFD')) {
    try {
      return strictUtf8.decode(buf.subarray(at, at + length));
    } catch {
      throw new WireError('string is not valid UTF-8');
    }
  }
  return text;
}

// A string whose bytes equal one decoded before (a small table, by hash) is shared: a million rows hold one.
const SHARED_MAX_BYTES = 64;
const SHARED_SLOTS = 1024;
const sharedBytes: (Buffer | undefined)[] = new Array<Buffer | undefined>(SHARED_SLOTS);
const sharedTexts: string[] = new Array<string>(SHARED_SLOTS);

function sharedString(buf: Buffer, at: number, length: number): string {
  let hash = 0x811c9dc5 ^ length;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ (buf[at + i] as number), 0x01000193);
  const slot = (hash >>> 0) % SHARED_SLOTS;
  const bytes = sharedBytes[slot];
  if (bytes !== undefined && bytes.length === length) {
    let same = true;
    for (let i = 0; i < length && same; i++) same = bytes[i] === buf[at + i];
    if (same) return sharedTexts[slot] as string;
  }
  const text = decodeUtf8(buf, at, length);
  sharedBytes[slot] = Buffer.from(buf.subarray(at, at + length));
  sharedTexts[slot] = text;
  return text;
}

// Names of sized reads for their errors, made only when one fails (a describe reads millions of strings).
const SMALL_BIGINTS: readonly bigint[] = Array.from({ length: 256 }, (_, i) => BigInt(i - 1));

const STRING_OF = (bytes: number): string => `string of ${bytes} bytes`;
const BYTES = (bytes: number): string => `${bytes} bytes`;

/** Every read checks bounds first, so truncated or lying input ends in a WireError, not a RangeError. */
export class ByteReader {
  pos: number;
  readonly end: number;

  constructor(
    readonly buf: Buffer,
    start = 0,
    end = buf.length,
  ) {
    this.pos = start;
    this.end = end;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  private need(bytes: number, what: string | ((bytes: number) => string)): number {
    if (bytes > this.end - this.pos) {
      const name = typeof what === 'string' ? what : what(bytes);
      throw new WireError(`${name} needs ${bytes} bytes but only ${this.end - this.pos} remain`);
    }
    const at = this.pos;
    this.pos += bytes;
    return at;
  }

  int8(): number {
    return this.buf.readInt8(this.need(1, 'int8'));
  }
  bool(): boolean {
    const value = this.buf[this.need(1, 'bool')];
    if (value !== 0 && value !== 1) throw new WireError(`bool must be 0 or 1, got ${value}`);
    return value === 1;
  }
  int16(): number {
    return this.buf.readInt16BE(this.need(2, 'int16'));
  }
  uint16(): number {
    return this.buf.readUInt16BE(this.need(2, 'uint16'));
  }
  int32(): number {
    return this.buf.readInt32BE(this.need(4, 'int32'));
  }
  uint32(): number {
    return this.buf.readUInt32BE(this.need(4, 'uint32'));
  }
  int64(): bigint {
    const at = this.need(8, 'int64');
    // One BigInt from an exact double, not Buffer.readBigInt64BE's intermediate BigInts (they dominated large decodes).
    const high = this.buf.readInt32BE(at);
    if (high >= -0x200000 && high < 0x200000) {
      const value = high * 4294967296 + this.buf.readUInt32BE(at + 4);
      // -1 (unknown) and small values (a lag of 0) repeat on most partitions: one BigInt each, made once
      return value >= -1 && value < SMALL_BIGINTS.length - 1 ? (SMALL_BIGINTS[value + 1] as bigint) : BigInt(value);
    }
    return this.buf.readBigInt64BE(at);
  }
  float64(): number {
    return this.buf.readDoubleBE(this.need(8, 'float64'));
  }
  uuid(): string {
    const at = this.need(16, 'uuid');
    return uuidFromBytes(this.buf.subarray(at, at + 16));
  }

  uvarint(): number {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      if (this.pos >= this.end) throw new WireError('varint runs past the end of the buffer');
      const byte = this.buf[this.pos++] as number;
      if (i === 4 && byte > 0x0f) throw new WireError('varint is longer than 32 bits');
      value += (byte & 0x7f) * 2 ** (7 * i);
      if ((byte & 0x80) === 0) return value;
    }
    throw new WireError('varint is longer than 5 bytes');
  }

  varint(): number {
    const raw = this.uvarint();
    return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
  }

  varlong(): bigint {
    let raw = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new WireError('varlong runs past the end of the buffer');
      const byte = this.buf[this.pos++] as number;
      if (i === 9 && byte > 0x01) throw new WireError('varlong is longer than 64 bits');
      raw |= BigInt(byte & 0x7f) << BigInt(7 * i);
      if ((byte & 0x80) === 0) return (raw >> 1n) ^ -(raw & 1n);
    }
    throw new WireError('varlong is longer than 10 bytes');
  }

  utf8(length: number): string {
    const at = this.need(length, STRING_OF);
    if (length <= SHARED_MAX_BYTES) return sharedString(this.buf, at, length);
    return decodeUtf8(this.buf, at, length);
  }

  raw(length: number): Buffer {
    const at = this.need(length, BYTES);
    return this.buf.subarray(at, at + length);
  }

  // Length prefixes. Classic: int16/int32 with -1 = null. Compact: uvarint N+1 with 0 = null.
  string16Length(): number {
    const n = this.int16();
    if (n < -1) throw new WireError(`negative string length ${n}`);
    return n;
  }
  int32Length(what: string): number {
    const n = this.int32();
    if (n < -1) throw new WireError(`negative ${what} length ${n}`);
    return n;
  }
  compactLength(): number {
    return this.uvarint() - 1;
  }
}
