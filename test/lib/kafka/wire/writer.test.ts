// Every primitive at its edges, both directions: the writer must produce exactly these bytes and
// the reader must turn exactly these bytes back into the value. The bytes are Kafka's encodings
// (big-endian two's complement; LEB128; zig-zag), several worked out by hand in the comments.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WireError } from '../../../../src/lib/kafka/wire/errors.js';
import { ByteReader } from '../../../../src/lib/kafka/wire/reader.js';
import { ByteWriter } from '../../../../src/lib/kafka/wire/writer.js';

type Kind =
  'int8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'float64' | 'bool' | 'uvarint' | 'varint' | 'varlong';
type Value = number | bigint | boolean;

function write(kind: Kind, value: Value): Buffer {
  const w = new ByteWriter(1);
  switch (kind) {
    case 'int64':
    case 'varlong':
      w[kind](value as bigint);
      break;
    case 'bool':
      w.bool(value as boolean);
      break;
    default:
      w[kind](value as number);
  }
  return w.toBuffer();
}

function read(kind: Kind, bytes: Buffer): { value: Value; used: number } {
  const r = new ByteReader(bytes);
  const value = r[kind]();
  return { value, used: r.pos };
}

/** [value, hex] pairs per kind; each is checked by writing and by reading. */
const CASES: ReadonlyArray<readonly [Kind, Value, string]> = [
  ['int8', 0, '00'],
  ['int8', -1, 'ff'],
  ['int8', 127, '7f'],
  ['int8', -128, '80'],
  ['int16', 0, '0000'],
  ['int16', -1, 'ffff'],
  ['int16', 32767, '7fff'],
  ['int16', -32768, '8000'],
  ['int16', 0x1234, '1234'],
  ['uint16', 0, '0000'],
  ['uint16', 65535, 'ffff'],
  ['uint16', 0x8000, '8000'],
  ['int32', 0, '00000000'],
  ['int32', -1, 'ffffffff'],
  ['int32', 2147483647, '7fffffff'],
  ['int32', -2147483648, '80000000'],
  ['int32', 0x01020304, '01020304'],
  ['uint32', 0, '00000000'],
  ['uint32', 4294967295, 'ffffffff'],
  ['uint32', 2147483648, '80000000'],
  ['int64', 0n, '0000000000000000'],
  ['int64', -1n, 'ffffffffffffffff'],
  ['int64', 2n ** 63n - 1n, '7fffffffffffffff'],
  ['int64', -(2n ** 63n), '8000000000000000'],
  ['int64', 0x0102030405060708n, '0102030405060708'],
  // Both sides of the exact-double fast path (±2^53) and of the int32 halves.
  ['int64', 2n ** 53n - 1n, '001fffffffffffff'],
  ['int64', 2n ** 53n, '0020000000000000'],
  ['int64', 2n ** 53n + 1n, '0020000000000001'],
  ['int64', -(2n ** 53n) + 1n, 'ffe0000000000001'],
  ['int64', -(2n ** 53n) - 1n, 'ffdfffffffffffff'],
  ['int64', 2n ** 32n - 1n, '00000000ffffffff'],
  ['int64', 2n ** 32n, '0000000100000000'],
  ['int64', -(2n ** 32n), 'ffffffff00000000'],
  ['int64', -(2n ** 32n) - 1n, 'fffffffeffffffff'],
  ['bool', false, '00'],
  ['bool', true, '01'],
  ['float64', 0, '0000000000000000'],
  ['float64', -0, '8000000000000000'],
  ['float64', 1.5, '3ff8000000000000'],
  ['float64', -2, 'c000000000000000'],
  ['float64', Infinity, '7ff0000000000000'],
  ['float64', -Infinity, 'fff0000000000000'],
  ['float64', Number.MAX_VALUE, '7fefffffffffffff'],
  ['float64', Number.MIN_VALUE, '0000000000000001'],
  // Unsigned LEB128: the boundaries of 1 to 5 bytes.
  ['uvarint', 0, '00'],
  ['uvarint', 1, '01'],
  ['uvarint', 127, '7f'],
  ['uvarint', 128, '8001'],
  ['uvarint', 300, 'ac02'], // 300 = 0b10_0101100: 0x2c|0x80, 0x02
  ['uvarint', 16383, 'ff7f'],
  ['uvarint', 16384, '808001'],
  ['uvarint', 2 ** 21 - 1, 'ffff7f'],
  ['uvarint', 2 ** 21, '80808001'],
  ['uvarint', 2 ** 28 - 1, 'ffffff7f'],
  ['uvarint', 2 ** 28, '8080808001'],
  ['uvarint', 2 ** 31, '8080808008'],
  ['uvarint', 2 ** 32 - 1, 'ffffffff0f'],
  // Zig-zag int32: 0→0, -1→1, 1→2, -2→3, …; n ≥ 0 → 2n, n < 0 → -2n-1.
  ['varint', 0, '00'],
  ['varint', -1, '01'],
  ['varint', 1, '02'],
  ['varint', -2, '03'],
  ['varint', 63, '7e'],
  ['varint', -64, '7f'],
  ['varint', 64, '8001'],
  ['varint', 300, 'd804'], // zig-zag 600 = 0x258: 0x58|0x80, 0x04
  ['varint', -300, 'd704'], // zig-zag 599 = 0x257
  ['varint', 2147483647, 'feffffff0f'], // zig-zag 2^32-2
  ['varint', -2147483648, 'ffffffff0f'], // zig-zag 2^32-1
  // Zig-zag int64.
  ['varlong', 0n, '00'],
  ['varlong', -1n, '01'],
  ['varlong', 1n, '02'],
  ['varlong', 64n, '8001'],
  ['varlong', 2147483648n, '8080808010'], // zig-zag 2^32: five 7-bit groups, the last holding 0x10
  ['varlong', -2147483649n, '8180808010'], // zig-zag 2^32+1
  ['varlong', 2n ** 63n - 1n, 'feffffffffffffffff01'], // zig-zag 2^64-2: ten bytes
  ['varlong', -(2n ** 63n), 'ffffffffffffffffff01'], // zig-zag 2^64-1
];

