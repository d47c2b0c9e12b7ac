import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recognizeForeignAnswer } from '../../../src/lib/kafka/foreign-protocol.js';

describe('recognizeForeignAnswer', () => {
  it('HTTP, TLS records of every content type, text banners', () => {
    assert.deepEqual(recognizeForeignAnswer(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n')), {
      protocol: 'http',
      sample: 'HTTP/1.1 400 Bad Request',
    });
    for (const type of [0x14, 0x15, 0x16, 0x17, 0x18])
      assert.equal(recognizeForeignAnswer(Buffer.from([type, 0x03, 0x03, 0x00, 0x02]))?.protocol, 'tls');
    assert.deepEqual(recognizeForeignAnswer(Buffer.from('-ERR unknown command\r\n')), {
      protocol: 'text',
      sample: '-ERR unknown command',
    });
    const long = recognizeForeignAnswer(Buffer.from(`220 ${'x'.repeat(100)}\r\n`));
    assert.equal(long?.sample.length, 61, 'cut to 60 characters and an ellipsis');
  });

  it('never a Kafka answer: a size prefix of a few hundred bytes, or too few bytes to tell', () => {
    const apiVersions = Buffer.from('000001a4000000000000', 'hex');
    assert.equal(recognizeForeignAnswer(apiVersions), undefined);
    assert.equal(recognizeForeignAnswer(Buffer.from('HT')), undefined);
    // Sizes up to 100 MiB (the frame limit) start 0x00–0x06: never text, never a TLS record.
    for (const size of [0, 4, 512, 65_536, 100 * 1024 * 1024]) {
      const frame = Buffer.alloc(8);
      frame.writeInt32BE(size, 0);
      assert.equal(recognizeForeignAnswer(frame), undefined, `size ${size}`);
    }
  });
});
