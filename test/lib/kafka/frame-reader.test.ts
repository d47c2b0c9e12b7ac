import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FrameReader, FrameSizeError } from '../../../src/lib/kafka/frame-reader.js';

function frame(payload: string): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  return Buffer.concat([size, body]);
}

describe('FrameReader', () => {
  it('returns nothing until a frame is complete, even when the size prefix is split', () => {
    const reader = new FrameReader();
    const bytes = frame('hello');
    assert.deepEqual(reader.push(bytes.subarray(0, 2)), []);
    assert.deepEqual(reader.push(bytes.subarray(2, 6)), []);
    const frames = reader.push(bytes.subarray(6));
    assert.deepEqual(
      frames.map((f) => f.toString()),
      ['hello'],
    );
    assert.equal(reader.pendingBytes, 0);
  });

  it('splits coalesced frames and keeps the start of the next one', () => {
    const reader = new FrameReader();
    const all = Buffer.concat([frame('a'), frame(''), frame('bcd'), frame('efgh')]);
    const first = reader.push(all.subarray(0, all.length - 3));
    assert.deepEqual(
      first.map((f) => f.toString()),
      ['a', '', 'bcd'],
    );
    assert.deepEqual(
      reader.push(all.subarray(all.length - 3)).map((f) => f.toString()),
      ['efgh'],
    );
  });

  it('delivers a frame fed one byte at a time', () => {
    const reader = new FrameReader();
    const bytes = frame('byte by byte');
    const out: string[] = [];
    for (const b of bytes) out.push(...reader.push(Buffer.from([b])).map((f) => f.toString()));
    assert.deepEqual(out, ['byte by byte']);
  });

  it('rejects a frame announced larger than the limit before reading it', () => {
    const reader = new FrameReader(1024);
    const size = Buffer.alloc(4);
    size.writeInt32BE(1025);
    assert.throws(() => reader.push(size), FrameSizeError);
  });

  it('rejects a negative size', () => {
    const reader = new FrameReader();
    assert.throws(() => reader.push(Buffer.from([0xff, 0xff, 0xff, 0xff])), FrameSizeError);
  });

  it('rejects a size below the minimum (a response needs room for its correlation id)', () => {
    const reader = new FrameReader(1024, 4);
    assert.throws(() => reader.push(Buffer.from([0, 0, 0, 0])), /below the minimum of 4/);
    assert.throws(() => new FrameReader(1024, 4).push(Buffer.from([0, 0, 0, 3, 1, 2, 3])), FrameSizeError);
  });
});

describe('FrameReader.pendingCorrelationId', () => {
  it('is known once 8 bytes of the next frame are buffered, across chunks, after complete frames', () => {
    const reader = new FrameReader(1024, 4);
    assert.deepEqual(reader.push(Buffer.from('0000000c0000', 'hex')), []);
    assert.equal(reader.pendingCorrelationId(), undefined);
    reader.push(Buffer.from('0007', 'hex'));
    assert.equal(reader.pendingCorrelationId(), 7);
    const frames = reader.push(Buffer.from('0102030405060708' + '00000008000000', 'hex'));
    assert.equal(frames.length, 1);
    assert.equal(reader.pendingCorrelationId(), undefined);
    reader.push(Buffer.from('2a', 'hex'));
    assert.equal(reader.pendingCorrelationId(), 42);
  });
});

describe('FrameReader over any chunking', () => {
  it('delivers the same frames however the stream is cut, large frames included', () => {
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const payloads = Array.from({ length: 40 }, (_, i) =>
      Buffer.alloc(i % 5 === 0 ? 200_000 + next(50_000) : next(300), String.fromCharCode(97 + (i % 26))).toString(),
    );
    const stream = Buffer.concat(payloads.map(frame));
    for (let round = 0; round < 20; round++) {
      const reader = new FrameReader();
      const out: string[] = [];
      for (let at = 0; at < stream.length;) {
        const cut = Math.min(stream.length, at + 1 + next(round % 2 === 0 ? 70_000 : 9));
        out.push(...reader.push(stream.subarray(at, cut)).map((f) => f.toString()));
        at = cut;
      }
      assert.equal(out.length, payloads.length);
      assert.ok(out.every((p, i) => p === payloads[i]));
      assert.equal(reader.pendingBytes, 0);
    }
  });

  it('counts the bytes of a frame being filled and reads its correlation id', () => {
    const reader = new FrameReader();
    const body = Buffer.alloc(100_000);
    body.writeInt32BE(42, 0);
    const bytes = frame(body.toString('latin1'));
    reader.push(bytes.subarray(0, 30_000));
    assert.equal(reader.pendingBytes, 30_000);
    assert.equal(reader.pendingCorrelationId(), 42);
    assert.equal(reader.push(bytes.subarray(30_000)).length, 1);
    assert.equal(reader.pendingBytes, 0);
  });
});