describe('primitive encodings, both directions', () => {
  for (const [kind, value, bytes] of CASES) {
    const label = `${kind} ${typeof value === 'bigint' ? `${value}n` : Object.is(value, -0) ? '-0' : String(value)}`;
    test(`${label} ⇄ ${bytes}`, () => {
      assert.equal(write(kind, value).toString('hex'), bytes, `write ${label}`);
      const back = read(kind, Buffer.from(bytes, 'hex'));
      assert.ok(Object.is(back.value, value) || back.value === value, `read ${bytes}: got ${String(back.value)}`);
      assert.equal(back.used, bytes.length / 2, 'bytes consumed');
    });
  }

  test('float64 NaN survives a round trip', () => {
    assert.ok(Number.isNaN(read('float64', write('float64', NaN)).value));
  });

  test('zig-zag cross-check against the formula for a spread of int32 values', () => {
    for (let n = -70000; n <= 70000; n += 997) {
      const zig = n >= 0 ? 2 * n : -2 * n - 1;
      assert.equal(write('varint', n).toString('hex'), write('uvarint', zig).toString('hex'), `varint ${n}`);
      assert.equal(write('varlong', BigInt(n)).toString('hex'), write('uvarint', zig).toString('hex'), `varlong ${n}`);
      assert.equal(read('varint', write('varint', n)).value, n);
    }
  });
});

describe('the writer refuses values outside a type', () => {
  const refused: ReadonlyArray<readonly [Kind, Value]> = [
    ['int8', 128],
    ['int8', -129],
    ['int8', 1.5],
    ['int16', 32768],
    ['int16', -32769],
    ['uint16', -1],
    ['uint16', 65536],
    ['int32', 2147483648],
    ['int32', -2147483649],
    ['int32', NaN],
    ['int32', Infinity],
    ['uint32', -1],
    ['uint32', 4294967296],
    ['int64', 2n ** 63n],
    ['int64', -(2n ** 63n) - 1n],
    ['uvarint', -1],
    ['uvarint', 2 ** 32],
    ['uvarint', 0.5],
    ['varint', 2147483648],
    ['varint', -2147483649],
    ['varlong', 2n ** 63n],
    ['varlong', -(2n ** 63n) - 1n],
  ];
  for (const [kind, value] of refused) {
    test(`${kind} ${String(value)} is a WireError and writes nothing`, () => {
      const w = new ByteWriter(4);
      assert.throws(
        () => (kind === 'int64' || kind === 'varlong' ? w[kind](value as bigint) : w[kind as 'int8'](value as number)),
        WireError,
      );
      assert.equal(w.pos, 0);
    });
  }
});

describe('ByteWriter buffer management', () => {
  test('grows from a tiny initial size and toBuffer returns an independent copy', () => {
    const w = new ByteWriter(1);
    for (let i = 0; i < 1000; i++) w.int32(i);
    const out = w.toBuffer();
    assert.equal(out.length, 4000);
    assert.equal(out.readInt32BE(3996), 999);
    w.patchInt32(0, -1);
    assert.equal(out.readInt32BE(0), 0, 'earlier toBuffer result is not changed by later writes');
    assert.equal(w.toBuffer().readInt32BE(0), -1);
  });

  test('raw copies bytes; patchInt32 rewrites a size prefix in place', () => {
    const w = new ByteWriter(2);
    w.int32(0);
    w.raw(Buffer.from('abcdef'));
    w.patchInt32(0, w.pos - 4);
    assert.equal(w.toBuffer().toString('hex'), '00000006616263646566');
  });
});
