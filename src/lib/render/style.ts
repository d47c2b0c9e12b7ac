// Colours in one place, painted with the run's colours (text/paint.ts: chalk, when the base command decided
// for colour after NO_COLOR, FORCE_COLOR, --no-color and the TTY; else plain), so renderers stay pure.

import { blue, bold, cyan, dim, gray, green, red, yellow } from '../text/paint.js';
import { displayState } from '../mirror/describe/lag.js';
import { escapeControl } from '../text/terminal-safe.js';

export const style = { header: bold, ok: green, warn: yellow, bad: red, dim, strong: bold };

const STATE_COLOURS: Record<string, (s: string) => string> = {
  MIRRORING: green,
  LOG_TRUNCATION: cyan,
  EPOCH_FENCING: cyan,
  PAUSING: yellow,
  PAUSED: yellow,
  STOPPING: blue,
  STOPPED: blue,
  FAILED: red,
  UNKNOWN: gray,
};

/** Unknown names, from a newer broker, stay plain; a seed-KIP state is followed by the broker's own word. */
export function stateColour(state: string): string {
  const safe = escapeControl(state);
  const shown = displayState(safe);
  const paint = STATE_COLOURS[shown];
  const painted = paint ? paint(shown) : shown;
  return shown === safe ? painted : `${painted} (${safe})`;
}

export function orDash(value: number | bigint | string | null | undefined): string {
  if (value === null || value === undefined || value === -1 || value === -1n || value === '') return '-';
  return typeof value === 'string' ? escapeControl(value) : String(value);
}
