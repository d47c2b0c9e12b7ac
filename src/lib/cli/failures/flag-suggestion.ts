// oclif's parse errors made to the point: "Nonexistent flag: --bootstrap-servers" gets the flag that was meant,
// and a missing argument loses the note about multiple-value flags when none was typed.

import { closestKey } from '../../kafka/closest-key.js';
import { UsageError } from './errors.js';

export function withFlagSuggestion(
  err: Error,
  argv: readonly string[],
  known: readonly string[],
  id: string | undefined,
): Error {
  const note = /\n+Note: (--[\w-]+(?:, --[\w-]+)*) allow multiple values[\s\S]*?arguments\.(?=\n|$)/.exec(err.message);
  if (note && !(note[1] ?? '').split(', ').some((flag) => argv.some((a) => a === flag || a.startsWith(`${flag}=`))))
    err.message = err.message.replace(note[0], '');
  const unknown = (err as { flags?: unknown }).flags;
  if (!Array.isArray(unknown) || !/^Nonexistent flags?:/.test(err.message)) return err;
  const suggestions = unknown.flatMap((raw) => {
    const name = String(raw).replace(/^--?/, '').split('=')[0] ?? '';
    const close = closestFlag(name, known);
    return close ? [unknown.length === 1 ? `--${close}` : `--${close} (for ${String(raw)})`] : [];
  });
  const command = `kmirror ${id?.replaceAll(':', ' ') ?? ''}`.trim();
  if (suggestions.length === 0 && unknown.length === 1 && /^--yes(=|$)/.test(String(unknown[0])))
    return new UsageError('unknown flag --yes', {
      hint: `${command} asks for no confirmation; leave --yes out (${command} --help lists the flags)`,
    });
  if (suggestions.length === 0) return err;
  return new UsageError(`unknown flag ${unknown.map(String).join(', ')}`, {
    hint: `did you mean ${suggestions.join(', ')}? (${command} --help lists the flags)`,
  });
}

function closestFlag(typed: string, known: readonly string[]): string | undefined {
  const inside = known
    .filter((k) => typed.length >= 4 && k.length >= 4 && (typed.startsWith(k) || k.startsWith(typed)))
    .sort((a, b) => b.length - a.length)[0];
  // A short name is one edit from its flag at most: --yes is two from --tls, which nobody meant.
  return inside ?? closestKey(typed, known, typed.length <= 4 ? 1 : Math.max(2, Math.floor(typed.length / 3)));
}
