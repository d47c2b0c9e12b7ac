// The fuzzer's long-strings mutation: a well-formed answer whose every string is a long worst-shape text.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeResponseAfterCorrelationId, encodeResponseFrame } from '../../../src/lib/kafka/frames.js';
import { DescribeClusterMirrors } from '../../../src/lib/kafka/messages/index.js';
import { mutateFrame } from '../../../scripts/fuzz/mutations.js';
import { Random } from '../../../scripts/fuzz/random.js';
import { sampleBody } from '../../../scripts/fuzz/sample-bodies.js';

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object' && !(value instanceof Uint8Array))
    for (const v of Object.values(value)) strings(v, out);
  return out;
}

describe('long-strings mutation', () => {
  it('keeps the frame decodable and makes every string (and null error message) thousands of characters', () => {
    const api = DescribeClusterMirrors;
    const version = 0;
    const body = { ...sampleBody(api.response, version), ErrorMessage: null };
    const frame = encodeResponseFrame(api, version, 7, body);
    const mutated = mutateFrame(frame, 'long-strings', new Random(1), { api, version });
    assert.ok(Buffer.isBuffer(mutated));
    assert.equal(mutated.readInt32BE(4), 7, 'the correlation id is kept');
    const decoded = decodeResponseAfterCorrelationId<Record<string, unknown>>(api, version, mutated.subarray(8));
    const found = strings(decoded);
    // Topic ids decode as strings too (22 base64 characters): only the string fields are lengthened.
    assert.deepEqual(
      found.filter((s) => s.startsWith('name-')),
      [],
    );
    assert.ok(found.filter((s) => s.length >= 4096).length >= 5, `${found.length} strings`);
    assert.equal(typeof decoded.ErrorMessage, 'string');
  });
});
