// The reader is the first thing untrusted bytes meet: every read must check bounds and every
// malformed encoding must end in a WireError (never a RangeError from Buffer, never a hang).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WireError } from '../../../../src/lib/kafka/wire/errors.js';
import { ByteReader } from '../../../../src/lib/kafka/wire/reader.js';
import { SeededRandom } from '../../../../src/lib/emulator/state/random.js';

function reader(hex: string, start?: number, end?: number): ByteReader {
  return new ByteReader(Buffer.from(hex.replace(/\s+/g, ''), 'hex'), start, end);
}

describe('bounds', () => {
  const sizes = { int8: 1, bool: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, int64: 8, float64: 8, uuid: 16 } as const;
  for (const [kind, size] of Object.entries(sizes) as [keyof typeof sizes, number][]) {
    test(`${kind} with ${size - 1} bytes left is a WireError and does not move`, () => {
      const r = reader('00'.repeat(size - 1));
      assert.throws(() => r[kind](), WireError);
      assert.equal(r.pos, 0);
    });
  }

  test('the end bound is respected even when the buffer is longer', () => {
    const r = reader('00000001 00000002', 0, 6);
    assert.equal(r.int32(), 1);
    assert.equal(r.remaining, 2);
    assert.throws(() => r.int32(), WireError);
  });

  test('a start offset is honoured', () => {
    const r = reader('ff 0005', 1);
    assert.equal(r.int16(), 5);
    assert.equal(r.remaining, 0);
  });

  test('raw and utf8 refuse lengths beyond the end', () => {
    assert.throws(() => reader('0102').raw(3), WireError);
    assert.throws(() => reader('6162').utf8(3), WireError);
    assert.equal(reader('').raw(0).length, 0);
    assert.equal(reader('').utf8(0), '');
  });
});

describe('bool', () => {
  test('00 and 01 only', () => {
    assert.equal(reader('00').bool(), false);
    assert.equal(reader('01').bool(), true);
    for (const bad of ['02', '80', 'ff']) assert.throws(() => reader(bad).bool(), WireError, bad);
  });
});

describe('varints', () => {
  test('uvarint truncated mid-way is a WireError', () => {
    for (const bad of ['', '80', 'ff ff', 'ff ff ff ff']) assert.throws(() => reader(bad).uvarint(), WireError, bad);
  });

  test('uvarint longer than 5 bytes or wider than 32 bits is a WireError', () => {
    assert.throws(() => reader('ff ff ff ff ff ff').uvarint(), WireError, 'six bytes with continuation bits');
    assert.throws(() => reader('ff ff ff ff 10').uvarint(), WireError, '2^32 needs 33 bits');
    assert.throws(() => reader('80 80 80 80 80 00').uvarint(), WireError, 'fifth byte with a continuation bit');
  });

  test('uvarint accepts a non-minimal encoding (Kafka does too) and stops at the first byte without 0x80', () => {
    const r = reader('80 00 05');
    assert.equal(r.uvarint(), 0);
    assert.equal(r.pos, 2);
  });

  test('varint: the 5-byte maximum decodes to the int32 extremes', () => {
    assert.equal(reader('fe ff ff ff 0f').varint(), 2147483647);
    assert.equal(reader('ff ff ff ff 0f').varint(), -2147483648);
  });

  test('varlong longer than 10 bytes or wider than 64 bits is a WireError', () => {
    assert.throws(() => reader('ff'.repeat(11)).varlong(), WireError, 'eleven bytes');
    assert.throws(() => reader('ff'.repeat(9) + '02').varlong(), WireError, '65 bits');
    assert.throws(() => reader('ff'.repeat(9)).varlong(), WireError, 'truncated');
  });
});

