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

/** The command that finishes a stop cut short (promote): remove-topics of what did not stop, with a wait. */
export function finishStopCommand(
  result: { readonly mirror: string; readonly notStopped: readonly string[] },
  connectionArgs: readonly string[],
): string {
  return `${removeTopicsCommand(result.mirror, result.notStopped, connectionArgs)} --wait 2m`;
}
