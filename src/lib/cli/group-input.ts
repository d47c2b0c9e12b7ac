// --group and --group-pattern of `kmirror groups`, checked before any request. Group ids may hold any
// character (commas too), so --group takes one id per use; patterns are full-match regexes.

import { InvalidInputError } from '../mirror/errors.js';

export function groupFilterInput(flags: {
  readonly group?: readonly string[];
  readonly 'group-pattern'?: readonly string[];
}): {
  groups: string[];
  groupPatterns: string[];
} {
  const groups = [...new Set(flags.group ?? [])];
  if (groups.includes('')) {
    throw new InvalidInputError('--group: the group id is empty', { hint: 'give one group id per --group' });
  }
  const groupPatterns = [...new Set(flags['group-pattern'] ?? [])];
  for (const pattern of groupPatterns) {
    try {
      new RegExp(`^(?:${pattern})$`);
    } catch (err) {
      throw new InvalidInputError(
        `--group-pattern '${pattern}' is not a valid regular expression: ${(err as Error).message}`,
        {
          hint: "patterns match the whole group id, e.g. --group-pattern 'billing-.*'",
        },
      );
    }
  }
  return { groups, groupPatterns };
}
