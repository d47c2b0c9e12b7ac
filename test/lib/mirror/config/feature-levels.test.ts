import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MIRROR_CONFIG_KEYS, parseMirrorConfigValue } from '../../../../src/lib/mirror/config/config-keys.js';
import {
  type ConfigValidator,
  LevelValidators,
  parseFeatureLevel,
  problemsAtLevels,
} from '../../../../src/lib/mirror/config/feature-levels.js';

const atLeast = (n: number): ConfigValidator => ({
  rule: `at least ${n}`,
  check: (v) => (Number(v) >= n ? null : `must be at least ${n}`),
});

describe('LevelValidators (NavigableMap<Short, Validator>)', () => {
  const map = new LevelValidators([
    [2, atLeast(1024)],
    [0, atLeast(0)],
    [5, atLeast(4096)],
  ]);

  it('puts in force the entry of the highest level at or below the one asked (floorEntry)', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 30].map((level) => map.floor(level)?.since),
      [0, 0, 2, 2, 2, 5, 5],
    );
    assert.deepEqual(map.levels(), [0, 2, 5]);
  });

  it('has nothing in force below its first level, and refuses two validators for one level', () => {
    assert.equal(new LevelValidators([[3, atLeast(1)]]).floor(2), undefined);
    assert.throws(
      () =>
        new LevelValidators([
          [1, atLeast(1)],
          [1, atLeast(2)],
        ]),
      /level 1 has two validators/,
    );
  });

  it('judges a value by every feature at its own level; a feature not finalized is at 0', () => {
    const validators = {
      'mirror.version': map,
      'metadata.version': new LevelValidators([
        [31, { rule: 'even', check: (v: string) => (Number(v) % 2 ? 'odd' : null) }],
      ]),
    };
    assert.deepEqual(problemsAtLevels('k', validators, '999', new Map([['mirror.version', 1]])), []);
    assert.deepEqual(
      problemsAtLevels(
        'k',
        validators,
        '999',
        new Map([
          ['mirror.version', 2],
          ['metadata.version', 31],
        ]),
      ).map((p) => `${p.feature}@${p.level} since ${p.since}: ${p.problem}`),
      ['mirror.version@2 since 2: must be at least 1024', 'metadata.version@31 since 31: odd'],
    );
  });
});

describe('the real key table', () => {
  it('gives every key one validator, at mirror.version 0: what the prototype checks at every level', () => {
    for (const key of MIRROR_CONFIG_KEYS) {
      assert.deepEqual(key.byFeatureLevel['mirror.version']?.levels(), [0], key.name);
      assert.equal(key.byFeatureLevel['metadata.version'], undefined, key.name);
    }
    const fetch = MIRROR_CONFIG_KEYS.find((k) => k.name === 'mirror.fetch.max.bytes');
    assert.ok(fetch);
    for (const value of ['-1', '12', 'x', '99999999999']) {
      const byLevel = problemsAtLevels(fetch.name, fetch.byFeatureLevel, value, new Map([['mirror.version', 7]]));
      assert.equal(byLevel.length === 0, parseMirrorConfigValue(fetch.name, value).ok, value);
    }
  });
});

describe('parseFeatureLevel', () => {
  it('takes mirror.version and metadata.version levels only', () => {
    assert.deepEqual(parseFeatureLevel('mirror.version=2'), { feature: 'mirror.version', level: 2 });
    assert.deepEqual(parseFeatureLevel(' metadata.version=31 '), { feature: 'metadata.version', level: 31 });
    assert.match(String(parseFeatureLevel('group.version=1')), /not a feature kmirror validates/);
    assert.match(String(parseFeatureLevel('mirror.version')), /not FEATURE=LEVEL/);
    assert.match(String(parseFeatureLevel('mirror.version=40000')), /out of range/);
  });
});
