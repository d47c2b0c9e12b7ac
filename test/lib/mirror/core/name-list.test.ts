import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatCount, nameList } from '../../../../src/lib/mirror/core/name-list.js';

describe('formatCount', () => {
  it('groups digits by three as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -1234, -999, Number.MAX_SAFE_INTEGER])
      assert.equal(formatCount(n), new Intl.NumberFormat('en-US').format(n), String(n));
  });

  it('leaves a number that is not a safe integer as JavaScript writes it', () => {
    assert.equal(formatCount(1.5), '1.5');
    assert.equal(formatCount(Number.NaN), 'NaN');
  });
});

describe('nameList', () => {
  it('cuts after the limit and counts the rest with separators', () => {
    const names = Array.from({ length: 1_025 }, (_, i) => `t${i}`);
    assert.equal(nameList(names, 2), 't0, t1, … and 1,023 more');
    assert.equal(nameList(['a', 'b'], 2), 'a, b');
  });
});
