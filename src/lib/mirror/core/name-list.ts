// Names in a message are cut after the first few (a 10,000-line topics file must not become one line);
// the JSON document keeps them all.

export const NAMES_IN_A_MESSAGE = 20;

const count = new Intl.NumberFormat('en-US');

export function nameList(names: readonly string[], max = NAMES_IN_A_MESSAGE): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')}, … and ${count.format(names.length - max)} more`;
}

export function formatCount(n: number): string {
  return count.format(n);
}
