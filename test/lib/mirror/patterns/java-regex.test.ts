// The translation without Java: what java.util.regex (Java 17) answered, written down in
// java-regex-cases.ts (the test:kafka suite asks Java itself, for those and thousands of random patterns).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  InvalidJavaRegexError,
  UntranslatablePatternError,
  javaPatternList,
  translateJavaRegex,
} from '../../../../src/lib/mirror/patterns/java-regex.js';
import { JAVA_SAYS, UNTRANSLATABLE } from './java-regex-cases.js';

describe('translateJavaRegex: Java semantics in a JavaScript RegExp', () => {
  it("agrees with Java's answers", () => {
    for (const [pattern, subject, java] of JAVA_SAYS)
      assert.equal(translateJavaRegex(pattern).test(subject), java, `${pattern} on ${JSON.stringify(subject)}`);
  });

  it('refuses what Java refuses, saying why and where', () => {
    for (const [pattern, reason] of [
      ['a**', "Dangling meta character '*'"],
      ['x{2,1}', 'Illegal repetition range'],
      ['[z-a]', 'Illegal character range'],
      ['(?x)[#]', 'Unclosed character class'],
      ['[]', 'Unclosed character class'],
      ['\\y', 'Illegal/unsupported escape sequence'],
      ['(?<a_b>x)', "named capturing group is missing trailing '>'"],
      ['a{b', 'Illegal repetition'],
      ['a)', "Unmatched closing ')'"],
    ] as const) {
      assert.throws(
        () => translateJavaRegex(pattern),
        (err: unknown) => err instanceof InvalidJavaRegexError && err.reason === reason,
        pattern,
      );
    }
    assert.throws(() => translateJavaRegex('ab)'), /at position 3/);
  });

  it('refuses valid Java it cannot match exactly', () => {
    for (const pattern of UNTRANSLATABLE)
      assert.throws(() => translateJavaRegex(pattern), UntranslatablePatternError, pattern);
  });

  it('a list is one regex ^(p1|p2)$, so an inline flag in one pattern reaches the next ones', () => {
    const re = javaPatternList(['orders-(?i)eu', 'payments']);
    assert.ok(re);
    assert.deepEqual(
      ['orders-EU', 'PAYMENTS', 'ORDERS-eu'].map((s) => re.test(s)),
      [true, true, false],
    );
    assert.equal(javaPatternList([]), null);
  });
});
