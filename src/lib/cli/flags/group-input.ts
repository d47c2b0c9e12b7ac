// --group and --group-pattern of `kmirror groups`, checked before any request. Group ids may hold any
// character (commas too), so --group takes one id per use; patterns are full-match Java regexes.

import { InvalidInputError } from '../../mirror/core/errors.js';
import { parseFilterPatterns } from '../../mirror/patterns/filter-patterns.js';

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
  parseFilterPatterns(groupPatterns, { flag: '--group-pattern', subject: 'group id', example: 'billing-.*' });
  return { groups, groupPatterns };
}
