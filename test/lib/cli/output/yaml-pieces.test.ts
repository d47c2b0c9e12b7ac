import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { formatJsonLine, formatJsonPieces, formatYaml } from '../../../../src/lib/cli/output/output-format.js';
import { formatYamlPieces } from '../../../../src/lib/cli/output/yaml-pieces.js';

const YAML = createRequire(import.meta.url)('yaml') as typeof import('yaml');

const document = {
  schemaVersion: 1,
  mirrors: Array.from({ length: 3 }, (_, m) => ({
    name: `m${m}`,
    note: 'two\nlines',
    topics: Array.from({ length: 20 }, (_, t) => ({
      name: `t${t}`,
      partitions: Array.from({ length: 30 }, (_, p) => ({ partition: p, lag: BigInt(p) * 2n ** 60n, at: ' x\n y' })),
    })),
  })),
  nested: [[1, [2, 3, [4, 5, new Set(['a'])]]], [], {}, new Map([['- k', [null, true]]])],
  'key\u009b': { deep: { list: [1, 2, 3, 4, 5, 6], text: 'a\u202eb' } },
  warnings: ['w'],
};

describe('formatYamlPieces', () => {
  it('is formatYaml byte for byte, in small pieces or large', () => {
    const whole = formatYaml(document);
    for (const nodes of [2, 3, 7, 64, 512, 1_000_000]) {
      const pieces = [...formatYamlPieces(document, undefined, nodes)];
      assert.equal(pieces.join(''), whole, `${nodes} nodes a piece`);
      if (nodes <= 64) assert.ok(pieces.length > 20, `${pieces.length} pieces of ${nodes} nodes`);
    }
  });

  it('cut short, is one YAML document ending with the ending members, none repeated', () => {
    let asked = 0;
    const text = [
      ...formatYamlPieces(
        document,
        { due: () => ++asked === 30, ending: () => ({ warnings: ['w'], error: { exitCode: 124 } }) },
        16,
      ),
    ].join('');
    assert.equal(asked, 30);
    const parsed = YAML.parse(text, { intAsBigInt: true }) as {
      mirrors: { topics: { partitions: unknown[] }[] }[];
      nested?: unknown;
      warnings: string[];
      error: { exitCode: bigint };
    };
    assert.ok(parsed.mirrors.length < 3 || parsed.mirrors[2]!.topics.length < 20, 'cut before the end');
    assert.equal(parsed.nested, undefined);
    assert.deepEqual(parsed.warnings, ['w']);
    assert.equal(parsed.error.exitCode, 124n);
    assert.equal(text.match(/^warnings:/gm)?.length, 1);
    // What it holds is laid out as formatYaml lays it out, the ending after it.
    const { warnings, error, ...held } = parsed;
    assert.equal(text, formatYaml(held) + formatYaml({ warnings, error }));
  });

  it('leaves out an ending member already written, and a small document is one piece', () => {
    const early = { warnings: Array.from({ length: 400 }, (_, i) => [`warning ${i}`]), schemaVersion: 1 };
    const text = [...formatYamlPieces(early, { due: () => true, ending: () => ({ warnings: [], error: 2 }) }, 8)];
    const parsed = YAML.parse(text.join('')) as { warnings: string[][]; error: number };
    assert.ok(parsed.warnings.length > 0 && parsed.warnings.length < 400);
    assert.equal(parsed.error, 2);
    assert.deepEqual([...formatYamlPieces({ a: 1 }, { due: () => true, ending: () => ({ error: 1 }) })], ['a: 1\n']);
  });
});

describe('formatJsonPieces on one line', () => {
  it('is formatJsonLine byte for byte', () => {
    assert.equal([...formatJsonPieces(document, undefined, true)].join(''), formatJsonLine(document));
  });
});
