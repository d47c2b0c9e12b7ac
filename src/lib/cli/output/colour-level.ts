// chalk 5 reads FORCE_COLOR and TTY-ness but not NO_COLOR, so the level is decided here once per run
// (useColourLevel, called by the base command) and handed to chalk. Precedence: --color/--no-color, then
// FORCE_COLOR (which Node itself lets win over NO_COLOR), then NO_COLOR, then "is stdout a terminal".

import { useColours } from '../../text/paint.js';

export type ColorLevel = 0 | 1 | 2 | 3;

export interface ColorInputs {
  readonly flag?: boolean | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdoutIsTTY: boolean;
  readonly detected: ColorLevel;
}

function forcedLevel(value: string): ColorLevel {
  switch (value.toLowerCase()) {
    case '0':
    case 'false':
      return 0;
    case '2':
      return 2;
    case '3':
      return 3;
    default:
      return 1;
  }
}

export function resolveColorLevel(inputs: ColorInputs): ColorLevel {
  if (inputs.flag === false) return 0;
  if (inputs.flag === true) return inputs.detected > 0 ? inputs.detected : 1;
  const force = inputs.env.FORCE_COLOR;
  if (force !== undefined) {
    const level = forcedLevel(force);
    return level > 0 && inputs.detected > level ? inputs.detected : level;
  }
  if (inputs.env.NO_COLOR !== undefined && inputs.env.NO_COLOR !== '') return 0;
  if (!inputs.stdoutIsTTY || inputs.env.TERM === 'dumb') return 0;
  return inputs.detected > 0 ? inputs.detected : 1;
}

/** chalk loads only when the level can be above 0: its detection only ever raises a level that is already on. */
export async function useColourLevel(inputs: Omit<ColorInputs, 'detected'>): Promise<ColorLevel> {
  if (resolveColorLevel({ ...inputs, detected: 0 }) === 0) {
    useColours(undefined);
    return 0;
  }
  const { default: chalk, supportsColor } = await import('chalk');
  const level = resolveColorLevel({ ...inputs, detected: (supportsColor ? supportsColor.level : 0) as ColorLevel });
  chalk.level = level;
  useColours(chalk);
  return level;
}
