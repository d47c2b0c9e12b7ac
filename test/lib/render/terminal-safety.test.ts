// Issue 10 item 4: broker text never reaches a terminal raw. Every function render/ exports is called
// with arguments made from its own parameter types (test/helpers/type-samples.ts), where every string
// is hostile: escape sequences that clear the screen, retitle the window or hide text, a newline that
// would forge a table line, bidi overrides, C1 controls. What comes out must show them escaped. A new
// renderer, or a new field in a result, is sampled without being listed here.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { Chalk } from 'chalk';
import { useColours } from '../../../src/lib/text/paint.js';
import ts from 'typescript';
import { REPO_ROOT } from '../../helpers/cli.js';
import { readExportedFunctions, TypeSampler, type ExportedFunction } from '../../helpers/type-samples.js';
import { PARTITION_STATES } from '../../../src/lib/mirror/describe/lag.js';
import { escapeControl, hasUnsafeText, terminalSafe } from '../../../src/lib/text/terminal-safe.js';
import { formatJson, formatJsonLine, formatJsonPieces, formatYaml } from '../../../src/lib/cli/output/output-format.js';
import { formatYamlPieces } from '../../../src/lib/cli/output/yaml-pieces.js';

/** What a broker might put in any string: each part would act on a terminal if printed raw. */
export const HOSTILE_PARTS = [
  '\x1b[2J', // clear the screen
  '\x1b]0;pwned\x07', // set the window title
  '\x1b[8m', // conceal what follows
  '«\n»', // forge a new line
  '\r',
  '\t',
  '\x7f',
  '\u009b31m', // C1 CSI
  '\u202e', // right-to-left override
  '\u2028',
];
const HOSTILE = `A${HOSTILE_PARTS.join('')}B`;

/**
 * Exports that are not a text for the terminal, each with the reason. Everything else render/ exports
 * must make the data it is given safe.
 */
const NOT_TERMINAL_TEXT: Readonly<Record<string, string>> = {
  'table.ts': 'lays out cells the renderers built from safe data; cells carry their colours and line breaks',
  'table-colour.ts': 'keeps the colours of multi-line cells the renderers built',
  'table-fit.ts': 'narrows the cells the renderers built to the terminal: folds and cuts them, adds no text but …',
  'style.ts#style': 'paints text a renderer composed from safe data',
  'next-commands.ts#removeTopicsCommand': 'builds the command line kept in the result document (JSON keeps it exact)',
  'next-commands.ts#finishStopCommand': 'builds the command line kept in the result document (JSON keeps it exact)',
  'failback.ts#cleanupCommands': 'builds the command lines kept in the result document (JSON keeps them exact)',
  'status-page.ts': 'HTML for a browser, escaped for HTML (test/lib/render/status-page.test.ts)',
  'prometheus.ts': 'the Prometheus exposition format, served over HTTP',
  'metrics-table.ts': 'the README metrics table, generated at build time from our own definitions',
  'describe-fit.ts#fitToScreen': 'cuts the lines of its render callback (a terminal-safe renderer) to the screen',
};

/** Renderers that print none of the strings they are given (or are given none), each with the reason. */
const PRINTS_NO_STRING: Readonly<Record<string, string>> = {
  'describe.ts#retryCell': 'reads the partition state only to tell a recovered partition',
  'describe.ts#retryText': 'numbers only',
  'trend.ts#sparkline': 'numbers only',
  'trend.ts#etaText': 'numbers only',
  'broker-text.ts#periodText': 'numbers only',
  'groups.ts#verdictText': 'enumerated verdicts only',
  'verify.ts#verdictText': 'enumerated verdicts and offsets only',
  'verify.ts#rangeText': 'offsets and times only',
  'verify.ts#verifyProgressText': 'numbers only',
  'describe-fit.ts#rowsTaken': 'numbers only: the rows lines take',
  'describe.ts#passingStateNotes': 'names only the states it explains (its own list), with their counts',
};

