// The commands an outcome suggests next, written out with the caller's connection flags so they can be pasted.

import { shellQuote } from '../text/shell-words.js';

export function removeTopicsCommand(
  mirror: string,
  topics: readonly string[],
  connectionArgs: readonly string[],
): string {
  return ['kmirror', 'remove-topics', mirror, '--topic', topics.join(','), '--yes', ...connectionArgs]
    .map(shellQuote)
    .join(' ');
}

export function finishStopCommand(
  result: { readonly mirror: string; readonly notStopped: readonly string[] },
  connectionArgs: readonly string[],
): string {
  return `${removeTopicsCommand(result.mirror, result.notStopped, connectionArgs)} --wait 2m`;
}
