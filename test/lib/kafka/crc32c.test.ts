import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { crc32c, pickCrc32c } from '../../../src/lib/kafka/crc32c.js';

// The check value of CRC-32C (RFC 3720, B.4) and a batch-sized buffer whose CRC must not depend on the code path.
const CHECK = Buffer.from('123456789', 'ascii');
const LARGE = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 31 + (i >> 8)) & 0xff));

describe('crc32c', () => {
  it('gives the CRC-32C check value, unsigned', () => {
    assert.equal(crc32c(CHECK), 0xe3069283);
    assert.equal(crc32c(Buffer.alloc(0)), 0);
  });

  it('uses the native package where it loads, and it agrees with the portable code', () => {
    const native = pickCrc32c(createRequire(import.meta.url));
    const portable = pickCrc32c(() => {
      throw new Error('no build for this platform');
    });
    assert.notEqual(native, portable);
    for (const bytes of [CHECK, LARGE, LARGE.subarray(7, 60_001)]) assert.equal(native(bytes), portable(bytes));
  });

  it('falls back to the portable code when the native package does not load', () => {
    const portable = pickCrc32c(() => {
      throw new Error('Cannot find module');
    });
    assert.equal(portable(CHECK), 0xe3069283);
  });
});
