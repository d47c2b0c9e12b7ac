// Topic ids travel as 16 raw bytes and are shown as Kafka prints them (Uuid.toString(): URL-safe
// base64, no padding), so the conversion must be exact in both directions and refuse anything else.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WireError } from '../../../../src/lib/kafka/wire/errors.js';
import { ByteReader } from '../../../../src/lib/kafka/wire/reader.js';
import { uuidFromBytes, uuidFromHex, uuidToBytes, ZERO_UUID } from '../../../../src/lib/kafka/wire/uuid.js';
import { ByteWriter } from '../../../../src/lib/kafka/wire/writer.js';

test('the PROTOCOL.md §4 topic id converts both ways', () => {
  assert.equal(uuidFromHex('0123456789abcdef0123456789abcdef'), 'ASNFZ4mrze8BI0VniavN7w');
  assert.equal(uuidToBytes('ASNFZ4mrze8BI0VniavN7w').toString('hex'), '0123456789abcdef0123456789abcdef');
});

test('the zero uuid is 22 A characters and 16 zero bytes', () => {
  assert.equal(ZERO_UUID, 'AAAAAAAAAAAAAAAAAAAAAA');
  assert.deepEqual(uuidToBytes(ZERO_UUID), Buffer.alloc(16));
  assert.equal(uuidFromBytes(new Uint8Array(16)), ZERO_UUID);
});

test('URL-safe alphabet: - and _ rather than + and /', () => {
  assert.equal(uuidFromHex('fbffbffbffbffbffbffbffbffbffbfff'), '-_-_-_-_-_-_-_-_-_-__w');
  assert.equal(uuidToBytes('-_-_-_-_-_-_-_-_-_-__w').toString('hex'), 'fbffbffbffbffbffbffbffbffbffbfff');
  assert.equal(uuidFromHex('ffffffffffffffffffffffffffffffff'), '_____________________w');
});

test('uuidFromBytes reads 16 bytes at a view offset, not the start of the underlying buffer', () => {
  const backing = Buffer.from('ee'.repeat(3) + '0123456789abcdef0123456789abcdef' + 'ee', 'hex');
  assert.equal(uuidFromBytes(backing.subarray(3, 19)), 'ASNFZ4mrze8BI0VniavN7w');
});

test('round trip of every byte position through writer and reader', () => {
  for (let i = 0; i < 16; i++) {
    const bytes = Buffer.alloc(16);
    bytes[i] = 0xa5;
    const text = uuidFromBytes(bytes);
    assert.match(text, /^[A-Za-z0-9_-]{22}$/);
    const w = new ByteWriter(1);
    w.uuid(text);
    const written = w.toBuffer();
    assert.deepEqual(written, bytes);
    assert.equal(new ByteReader(written).uuid(), text);
  }
});

test('invalid uuid text is a WireError', () => {
  for (const bad of [
    '',
    'ASNFZ4mrze8BI0VniavN7', // 21 characters
    'ASNFZ4mrze8BI0VniavN7wA', // 23 characters
    'ASNFZ4mrze8BI0VniavN7w==', // padded
    'ASNFZ4mrze8BI0VniavN+w', // standard alphabet
    'ASNFZ4mrze8BI0VniavN/w',
    'ASNFZ4mrze8BI0VniavN w',
    '01234567-89ab-cdef-0123-456789abcdef', // RFC 4122 text form
    '0123456789abcdef0123456789abcdef', // hex
  ]) {
    assert.throws(() => uuidToBytes(bad), WireError, JSON.stringify(bad));
  }
});

test('reading a uuid needs 16 bytes', () => {
  assert.throws(() => new ByteReader(Buffer.alloc(15)).uuid(), WireError);
});
