import { UsageError } from '../failures/errors.js';

// Node timers overflow past 2^31-1 ms (about 24.8 days) and then fire immediately, so a larger
// budget would silently become no budget at all.
export const MAX_DURATION_MS = 2_147_483_647;

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A bare number means seconds, matching how operators write `--timeout 30`. */
export function parseDuration(input: string, flag = '--timeout'): number {
  const text = input.trim().toLowerCase();
  const fail = (why: string): UsageError =>
    new UsageError(`invalid ${flag} value '${input}': ${why}`, {
      hint: `write a duration such as 30s, 2m, 1500ms, 1h or 1m30s (a bare number means seconds)`,
    });
  if (text === '') throw fail('it is empty');
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(text)) {
    ms = Number(text) * 1000;
  } else {
    if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(text)) {
      throw fail(text.startsWith('-') ? 'it is negative' : 'the units are ms, s, m and h');
    }
    ms = 0;
    const seen = new Set<string>();
    for (const match of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
      const [, amount = '0', unit = 's'] = match;
      if (seen.has(unit)) throw fail(`the unit '${unit}' appears twice`);
      seen.add(unit);
      ms += Number(amount) * (UNIT_MS[unit] ?? 1000);
    }
  }
  ms = Math.round(ms);
  if (ms <= 0) throw fail('it must be greater than zero');
  if (ms > MAX_DURATION_MS) throw fail('it must be at most 596h (24.8 days)');
  return ms;
}
