// "Did you mean …?" for config keys: client properties and mirror configs alike.

/** Edits between two names; a swap of neighbouring letters is one (tsl → tls): optimal string alignment. */
export function editDistance(a: string, b: string): number {
  let before = Array.from({ length: b.length + 1 }, () => 0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      row.push(best);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length] ?? 0;
}

export function closestKey(key: string, known: Iterable<string>, maxDistance: number): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(key, candidate);
    if (distance <= maxDistance && (!best || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key;
}
