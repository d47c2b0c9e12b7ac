// The commands an outcome suggests next, written out with the caller's connection flags so they can be pasted.

import { shellQuote } from '../text/shell-words.js';

/** The exact `kmirror remove-topics` command that stops `topics`, with the caller's connection flags. */
export function removeTopicsCommand(
  mirror: string,
  topics: readonly string[],
  connectionArgs: readonly string[],
): string {
  return ['kmirror', 'remove-topics', mirror, '--topic', topics.join(','), '--yes', ...connectionArgs]
    .map(shellQuote)
    .join(' ');
}
