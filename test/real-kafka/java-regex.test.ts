// The pattern translator (src/lib/mirror/java-regex.ts) judged by java.util.regex itself: Java 17
// compiles each pattern and answers Matcher.matches() for each subject; the translation must agree on
// every one, refuse exactly what Java refuses (InvalidJavaRegexError or, for valid Java it cannot
// translate, UntranslatablePatternError), and never refuse what Java accepts as invalid. Patterns are a
// hand-written list of Java's corners and random ones from a grammar of Java regex syntax (seeded).

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import {
  InvalidJavaRegexError,
  UntranslatablePatternError,
  javaPatternList,
  translateJavaRegex,
} from '../../src/lib/mirror/patterns/java-regex.js';
import { SeededRandom } from '../../src/lib/emulator/state/random.js';
import { JAVA_SAYS, UNTRANSLATABLE } from '../lib/mirror/patterns/java-regex-cases.js';

const ORACLE_SOURCE = fileURLToPath(new URL('../../../test/real-kafka/java/RegexOracle.java', import.meta.url));

/** One line per character of the protocol: %XXXX for anything but printable ASCII other than %. */
function encode(text: string): string {
  let out = '';
  for (const unit of text.split('')) {
    const code = unit.charCodeAt(0);
    out += code >= 0x20 && code <= 0x7e && unit !== '%' ? unit : `%${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}

class Oracle {
  private readonly child;
  private buffer = '';
  private waiting: ((line: string) => void)[] = [];

  constructor(classDir: string) {
    this.child = spawn('java', ['-cp', classDir, 'RegexOracle'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      let newline;
      while ((newline = this.buffer.indexOf('\n')) !== -1) {
        const line = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        this.waiting.shift()?.(line);
      }
    });
  }

  /** Compiles `pattern` and matches each subject: null when Java refuses the pattern. */
  async judge(pattern: string, subjects: readonly string[]): Promise<{ error: string } | boolean[]> {
    const lines = [`P ${encode(pattern)}`, ...subjects.map((s) => `S ${encode(s)}`)];
    const answers = lines.map(() => new Promise<string>((resolve) => this.waiting.push(resolve)));
    this.child.stdin.write(`${lines.join('\n')}\n`);
    const [compiled, ...matches] = await Promise.all(answers);
    if (compiled !== 'ok') return { error: compiled ?? '' };
    return matches.map((m) => m === '1');
  }

  close(): void {
    this.child.stdin.end();
  }
}

/** Java's corners, each checked against Java (no expected value is written by hand). */
const CORNERS = [
  'orders-.*',
  '(?i)ORDERS-.*',
  'a(?i)b|c',
  '(a(?i)b|c)d',
  '(?i:ab)c',
  '(?i)a(?-i)b',
  '(?x) a b # comment',
  '(?x)[a b]',
  '(?x)a{1, 2}',
  '(?s).',
  '(?m)a$',
  '(?d).',
  '.',
  '\\Qa.b\\E.*',
  '\\Qa.b',
  '[\\Q]\\E]',
  '[]a]',
  '[^]a]',
  '[a-z&&[^e]]',
  '[^a-z&&[^e]]',
  '[^a[b]]',
  '[a&&]',
  '[&&a]',
  '[a-c[x-z]&&[b-y]]',
  '[a-]',
  '[-a]',
  '[a-z-9]',
  '[\\w-z]',
  '\\p{Lower}+',
  '(?i)\\p{Lower}',
  '(?i)[^\\p{Lower}]',
  '\\p{Alpha}\\p{Digit}',
  '\\p{Punct}',
  '\\p{L}\\p{Nd}',
  '\\pL',
  '\\p{IsLatin}+',
  '\\p{sc=Greek}',
  '\\p{IsAlphabetic}',
  '\\P{Lu}',
  '\\s\\S\\w\\W\\d\\D',
  '\\h\\v',
  '\\R',
  '\\R\\n',
  '\\A\\w+\\z',
  '\\w+\\Z',
  '\\ba\\b',
  'a\\Bb',
  '\\x41\\x{42}\\u0043\\0104\\cA',
  '\\t\\n\\r\\f\\a\\e',
  'a?+a',
  'a*+a',
  'a++b',
  '(?>a*)a',
  '(?>ab|a)b',
  'a{2}{3}',
  '{1}a',
  'a*{2}',
  'x{0}',
  '(?=a)*a',
  '\\b*a',
  '(?<=a)b',
  '(?<!a)b',
  '()',
  '(?)',
  'a|',
  '|',
  '(?<name1>a)b',
  '\\$\\^',
  'é+',
  '\\x{1F600}.',
  '[\\x{1F600}-\\x{1F64F}]',
  // Refused by Java: the translation must refuse them too.
  'a**',
  'a++?',
  '*a',
  'a{,3}',
  'x{2,1}',
  '[z-a]',
  '[a-\\d]',
  '(?x)[#]',
  '[]',
  '[^]',
  '[[]',
  '[&&]',
  '\\0',
  '\\y',
  'a\\E',
  '(?<a_b>x)',
  '(?<n>a)(?<n>b)',
  '(a',
  'a)',
  '[a',
  '\\',
  'a{1',
  'a{b',
  '(?#comment)',
  '\\x{110000}',
  '\\p{IsEmoji}',
  '[\\b]',
];

const SUBJECTS = [
  '',
  'a',
  'A',
  'b',
  'B',
  'ab',
  'aB',
  'Ab',
  'AB',
  'aa',
  'aaa',
  'aaaa',
  'aaaaaa',
  'abc',
  'aBc',
  'ac',
  'bd',
  'abd',
  'c',
  'C',
  'd',
  'cd',
  'e',
  'x',
  'y',
  'z',
  '-',
  ']',
  '[',
  '#',
  ' ',
  'a b',
  '$^',
  '9',
  '0',
  'a1',
  'A1',
  '!',
  '_',
  '\n',
  'a\n',
  '\r\n',
  '\r\n\n',
  '\r',
  '\u0085',
  '\u2028',
  '\t\n\r\f\u0007\u001b',
  '\u000b',
  '\u00a0',
  '\u00e9',
  'é',
  'éé',
  'ωα',
  'α',
  '\u212a',
  'k',
  'K',
  'A\u0042C\u0044\u0001',
  '\ud83d\ude00',
  '\ud83d\ude00a',
  'orders-eu',
  'ORDERS-EU',
  'Orders-x',
  'a.b',
  'a.bc',
  'ab_c',
];

/** A random Java regex from a small grammar of its syntax (seeded, so a failure can be replayed). */
function randomPattern(next: () => number, depth = 0): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const atoms = [
    'a',
    'b',
    'A',
    '.',
    '\\d',
    '\\w',
    '\\s',
    '\\W',
    '[ab]',
    '[^a]',
    '[a-c]',
    '[a-z&&[^b]]',
    '[^ab[c]]',
    '\\p{Lower}',
    '\\P{Alpha}',
    '\\p{L}',
    '\\Qa.\\E',
    '\\x41',
    'é',
    '\\n',
    '\\R',
    '^',
    '$',
    '\\b',
    '-',
    '_',
  ];
  const quantifiers = ['', '', '', '*', '+', '?', '{2}', '{1,2}', '{0,}', '*?', '+?', '*+', '?+', '{1,2}+'];
  const parts: string[] = [];
  const length = 1 + Math.floor(next() * 4);
  for (let i = 0; i < length; i++) {
    let atom: string;
    const roll = next();
    if (depth < 2 && roll < 0.15) atom = `(${randomPattern(next, depth + 1)})`;
    else if (depth < 2 && roll < 0.2) atom = `(?:${randomPattern(next, depth + 1)}|${randomPattern(next, depth + 1)})`;
    else if (depth < 2 && roll < 0.24)
      atom = `(?${pick(['i', 's', 'm', 'x', 'd', '-i'])}:${randomPattern(next, depth + 1)})`;
    else if (depth < 2 && roll < 0.27) atom = `(?>${randomPattern(next, depth + 1)})`;
    else if (depth < 2 && roll < 0.3) atom = `(?${pick(['=', '!'])}${randomPattern(next, depth + 1)})`;
    else if (roll < 0.36) atom = `(?${pick(['i', 's', 'm', 'x', 'd', '-i'])})`;
    else atom = pick(atoms);
    parts.push(atom + pick(quantifiers));
    if (next() < 0.1) parts.push('|');
  }
  return parts.join('');
}

type Outcome = { kind: 'invalid' | 'untranslatable'; reason: string } | { kind: 'ok'; re: RegExp };

function translated(pattern: string): Outcome {
  try {
    return { kind: 'ok', re: translateJavaRegex(pattern) };
  } catch (err) {
    if (err instanceof InvalidJavaRegexError) return { kind: 'invalid', reason: err.message };
    if (err instanceof UntranslatablePatternError) return { kind: 'untranslatable', reason: err.message };
    throw new Error(`translating ${JSON.stringify(pattern)}: ${String(err)}`);
  }
}

describe('the Java regex translation against java.util.regex (Java 17)', () => {
  let dir = '';
  let oracle: Oracle;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kmirror-regex-oracle-'));
    const built = spawnSync('javac', ['-d', dir, ORACLE_SOURCE], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    oracle = new Oracle(dir);
  });
  after(() => {
    oracle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Compares one pattern; returns what happened, for the tallies. */
  async function compare(pattern: string, subjects: readonly string[]): Promise<Outcome['kind']> {
    const java = await oracle.judge(pattern, subjects);
    const ours = translated(pattern);
    if (!Array.isArray(java)) {
      assert.notEqual(
        ours.kind,
        'ok',
        `Java refuses ${JSON.stringify(pattern)} (${java.error}); kmirror let it through`,
      );
      return ours.kind;
    }
    assert.notEqual(
      ours.kind,
      'invalid',
      `Java accepts ${JSON.stringify(pattern)}; kmirror calls it invalid: ` +
        `${ours.kind === 'invalid' ? ours.reason : ''}`,
    );
    if (ours.kind !== 'ok') return ours.kind;
    subjects.forEach((subject, i) => {
      assert.equal(
        ours.re.test(subject),
        java[i],
        `${JSON.stringify(pattern)} on ${JSON.stringify(subject)}: Java says ${String(java[i])} (translated ` +
          `to ${ours.re.source})`,
      );
    });
    return 'ok';
  }

  it('the corners of Java syntax: same verdict on every subject, same refusals', async () => {
    for (const pattern of CORNERS) await compare(pattern, SUBJECTS);
  });

  it("the unit suite's written-down answers are Java's", async () => {
    for (const [pattern, subject, expected] of JAVA_SAYS) {
      const java = await oracle.judge(pattern, [subject]);
      assert.deepEqual(java, [expected], `${pattern} on ${JSON.stringify(subject)}`);
      await compare(pattern, SUBJECTS);
    }
    for (const pattern of UNTRANSLATABLE)
      assert.ok(
        Array.isArray(await oracle.judge(pattern, [])),
        `${pattern} is valid Java (refused only as untranslatable)`,
      );
  });

  it('a pattern list is one Java regex ^(p1|p2)$: an inline flag reaches the patterns after it', async () => {
    const patterns = ['orders-(?i)eu', 'payments'];
    const java = await oracle.judge(`^(${patterns.join('|')})$`, ['orders-EU', 'PAYMENTS', 'ORDERS-eu']);
    const re = javaPatternList(patterns);
    assert.ok(re);
    assert.deepEqual(
      ['orders-EU', 'PAYMENTS', 'ORDERS-eu'].map((s) => re.test(s)),
      java,
    );
    assert.deepEqual(java, [true, true, false]);
  });

  it('2,000 random patterns from a grammar of Java syntax (seed printed)', async () => {
    const seed = Number(process.env.KMIRROR_REGEX_SEED ?? Date.now() % 1_000_000);
    const random = new SeededRandom(seed);
    const next = () => random.next();
    const tally = { ok: 0, invalid: 0, untranslatable: 0 };
    for (let i = 0; i < 2000; i++) {
      const pattern = randomPattern(next);
      try {
        tally[await compare(pattern, SUBJECTS)]++;
      } catch (err) {
        throw new Error(
          `seed ${seed} (KMIRROR_REGEX_SEED=${seed} replays it), pattern ${i}: ${(err as Error).message}`,
        );
      }
    }
    console.log(
      `seed ${seed}: ${tally.ok} agreed on ${SUBJECTS.length} subjects each, ${tally.invalid} refused by ` +
        `both, ${tally.untranslatable} valid Java refused as untranslatable`,
    );
    assert.ok(tally.ok > 1000, 'most random patterns translate');
  });
});
