// chalk 5 reads FORCE_COLOR and TTY-ness but not NO_COLOR, so the level is decided here once and
// assigned to chalk by the base command. Precedence: --color/--no-color, then FORCE_COLOR (which
// Node itself lets win over NO_COLOR), then NO_COLOR, then "is stdout a terminal".

export type ColorLevel = 0 | 1 | 2 | 3;

export interface ColorInputs {
  /** --color (true), --no-color (false), or neither. */
  readonly flag?: boolean | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdoutIsTTY: boolean;
  /** What the terminal supports, as detected by chalk (0 when unknown). */
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
