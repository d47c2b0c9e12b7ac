import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from '../../../../src/lib/emulator/state/random.js';

describe('SeededRandom', () => {
  it('gives the same Kafka-style uuids for the same seed, different ones for another seed', () => {
    const a = new SeededRandom('source');
    const b = new SeededRandom('source');
    const ids = [a.uuid(), a.uuid(), a.uuid()];
    assert.deepEqual([b.uuid(), b.uuid(), b.uuid()], ids);
    assert.notEqual(new SeededRandom('destination').uuid(), ids[0]);
    for (const id of ids) assert.match(id, /^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
  });
});
