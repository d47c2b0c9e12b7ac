import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closestKey, editDistance } from '../../../src/lib/kafka/closest-key.js';

describe('closest key', () => {
  it('counts single-character edits', () => {
    assert.equal(editDistance('', ''), 0);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('ssl.truststore.type', 'ssl.trustsore.type'), 1);
  });

  it('suggests the first of the closest keys within reach, else nothing', () => {
    assert.equal(closestKey('sasl.mechansim', ['sasl.mechanism', 'security.protocol'], 2), 'sasl.mechanism');
    assert.equal(closestKey('ab', ['ax', 'ay'], 1), 'ax');
    assert.equal(closestKey('bootstrap', ['sasl.mechanism'], 3), undefined);
  });
});