const RENDER_DIR = 'src/lib/render';
const files = readdirSync(`${REPO_ROOT}/${RENDER_DIR}`)
  .filter((f) => f.endsWith('.ts'))
  .sort();
const program = readExportedFunctions(
  REPO_ROOT,
  files.map((f) => `${RENDER_DIR}/${f}`),
);

function exempt(fn: ExportedFunction): string | undefined {
  const base = fn.file.slice(RENDER_DIR.length + 1);
  return NOT_TERMINAL_TEXT[`${base}#${fn.name}`] ?? NOT_TERMINAL_TEXT[base];
}

// The colours kmirror writes itself (chalk's SGR sequences); with colour on, nothing else may be an escape.
// eslint-disable-next-line no-control-regex -- SGR sequences are what is stripped
const OWN_SGR = /\x1b\[\d+(?:;\d+)*m/g;

/** Every string a renderer's output holds: a string, lines, or an object such as a confirmation. */
function textsOf(value: unknown, type: ts.Type, sampler: TypeSampler): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const signature = type.getCallSignatures()[0];
    if (!signature) return [];
    const returns = program.checker.getReturnTypeOfSignature(signature);
    return textsOf((value as (...a: unknown[]) => unknown)(...sampler.arguments(signature)), returns, sampler);
  }
  if (value === null || typeof value !== 'object') return [];
  if (Symbol.iterator in value) return [...(value as Iterable<unknown>)].flatMap((v) => textsOf(v, type, sampler));
  return Object.values(value).flatMap((v) => textsOf(v, type, sampler));
}

/** Why `text` is not safe for a terminal, or null. */
function unsafeIn(text: string, colour: boolean): string | null {
  if (text.includes('«\n»')) return 'a broker newline breaks the line';
  if (text.includes('\x1b[8m')) return 'a broker escape sequence is written raw';
  const shown = colour ? text.replace(OWN_SGR, '') : text;
  const unsafe = [...shown].find((c) => c !== '\n' && hasUnsafeText(c));
  return unsafe === undefined ? null : `raw U+${unsafe.codePointAt(0)?.toString(16).padStart(4, '0')}`;
}

const SEEDS = 24;

