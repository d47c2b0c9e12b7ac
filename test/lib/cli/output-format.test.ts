import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatJson, formatJsonLine, formatYaml, toJsonValue } from '../../../src/lib/cli/output-format.js';

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
      { small: 5, big: '9223372036854775807', map: { a: 1 }, set: ['x'], when: '1970-01-01T00:00:00.000Z', nan: null },
    );
  });

  it('writes one document each', () => {
    assert.equal(formatJson({ a: 1 }), '{\n  "a": 1\n}\n');
    assert.equal(formatJsonLine({ a: 1n }), '{"a":1}\n');
    assert.equal(formatYaml({ a: [1, 2] }), 'a:\n  - 1\n  - 2\n');
  });
});
