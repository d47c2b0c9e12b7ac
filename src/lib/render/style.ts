// Colours in one place. chalk's level is set once by the base command (NO_COLOR, FORCE_COLOR,
// --no-color, not a TTY), so renderers stay pure: same input and level, same string.

import chalk from 'chalk';

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

/** A partition state name in its colour; unknown names (a newer broker) stay plain. */
export function stateColour(state: string): string {
  const paint = STATE_COLOURS[state];
  return paint ? paint(state) : state;
}

/** -1 and null are "not known", never a number (ANCHOR-CLIS.md: sentinels rendered for humans). */
export function orDash(value: number | bigint | string | null | undefined): string {
  if (value === null || value === undefined || value === -1 || value === -1n || value === '') return '-';
  return String(value);
}
