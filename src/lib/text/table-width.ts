// The width tables are laid out for: COLUMNS when set (as ls reads it), else the terminal's own width when stdout
// is one; none for a pipe, where rows stay whole for grep. The base command decides it once per run, as it decides
// the colours (paint.ts), so renderers read it here and stay pure: same input and width, same string.

let width: number | undefined;

/** Lays tables out for `columns` from now on (none: as wide as their cells); returns the width before. */
export function useTableWidth(columns: number | undefined): number | undefined {
  const before = width;
  width = columns;
  return before;
}

/** The width tables are laid out for, or undefined when they keep their natural width. */
export function tableWidth(): number | undefined {
  return width;
}

/** The width of the terminal text goes to: COLUMNS (a positive integer), else a TTY's columns, else none. */
export function terminalColumns(
  env: Readonly<Record<string, string | undefined>>,
  stdout: { readonly isTTY?: boolean; readonly columns?: number },
): number | undefined {
  const fromEnv = env.COLUMNS ?? '';
  if (/^[1-9]\d{0,5}$/.test(fromEnv)) return Number(fromEnv);
  return stdout.isTTY === true && (stdout.columns ?? 0) > 0 ? stdout.columns : undefined;
}