describe('utf8', () => {
  test('valid multi-byte text decodes', () => {
    assert.equal(reader('c3a9 e282ac f09f9880').utf8(9), 'é€😀');
  });

  test('malformed UTF-8 is a WireError, not U+FFFD', () => {
    for (const bad of ['c3 28', 'ff', 'c3', 'e2 82', 'ed a0 80', 'c0 af', 'f8 88 80 80 80']) {
      const bytes = bad.replace(/\s+/g, '');
      assert.throws(() => reader(bytes).utf8(bytes.length / 2), WireError, bad);
    }
  });

  test('a real U+FFFD (ef bf bd) in the text is kept', () => {
    assert.equal(reader('61 efbfbd 62').utf8(5), 'a\uFFFDb');
  });

  test('a leading U+FEFF is data, not a byte-order mark to drop', () => {
    assert.equal(reader('efbbbf 61').utf8(4), '\uFEFFa');
    assert.equal(
      reader('efbbbf efbfbd').utf8(6),
      '\uFEFF\uFFFD',
      'also on the strict path taken when U+FFFD is present',
    );
  });
});

describe('shared short strings', () => {
  test('every string decodes to its own bytes, however many share a slot of the table', () => {
    // 5,000 distinct short strings overfill the 1,024 slots: each is read twice, in varied orders.
    const texts = Array.from({ length: 5000 }, (_, i) => `s${(i * 7919) % 100_003}-é`);
    const all = Buffer.concat(texts.map((t) => Buffer.from(t)));
    const r = new ByteReader(Buffer.concat([all, all]));
    for (const round of [0, 1]) for (const t of texts) assert.equal(r.utf8(Buffer.byteLength(t)), t, `round ${round}`);
  });

  test('malformed bytes stay a WireError after the same length and hash slot held valid text', () => {
    assert.equal(reader('c3a9').utf8(2), 'é');
    assert.throws(() => reader('c328').utf8(2), WireError);
    assert.throws(() => reader('c328').utf8(2), WireError, 'not remembered as text either');
    assert.equal(reader('c3a9').utf8(2), 'é');
  });
});

describe('length prefixes', () => {
  test('classic string length: -1 is null, below -1 is a WireError', () => {
    assert.equal(reader('ffff').string16Length(), -1);
    assert.equal(reader('7fff').string16Length(), 32767);
    assert.throws(() => reader('fffe').string16Length(), WireError);
    assert.throws(() => reader('8000').string16Length(), WireError);
  });

  test('int32 length: -1 is null, below -1 is a WireError', () => {
    assert.equal(reader('ffffffff').int32Length('array'), -1);
    assert.throws(() => reader('fffffffe').int32Length('array'), WireError);
    assert.throws(() => reader('80000000').int32Length('bytes'), WireError);
  });

  test('compact length is uvarint minus one (0 → -1 = null)', () => {
    assert.equal(reader('00').compactLength(), -1);
    assert.equal(reader('01').compactLength(), 0);
    assert.equal(reader('8001').compactLength(), 127);
    assert.equal(reader('ffffffff0f').compactLength(), 4294967294);
  });
});

describe('int64', () => {
  test('every value reads as Buffer.readBigInt64BE reads it: the shared small ones, the 53-bit path, the rest', () => {
    const values = [-(2n ** 63n), -(2n ** 53n), -(2n ** 53n) + 1n, -4294967297n, -256n, -2n, -1n, 0n, 1n, 253n, 254n];
    values.push(255n, 256n, 4294967295n, 4294967296n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 63n - 1n);
    // any 64 bits, and values of every magnitude (the top bits cleared by a shift of 0–63)
    const random = new SeededRandom('int64');
    for (let i = 0; i < 1000; i++) {
      const bits = (BigInt(random.nextUint32()) << 32n) | BigInt(random.nextUint32());
      values.push(BigInt.asIntN(64, bits), BigInt.asIntN(64, bits >> BigInt(i % 64)));
    }
    for (const value of values) {
      const bytes = Buffer.alloc(8);
      bytes.writeBigInt64BE(value);
      assert.equal(new ByteReader(bytes).int64(), bytes.readBigInt64BE(0), `${value}`);
    }
  });
});
