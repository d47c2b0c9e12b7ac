import { WireError } from './errors.js';
import { uuidToBytes } from './uuid.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function checkInt(value: number, min: number, max: number, what: string): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new WireError(`${what} value ${value} is out of range ${min}..${max}`);
  }
}

export class ByteWriter {
  private buf: Buffer;
  pos = 0;

  constructor(initial = 256) {
    this.buf = Buffer.allocUnsafe(initial);
  }

  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + bytes) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  toBuffer(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.pos));
  }

  patchInt32(at: number, value: number): void {
    this.buf.writeInt32BE(value, at);
  }

  int8(value: number): void {
    checkInt(value, -128, 127, 'int8');
    this.room(1);
    this.buf.writeInt8(value, this.pos);
    this.pos += 1;
  }
  bool(value: boolean): void {
    this.room(1);
    this.buf[this.pos++] = value ? 1 : 0;
  }
  int16(value: number): void {
    checkInt(value, -32768, 32767, 'int16');
    this.room(2);
    this.buf.writeInt16BE(value, this.pos);
    this.pos += 2;
  }
  uint16(value: number): void {
    checkInt(value, 0, 65535, 'uint16');
    this.room(2);
    this.buf.writeUInt16BE(value, this.pos);
    this.pos += 2;
  }
  int32(value: number): void {
    checkInt(value, -2147483648, 2147483647, 'int32');
    this.room(4);
    this.buf.writeInt32BE(value, this.pos);
    this.pos += 4;
  }
  uint32(value: number): void {
    checkInt(value, 0, 4294967295, 'uint32');
    this.room(4);
    this.buf.writeUInt32BE(value, this.pos);
    this.pos += 4;
  }
  int64(value: bigint): void {
    if (value < INT64_MIN || value > INT64_MAX) throw new WireError(`int64 value ${value} is out of range`);
    this.room(8);
    // Two int32 from an exact double, as the reader does, instead of Buffer.writeBigInt64BE's BigInt arithmetic.
    if (value >= -SAFE && value <= SAFE) {
      const n = Number(value);
      const high = Math.floor(n / 4294967296);
      this.buf.writeInt32BE(high, this.pos);
      this.buf.writeUInt32BE(n - high * 4294967296, this.pos + 4);
    } else this.buf.writeBigInt64BE(value, this.pos);
    this.pos += 8;
  }
  float64(value: number): void {
    this.room(8);
    this.buf.writeDoubleBE(value, this.pos);
    this.pos += 8;
  }
  uuid(text: string): void {
    this.raw(uuidToBytes(text));
  }
  utf8(text: string, byteLength: number): void {
    this.room(byteLength);
    this.pos += this.buf.write(text, this.pos, byteLength, 'utf8');
  }

  raw(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  uvarint(value: number): void {
    checkInt(value, 0, 4294967295, 'unsigned varint');
    this.room(5);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.pos++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.pos++] = v;
  }
  varint(value: number): void {
    checkInt(value, -2147483648, 2147483647, 'varint');
    this.uvarint(value >= 0 ? value * 2 : -value * 2 - 1);
  }
  varlong(value: bigint): void {
    if (value < INT64_MIN || value > INT64_MAX) throw new WireError(`varlong value ${value} is out of range`);
    let v = BigInt.asUintN(64, (value << 1n) ^ (value >> 63n));
    this.room(10);
    while (v >= 0x80n) {
      this.buf[this.pos++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.pos++] = Number(v);
  }
}
