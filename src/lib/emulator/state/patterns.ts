// Topic filters of a mirror: `mirror.topics.include` / `mirror.topics.exclude` are comma-separated
// regex lists combined as ^(p1|p2|…)$ (a full match). Java and JavaScript regexes agree on the
// syntax people write in topic filters (classes, alternation, quantifiers); Java-only constructs
// such as possessive quantifiers or \Q…\E are not translated.

import { mirrorConfigKey, splitListValue } from '../../mirror/config-keys.js';

export const TOPICS_INCLUDE = 'mirror.topics.include';
export const TOPICS_EXCLUDE = 'mirror.topics.exclude';

/** null for an empty list (which matches nothing); throws SyntaxError for an invalid pattern. */
export function compilePatternList(patterns: readonly string[]): RegExp | null {
  if (patterns.length === 0) return null;
  return new RegExp(`^(?:${patterns.join('|')})$`);
}

/** The effective list: the stored value, or the key's default when the key was never stored. */
export function effectivePatterns(configs: ReadonlyMap<string, string> | undefined, key: string): string[] {
  const stored = configs?.get(key);
  return splitListValue(stored ?? mirrorConfigKey(key)?.default ?? '');
}

/** Java's AbstractCollection.toString, used in the prototype's messages. */
export function javaSetString(items: Iterable<string>): string {
  return `[${[...items].join(', ')}]`;
}

export interface TopicFilter {
  readonly include: RegExp | null;
  readonly exclude: RegExp | null;
}

/** Compiles a mirror's filter; null when a stored pattern does not compile (discovery then skips). */
export function topicFilterOf(configs: ReadonlyMap<string, string> | undefined): TopicFilter | null {
  try {
    return {
      include: compilePatternList(effectivePatterns(configs, TOPICS_INCLUDE)),
      exclude: compilePatternList(effectivePatterns(configs, TOPICS_EXCLUDE)),
    };
  } catch {
    return null;
  }
}
