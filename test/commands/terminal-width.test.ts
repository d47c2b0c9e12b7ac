// Every table a command prints fits the terminal: the docs' example session (each table command against emulated
// clusters) run with COLUMNS at 60, 80 and 200. Widths are display columns, as string-width counts them. Prose
// lines (no column gap) are the terminal's to wrap and are left out; a table line is one that holds a gap of two
// spaces at 200 columns, or any line at 60 that prose at 200 does not hold.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, describe, it } from 'node:test';
import { runExampleSession } from '../../scripts/example-session.js';
import { readManifest } from '../../src/lib/docs/generate.js';
import { REPO_ROOT } from '../helpers/cli.js';

const stringWidth = createRequire(import.meta.url)('string-width') as (text: string) => number;

type Session = Map<string, string>;

async function session(columns: number): Promise<Session> {
  const commands = new Set(Object.keys(readManifest(REPO_ROOT).commands));
  const examples = await runExampleSession({ root: REPO_ROOT, commands, columns, wallTimes: true });
  const runs = new Map<string, string>();
  for (const list of Object.values(examples))
    list.forEach((run, i) => runs.set(`${run.commandLine} #${i}`, run.output));
  return runs;
}

const PROSE = (line: string): boolean => !/\S {2,}\S/.test(line.trim());
/**
 * What differs between runs made the same: addresses (one documented, one split), numbers, ages (1h2m3s, 1h2m),
 * and waits that one run needs and another not ("(waited 0.0 s for the copy)" is left out when nothing was waited).
 */
const same = (text: string): string =>
  text
    .replace(/ \(waited [^)]*\)/g, '')
    .replace(/localhost:\d+/g, '127.0.0.1:0')
    .replace(/\d+/g, 'N')
    .replace(/N[dhms](?:N[dhms])*/g, 'D');
/** The pieces a name folds into: after each separator. */
const piecesOf = (token: string): string[] => token.split(/(?<=[.\-_,/:])/);

describe('tables fit the terminal (COLUMNS)', { timeout: 600_000 }, () => {
  const sessions = new Map<number, Session>();
  before(async () => {
    for (const [columns, runs] of await Promise.all(
      [60, 80, 200].map(async (columns) => [columns, await session(columns)] as const),
    ))
      sessions.set(columns, runs);
  });

  const wide = () => sessions.get(200) as Session;

  for (const columns of [60, 80]) {
    it(`at ${columns} columns every table line is ${columns} display columns at most`, () => {
      const narrow = sessions.get(columns) as Session;
      assert.deepEqual([...narrow.keys()], [...wide().keys()], 'the same runs');
      let tableLines = 0;
      for (const [run, output] of narrow) {
        const prose = new Set((wide().get(run) ?? '').split('\n').filter(PROSE).map(same));
        for (const line of output.split('\n')) {
          if (prose.has(same(line))) continue;
          tableLines++;
          assert.ok(stringWidth(line) <= columns, `${run}: ${stringWidth(line)} columns\n${line}`);
        }
      }
      assert.ok(tableLines > 100, `${tableLines} table lines`);
    });
  }

  it('at 60 columns names fold only after a separator, or are cut with an ellipsis: never mid-word', () => {
    const narrow = sessions.get(60) as Session;
    for (const [run, output] of narrow) {
      const whole = same(wide().get(run) ?? '').split(/\s+/);
      const known = new Set(whole);
      // Every run of whole pieces of a word seen at 200 columns.
      for (const token of whole) {
        const pieces = piecesOf(token);
        for (let from = 0; from < pieces.length; from++)
          for (let to = from + 1; to <= pieces.length; to++) known.add(pieces.slice(from, to).join(''));
      }
      for (const token of same(output).split(/\s+/)) {
        if (token === '' || known.has(token)) continue;
        assert.ok(token.endsWith('…'), `${run}: "${token}" is not a word of the wide output, nor cut\n${output}`);
        assert.doesNotMatch(token, /^[N,.-]+…$/, `${run}: a number cut`);
      }
    }
  });

  it('at 200 columns nothing is narrowed: no cut, no line wider', () => {
    for (const [run, output] of wide()) {
      assert.doesNotMatch(output, /…/, run);
      for (const line of output.split('\n')) assert.ok(stringWidth(line) <= 200 || PROSE(line), `${run}\n${line}`);
    }
  });
});
