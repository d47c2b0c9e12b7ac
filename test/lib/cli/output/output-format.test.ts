import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatJson,
  formatJsonLine,
  formatJsonPieces,
  formatYaml,
  stringifyJson,
  toJsonValue,
} from '../../../../src/lib/cli/output/output-format.js';

describe('output formats', () => {
  it('makes bigint, Map, Set and Date plain', () => {
    assert.deepEqual(
      toJsonValue({
        small: 5n,
        big: 2n ** 63n - 1n,
        map: new Map([['a', 1]]),
        set: new Set(['x']),
        when: new Date(0),
        gone: undefined,
        nan: Number.NaN,
      }),
      { small: 5n, big: 9223372036854775807n, map: { a: 1 }, set: ['x'], when: '1970-01-01T00:00:00.000Z', nan: null },
    );
  });

  it('writes int64 as exact integer literals, not strings and not rounded (JSON and YAML)', () => {
    const value = { max: 2n ** 63n - 1n, above: 2n ** 53n + 1n, min: -(2n ** 63n), rows: [0n, 1n] };
    assert.equal(
      formatJson(value),
      '{\n  "max": 9223372036854775807,\n  "above": 9007199254740993,\n' +
        '  "min": -9223372036854775808,\n  "rows": [\n    0,\n    1\n  ]\n}\n',
    );
    assert.equal(
      formatJsonLine(value),
      '{"max":9223372036854775807,"above":9007199254740993,"min":-9223372036854775808,"rows":[0,1]}\n',
    );
    assert.equal(
      formatYaml(value),
      'max: 9223372036854775807\nabove: 9007199254740993\nmin: -9223372036854775808\nrows:\n  - 0\n  - 1\n',
    );
  });

  it('lays out everything else exactly as JSON.stringify does', () => {
    const samples: unknown[] = [
      { a: 1, b: 'x"\n\u001b', c: [], d: {}, e: [{ f: null, g: true }, [1.5, -0, 1e21]], h: 'ü 😀' },
      [],
      {},
      'text',
      null,
      [[[]], { '': { 'key "q"': [false] } }],
    ];
    for (const sample of samples) {
      const plain = toJsonValue(sample);
      assert.equal(stringifyJson(plain, 2), JSON.stringify(plain, null, 2));
      assert.equal(stringifyJson(plain), JSON.stringify(plain));
    }
  });

  it('writes DEL, C1 and bidi characters as \\u escapes: the same strings to a parser, inert on a terminal', () => {
    const hostile = { 'key\u009b': 'a\u001b[2J\u009b31m\u202eb\u007f\u2028c', list: ['\u2066x'] };
    for (const text of [formatJson(hostile), formatJsonLine(hostile), [...formatJsonPieces(hostile)].join('')]) {
      // eslint-disable-next-line no-control-regex -- raw characters are what must not be there
      assert.doesNotMatch(text, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e\u2028\u2066]/);
      assert.deepEqual(JSON.parse(text), hostile);
    }
    assert.ok(formatJson(hostile).includes('"key\\u009b": "a\\u001b[2J\\u009b31m\\u202eb\\u007f\\u2028c"'));
  });

  it('writes one document each', () => {
    assert.equal(formatJson({ a: 1 }), '{\n  "a": 1\n}\n');
    assert.equal(formatJsonLine({ a: 1n }), '{"a":1}\n');
    assert.equal(formatYaml({ a: [1, 2] }), 'a:\n  - 1\n  - 2\n');
  });
});

describe('formatJsonPieces cut short', () => {
  const document = {
    schemaVersion: 1,
    mirrors: Array.from({ length: 3 }, (_, m) => ({
      name: `m${m}`,
      topics: Array.from({ length: 50 }, (_, t) => ({
        name: `t${t}`,
        partitions: Array.from({ length: 100 }, (_, p) => ({ partition: p, lag: BigInt(p) })),
      })),
    })),
    totalLag: 5n,
    warnings: ['w'],
  };

  it('closes every open container where it stands and ends the document with the ending members', () => {
    let asked = 0;
    const pieces = [
      ...formatJsonPieces(document, {
        due: () => ++asked === 20,
        ending: () => ({ warnings: ['w'], error: { exitCode: 124, message: 'timed out' } }),
      }),
    ];
    assert.equal(asked, 20);
    const text = pieces.join('');
    const parsed = JSON.parse(text) as {
      mirrors: { topics: { partitions: unknown[] }[] }[];
      totalLag?: unknown;
      warnings: string[];
      error: { exitCode: number };
    };
    // Laid out as formatJson lays out what it holds.
    assert.equal(text, formatJson(parsed));
    assert.ok(parsed.mirrors.length < 3 || parsed.mirrors[2]!.topics.length < 50, 'cut before the end');
    assert.equal(parsed.totalLag, undefined);
    assert.deepEqual(parsed.warnings, ['w']);
    assert.equal(parsed.error.exitCode, 124);
    assert.ok(text.endsWith('}\n'));
  });

  it('does not repeat a member already begun, and is formatJson itself when never due', () => {
    const whole = [...formatJsonPieces(document, { due: () => false, ending: () => ({ error: 1 }) })].join('');
    assert.equal(whole, formatJson(document));
    // Items that are containers, so the cut falls inside the array.
    const small = { schemaVersion: 1, warnings: Array.from({ length: 5000 }, (_, i) => [`warning ${i}`]) };
    const cut = [...formatJsonPieces(small, { due: () => true, ending: () => ({ warnings: [], error: 2 }) })];
    const parsed = JSON.parse(cut.join('')) as { warnings: string[][]; error: number };
    assert.ok(parsed.warnings.length > 0 && parsed.warnings.length < 5000);
    assert.equal(parsed.error, 2);
    assert.equal(cut.join('').match(/"warnings"/g)?.length, 1);
  });
});
