// The colours terminal text is painted with: one chalk instance for the run, or none. chalk is loaded only when
// the colour level is above 0: its terminal detection would cost every --json or NO_COLOR run.

import type { ChalkInstance } from 'chalk';

let chalk: ChalkInstance | undefined;

export function useColours(instance: ChalkInstance | undefined): ChalkInstance | undefined {
  const before = chalk;
  chalk = instance;
  return before;
}

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
