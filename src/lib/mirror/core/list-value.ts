// LIST values as the broker stores them (mirror.topics.include, …): one comma-separated string.

/** Splits a stored LIST value the way the prototype's controller does: on commas, trimmed, empties dropped. */
export function splitListValue(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
