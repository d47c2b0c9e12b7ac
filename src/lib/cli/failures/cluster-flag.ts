// Which flag reached the cluster a failure came from, for a command that talks to two (failback: -b is
// B, --to is A). The transport's hints name -b/--bootstrap-server; a failure from the other cluster's
// client is marked, and its hint names that cluster's own flag instead.

const marks = new WeakMap<object, string>();

function causesOf(err: object): unknown[] {
  const record = err as { cause?: unknown; lastError?: unknown; originalError?: unknown };
  return [record.cause, record.lastError, record.originalError];
}

/** The flag a failure (or one of its causes) is marked with; undefined when none. */
export function clusterFlagIn(err: unknown, seen = new Set<unknown>()): string | undefined {
  if (typeof err !== 'object' || err === null || seen.has(err)) return undefined;
  seen.add(err);
  const own = marks.get(err);
  if (own !== undefined) return own;
  for (const cause of causesOf(err)) {
    const found = clusterFlagIn(cause, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The client with every failure it rejects with marked as coming from the cluster `flag` names. */
export function markedWithFlag<T extends object>(client: T, flag: string): T {
  const mark = (err: unknown): never => {
    if (typeof err === 'object' && err !== null && !marks.has(err)) marks.set(err, flag);
    throw err;
  };
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (err) {
          return mark(err);
        }
        return result instanceof Promise ? result.catch(mark) : result;
      };
    },
  });
}

const BOOTSTRAP_FLAG = /-b\/--bootstrap-server( \(or bootstrap\.servers(, or the profile)?\))?/g;

/** A hint about -b rewritten for the cluster `flag` reaches. */
export function forClusterFlag(hint: string, flag: string): string {
  return hint.replace(BOOTSTRAP_FLAG, `${flag} (its address or saved profile, and ${flag}-config)`);
}
