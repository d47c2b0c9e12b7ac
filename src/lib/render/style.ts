// Colours in one place. chalk's level is set once by the base command (NO_COLOR, FORCE_COLOR,
// --no-color, not a TTY), so renderers stay pure: same input and level, same string.

import chalk from 'chalk';
import { displayState } from '../mirror/lag.js';
import { escapeControl } from '../text/terminal-safe.js';

export const style = {
  header: (s: string) => chalk.bold(s),
  ok: (s: string) => chalk.green(s),
  warn: (s: string) => chalk.yellow(s),
  bad: (s: string) => chalk.red(s),
  dim: (s: string) => chalk.dim(s),
  strong: (s: string) => chalk.bold(s),
};

const STATE_COLOURS: Record<string, (s: string) => string> = {
  MIRRORING: chalk.green,
  LOG_TRUNCATION: chalk.cyan,
  EPOCH_FENCING: chalk.cyan,
  PAUSING: chalk.yellow,
  PAUSED: chalk.yellow,
  STOPPING: chalk.blue,
  STOPPED: chalk.blue,
  FAILED: chalk.red,
  UNKNOWN: chalk.gray,
};

/**
 * A partition state in the display vocabulary, in its colour (unknown names, from a newer broker,
 * stay plain); a seed-KIP state is followed by the broker's own word: `LOG_TRUNCATION (INITIALIZING)`.
 * Summaries pass names already mapped (displayedStates), so they carry no word in parentheses.
 */
export function stateColour(state: string): string {
  const safe = escapeControl(state);
  const shown = displayState(safe);
  const paint = STATE_COLOURS[shown];
  const painted = paint ? paint(shown) : shown;
  return shown === safe ? painted : `${painted} (${safe})`;
}

/** -1 and null are "not known", never a number (ANCHOR-CLIS.md: sentinels rendered for humans). */
export function orDash(value: number | bigint | string | null | undefined): string {
  if (value === null || value === undefined || value === -1 || value === -1n || value === '') return '-';
  return typeof value === 'string' ? escapeControl(value) : String(value);
}
