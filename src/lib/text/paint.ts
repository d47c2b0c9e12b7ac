// The colours terminal text is painted with: one chalk instance for the run, or none for plain text. The base
// command hands it over once it has decided the colour level (cli/output/colour-level.ts); chalk is loaded only
// then, and only when the level is above 0: its terminal detection and style tables would cost every run that
// writes --json, to a pipe or with NO_COLOR. Renderers and the base command's own lines paint through here, so
// they stay pure: same input and colours, same string.

import type { ChalkInstance } from 'chalk';

let chalk: ChalkInstance | undefined;

/** Paints with `instance` from now on (none: plain text); returns the one painted with before. */
export function useColours(instance: ChalkInstance | undefined): ChalkInstance | undefined {
  const before = chalk;
  chalk = instance;
  return before;
}

/** Whether text is painted at all (for output that writes its own colour codes). */
export function coloursOn(): boolean {
  return chalk !== undefined && chalk.level > 0;
}

type Paint = (text: string) => string;
const paint =
  (pick: (c: ChalkInstance) => Paint): Paint =>
  (text) =>
    chalk === undefined ? text : pick(chalk)(text);

export const bold = paint((c) => c.bold);
export const dim = paint((c) => c.dim);
export const red = paint((c) => c.red);
export const green = paint((c) => c.green);
export const yellow = paint((c) => c.yellow);
export const blue = paint((c) => c.blue);
export const cyan = paint((c) => c.cyan);
export const gray = paint((c) => c.gray);