describe('terminal safety of every renderer', () => {
  const renderers = program.functions.filter((fn) => exempt(fn) === undefined);

  it('finds the renderers (the type reader works)', () => {
    const names = renderers.map((r) => r.name);
    for (const expected of ['renderDescribeLines', 'renderMirrorList', 'renderConfigSet', 'stopConfirmation'])
      assert.ok(names.includes(expected), `${expected} not found among ${names.join(', ')}`);
    assert.ok(renderers.length >= 30, `only ${renderers.length} renderers read`);
  });

  for (const fn of renderers) {
    it(`${fn.file.slice(RENDER_DIR.length + 1)} ${fn.name} shows hostile text escaped`, async () => {
      const module = (await import(`../../../${fn.file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
      const render = module[fn.name] as (...args: unknown[]) => unknown;
      assert.equal(typeof render, 'function');
      const returns = program.checker.getReturnTypeOfSignature(fn.signature);
      const before = useColours(undefined);
      let shownEscaped = false;
      let sawData = false;
      try {
        for (let seed = 1; seed <= SEEDS; seed++) {
          for (const colour of [false, true]) {
            useColours(colour ? new Chalk({ level: 3 }) : undefined);
            let n = 0;
            const sampler = new TypeSampler(program.checker, seed, () => `${HOSTILE}${n++}`, PARTITION_STATES);
            const args = sampler.arguments(fn.signature);
            sawData ||= JSON.stringify(args, (_k, v: unknown) => (typeof v === 'bigint' ? 0 : v)).includes('pwned');
            for (const text of textsOf(render(...args), returns, sampler)) {
              const problem = unsafeIn(text, colour);
              assert.equal(problem, null, `seed ${seed}, colour ${colour}: ${problem}\n${JSON.stringify(text)}`);
              if (text.includes(escapeControl(HOSTILE_PARTS[0] as string))) shownEscaped = true;
            }
          }
        }
      } finally {
        useColours(before);
      }
      // Data that was given must be seen (escaped), or this test proved nothing for the renderer.
      if (PRINTS_NO_STRING[`${fn.file.slice(RENDER_DIR.length + 1)}#${fn.name}`] !== undefined) return;
      assert.ok(sawData, `no sample of ${fn.name}'s arguments held a string`);
      assert.ok(shownEscaped, `${fn.name} never showed a hostile string, escaped or not`);
    });
  }
});

describe('terminalSafe', () => {
  it('escapes every control, C1 and bidi character, and nothing else', () => {
    assert.equal(
      escapeControl('A\x1b[2J\x1b]0;pwned\x07B\nC\r\t\x00\x7f\u009b\u202e\u2066\ufeffé✓'),
      'A\\x1b[2J\\x1b]0;pwned\\x07B\\nC\\r\\t\\x00\\x7f\\x9b\\u202e\\u2066\\ufeffé✓',
    );
    assert.equal(escapeControl('orders-eu.1 [redacted] ünïcode'), 'orders-eu.1 [redacted] ünïcode');
  });

  it('walks objects, arrays, Maps, Sets and keys, and shares what is already clean', () => {
    const clean = { topics: [{ name: 't', lag: 5n }], n: 1 };
    assert.equal(terminalSafe(clean), clean);
    const dirty = {
      clean: clean.topics,
      names: ['a\n'],
      byState: { 'BAD\x1b': 1 },
      map: new Map([['k\x07', new Set(['v\t'])]]),
    };
    const safe = terminalSafe(dirty);
    assert.equal(safe.clean, clean.topics);
    assert.deepEqual(safe.names, ['a\\n']);
    assert.deepEqual(Object.keys(safe.byState), ['BAD\\x1b']);
    assert.deepEqual(
      [...safe.map.entries()].map(([k, v]) => [k, [...v]]),
      [['k\\x07', ['v\\t']]],
    );
    assert.deepEqual(dirty.names, ['a\n'], 'the input is not modified');
    assert.deepEqual(Object.keys(safe), ['clean', 'names', 'byState', 'map'], 'the fields keep their order');
    // a text seen clean before, then again, and a dirty one of the same length
    assert.equal(escapeControl('orders'), 'orders');
    assert.equal(escapeControl('orders'), 'orders');
    assert.equal(escapeControl('order\x1b'), 'order\\x1b');
  });
});

describe('terminal safety of every document format', () => {
  const YAML = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const FORMATS: Record<string, { write: (v: unknown) => string; read: (text: string) => unknown }> = {
    json: { write: formatJson, read: (t) => JSON.parse(t) },
    'json line': { write: formatJsonLine, read: (t) => JSON.parse(t) },
    'json pieces': { write: (v) => [...formatJsonPieces(v)].join(''), read: (t) => JSON.parse(t) },
    yaml: { write: formatYaml, read: (t) => YAML.parse(t) },
    'json line pieces': {
      write: (v) => [...formatJsonPieces(v, undefined, true)].join(''),
      read: (t) => JSON.parse(t),
    },
    'yaml pieces': { write: (v) => [...formatYamlPieces(v, undefined, 4)].join(''), read: (t) => YAML.parse(t) },
  };
  // Each part alone too: a lone C1 or bidi character left a YAML scalar plain, and raw.
  const texts = [HOSTILE, ...HOSTILE_PARTS, 'plain \u009b', 'x\u202ey', '\u0085', '\ufeffname'];
  const document = {
    names: texts,
    byName: Object.fromEntries(texts.map((t, i) => [t, i])),
  };
  for (const [name, format] of Object.entries(FORMATS)) {
    it(`${name} escapes every control, C1 and bidi character, in keys and values, and keeps the strings`, () => {
      const text = format.write(document);
      const raw = [...text].find((c) => c !== '\n' && hasUnsafeText(c));
      assert.equal(raw, undefined, `raw U+${raw?.codePointAt(0)?.toString(16).padStart(4, '0')} in\n${text}`);
      assert.deepEqual(format.read(text), document);
    });
  }
});
