import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formatJson, formatJsonPieces } from '../../../../src/lib/cli/output/output-format.js';
import { OutputStream, linesAsText } from '../../../../src/lib/cli/output/output-stream.js';

/** A document with every kind of value the JSON writer converts, nested at several depths. */
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, undefined, true, false, Number.NaN, Infinity, -0, 0.5, 1e21, 'é\u2028"\\\n'),
    fc.integer(),
    fc.double(),
    fc.string(),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    fc.date({ noInvalidDate: true }),
    fc.uint8Array({ maxLength: 8 }).map((bytes) => new Uint8Array(bytes)),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('1', '0', '10')), tie('value'), {
      maxKeys: 5,
    }),
    fc.array(tie('value'), { maxLength: 3 }).map((items) => new Set(items)),
    fc
      .array(fc.tuple(fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: 0, max: 3 })), tie('value')), {
        maxLength: 3,
      })
      .map((pairs) => new Map<unknown, unknown>(pairs)),
    tie('value').map((inner) => ({ toJSON: () => inner })),
  ),
})).value;

describe('streamed JSON', () => {
  it('is formatJson byte for byte on varied documents (bigint, Map, Set, Date, bytes, toJSON, undefined)', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        assert.equal([...formatJsonPieces(value)].join(''), formatJson(value));
      }),
      { numRuns: 400 },
    );
  });

  it('comes in bounded pieces for a large document, joined equal to the one-string output', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      partition: i,
      lag: 2n ** 62n + BigInt(i),
      state: 'MIRRORING',
      errorMessage: i % 1000 === 0 ? 'bad "thing"' : null,
    }));
    const doc = { schemaVersion: 1, mirrors: [{ name: 'm', topics: [{ name: 't', partitions: rows }], empty: [] }] };
    const pieces = [...formatJsonPieces(doc)];
    assert.ok(pieces.length > 50, `${pieces.length} pieces`);
    assert.ok(Math.max(...pieces.map((p) => p.length)) < 64 * 1024);
    assert.equal(pieces.join(''), formatJson(doc));
  });
});

describe('lines as printed text', () => {
  it('is the joined text printed as a string is: one final newline, none for an empty text', () => {
    const printed = (text: string): string => (text === '' ? '' : text.endsWith('\n') ? text : `${text}\n`);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('', '\n', 'a', 'b\n', 'c\nd')), (lines) => {
        assert.equal([...linesAsText(lines)].join(''), printed(lines.join('\n')));
      }),
    );
  });
});

/** A writable that accepts `capacity` bytes per tick of the test, like a slow pipe. */
function slowSink(): { sink: Writable; received: () => string; pulls: { n: number } } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      setTimeout(done, 1);
    },
  });
  return { sink, received: () => Buffer.concat(chunks).toString(), pulls: { n: 0 } };
}

describe('OutputStream', () => {
  it('pulls a large text only as the reader drains, keeps order, and flushed() waits for the last byte', async () => {
    const { sink, received } = slowSink();
    const out = new OutputStream(sink);
    let made = 0;
    function* pieces(): Generator<string> {
      for (let i = 0; i < 40; i++) {
        made++;
        yield `${String(i).padStart(2, '0')}${'x'.repeat(16 * 1024)}\n`;
      }
    }
    out.write('head\n');
    out.write(pieces());
    out.write('tail\n');
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.ok(made < 40, `the generator ran ahead of the reader: ${made} pieces made`);
    await out.flushed();
    const text = received();
    assert.equal(text, `head\n${[...pieces()].join('')}tail\n`);
  });

  it('reports a text that failed while being made, once, and goes on with what follows', async () => {
    const { sink, received } = slowSink();
    const out = new OutputStream(sink);
    out.write(
      (function* () {
        yield 'part\n';
        throw new Error('renderer broke');
      })(),
    );
    out.write('after\n');
    await assert.rejects(out.flushed(), /renderer broke/);
    await out.flushed();
    assert.equal(received(), 'part\nafter\n');
  });

  it('stops pulling and settles quietly when the reader goes away', async () => {
    let made = 0;
    const sink = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, done) {
        setTimeout(() => done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })), 1);
      },
    });
    const out = new OutputStream(sink);
    out.write(
      (function* () {
        for (;;) {
          made++;
          yield 'y'.repeat(70 * 1024);
        }
      })(),
    );
    await out.flushed();
    assert.ok(out.closed);
    assert.ok(made < 5, `kept making text for a closed reader: ${made}`);
    out.write('after\n');
    await out.flushed();
  });
});
