// Names and values a broker sends (group ids, topic names, config values) reach the terminal with
// their control characters shown escaped, so a hostile name cannot move the cursor or recolour: the one
// sanitiser of text/terminal-safe.ts (the renderers that use this are wrapped in it as well).

import { escapeControl } from '../text/terminal-safe.js';

export const shownText = escapeControl;

export function periodText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
