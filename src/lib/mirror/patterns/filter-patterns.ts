// Patterns that only filter what kmirror shows (describe --topic-pattern, groups --group-pattern):
// Java regexes like every pattern kmirror takes, each matched against the whole name; a name passes
// when one of them matches. What Java refuses, or what kmirror cannot match exactly, is bad input.

import { InvalidInputError } from '../core/errors.js';
import { InvalidJavaRegexError, UntranslatablePatternError, translateJavaRegex } from './java-regex.js';

export class FilterError extends InvalidInputError {
  override readonly name: string = 'FilterError';
  constructor(message: string, hint: string) {
    super(message, { hint });
  }
}

export function parseFilterPatterns(
  values: readonly string[],
  options: { readonly flag: string; readonly subject: string; readonly example: string },
): RegExp[] {
  return values.map((pattern) => {
    try {
      return translateJavaRegex(pattern);
    } catch (err) {
      if (!(err instanceof InvalidJavaRegexError || err instanceof UntranslatablePatternError)) throw err;
      const what =
        err instanceof InvalidJavaRegexError ? 'is not a valid Java regular expression' : 'cannot be matched exactly';
      throw new FilterError(
        `invalid ${options.flag} '${pattern}': it ${what}: ${err.message}`,
        `write a Java regular expression matched against the whole ${options.subject}, e.g. ` +
          `'${options.example}' or '(?i)${options.example}'`,
      );
    }
  });
}
