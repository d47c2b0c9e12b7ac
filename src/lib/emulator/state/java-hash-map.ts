// The iteration order of a java.util.HashMap<String, …> holding some keys, for answers the
// prototype builds by walking such a map: buckets by spread String.hashCode, then insertion order.

export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/** `keys` in the order a HashMap with default capacity (16, load factor 0.75) filled in that order returns them. */
export function javaHashMapOrder(keys: readonly string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const buckets = new Map<number, string[]>();
  for (const key of keys) {
    const h = javaStringHash(key);
    const index = (h ^ (h >>> 16)) & (capacity - 1);
    const bucket = buckets.get(index);
    if (bucket) bucket.push(key);
    else buckets.set(index, [key]);
  }
  return [...buckets.keys()].sort((a, b) => a - b).flatMap((index) => buckets.get(index) ?? []);
}
