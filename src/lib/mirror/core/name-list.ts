// Names in a message (topics not found, topics started, topics that failed) are cut after the first
// few: a 10,000-line topics file must not become one line of 130 KB. The JSON document keeps them all.

/** How many names a message shows before "… and N more". */
export const NAMES_IN_A_MESSAGE = 20;

const count = new Intl.NumberFormat('en-US');

/** `a, b, c` or `a, b, … and 9,980 more`. */
export function nameList(names: readonly string[], max = NAMES_IN_A_MESSAGE): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')}, … and ${count.format(names.length - max)} more`;
}

/** A count with thousands separators, as nameList writes it. */
export function formatCount(n: number): string {
  return count.format(n);
}
