// Names in a message are cut after the first few (a 10,000-line topics file must not become one line);
// the JSON document keeps them all.

export const NAMES_IN_A_MESSAGE = 20;

export function nameList(names: readonly string[], max = NAMES_IN_A_MESSAGE): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')}, … and ${formatCount(names.length - max)} more`;
}

/** 12345 → "12,345". By hand: building an Intl.NumberFormat costs a run ~10 ms of ICU set-up. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return `${n < 0 ? '-' : ''}${groups.join(',')}`;
}
