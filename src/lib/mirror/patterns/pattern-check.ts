// The broker compiles patterns as Java regexes and matches whole names (^(p1|p2|…)$); kmirror matches them
// through the one translation of java-regex.ts.

import { InvalidInputError } from '../core/errors.js';
import { InvalidJavaRegexError, UntranslatablePatternError, translateJavaRegex } from './java-regex.js';

export function checkPattern(pattern: string, origin: string): string[] {
  const where = `${origin}: pattern '${pattern}'`;
  const hint =
    'patterns are Java regular expressions matched against the whole name, e.g. orders-.* or (orders|payments)';
  if (pattern.includes(',')) {
    throw new InvalidInputError(
      `${where} contains ',', and patterns are stored comma-separated, so it cannot be stored`,
      {
        hint:
          'split it into several patterns (repeat the flag), or write the alternatives as (a|b) instead of ' +
          'a{1,2}-style counts with a comma',
      },
    );
  }
  if (pattern.trim() !== pattern) {
    throw new InvalidInputError(
      `${where} starts or ends with whitespace, which the broker trims when it stores the list`,
      {
        hint: 'remove the spaces (topic names cannot contain spaces)',
      },
    );
  }
  if (pattern === '') throw new InvalidInputError(`${origin}: empty pattern`, { hint });
  try {
    translateJavaRegex(pattern);
  } catch (err) {
    if (err instanceof InvalidJavaRegexError) {
      const glob = /^\*/.test(pattern) ? '; to match everything write .* (a regex, not a shell glob)' : '';
      const brace = /Illegal repetition/.test(err.reason) ? '; a literal { is written \\{' : '';
      throw new InvalidInputError(`${where} is not a valid Java regular expression: ${err.message}`, {
        hint: `${hint}${glob}${brace}`,
      });
    }
    if (err instanceof UntranslatablePatternError)
      throw new InvalidInputError(
        `${where} cannot be matched by kmirror exactly as the broker (Java) does: ${err.reason}`,
        {
          hint: 'write it without that construct; topic names need only classes, alternation and quantifiers',
        },
      );
    throw err;
  }
  const warnings: string[] = [];
  // `orders*` / `orders-*` are shell globs by intent, but as regexes repeat the last character only.
  if (/[^.)\]}\\*]\*$/.test(pattern)) {
    warnings.push(
      `${where} is a regex, not a glob: '*' repeats only the character before it; for a prefix match write ` +
        `'${pattern.slice(0, -1)}.*'`,
    );
  }
  return warnings;
}
