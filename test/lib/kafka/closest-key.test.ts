import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closestKey, editDistance } from '../../../src/lib/kafka/closest-key.js';

describe('closest key', () => {
  it('counts single-character edits', () => {
    assert.equal(editDistance('', ''), 0);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('ssl.truststore.type', 'ssl.trustsore.type'), 1);
    assert.equal(editDistance('tsl', 'tls'), 1, 'two neighbours swapped are one edit');
    assert.equal(editDistance('mechansim', 'mechanism'), 1);
    assert.equal(editDistance('ca', 'abc'), 3, 'a swap is not edited again (optimal string alignment)');
    assert.equal(editDistance('yes', 'tls'), 2);
  });

  it('suggests the first of the closest keys within reach, else nothing', () => {
    assert.equal(closestKey('sasl.mechansim', ['sasl.mechanism', 'security.protocol'], 2), 'sasl.mechanism');
    assert.equal(closestKey('ab', ['ax', 'ay'], 1), 'ax');
    assert.equal(closestKey('bootstrap', ['sasl.mechanism'], 3), undefined);
  });
});
