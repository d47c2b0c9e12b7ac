// Topic filters of a mirror: `mirror.topics.include` / `mirror.topics.exclude` are comma-separated
// Java regex lists combined as ^(p1|p2|…)$ (a full match), matched through the same translation as
// kmirror's own (mirror/java-regex.ts); a pattern it cannot translate makes the filter unusable here.

import { mirrorConfigKey } from '../../mirror/config/config-keys.js';
import { javaPatternList } from '../../mirror/patterns/java-regex.js';
import { splitListValue } from '../../mirror/core/list-value.js';

export const TOPICS_INCLUDE = 'mirror.topics.include';
export const TOPICS_EXCLUDE = 'mirror.topics.exclude';

/** null for an empty list (which matches nothing); throws for a pattern Java refuses or that cannot be translated. */
export function compilePatternList(patterns: readonly string[]): RegExp | null {
  return javaPatternList(patterns);
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

export interface PatternFilter {
  readonly include: RegExp | null;
  readonly exclude: RegExp | null;
}

export type TopicFilter = PatternFilter;

export function patternFilterOf(
  configs: ReadonlyMap<string, string> | undefined,
  includeKey: string,
  excludeKey: string,
): PatternFilter | null {
  try {
    return {
      include: compilePatternList(effectivePatterns(configs, includeKey)),
      exclude: compilePatternList(effectivePatterns(configs, excludeKey)),
    };
  } catch {
    return null;
  }
}

export function topicFilterOf(configs: ReadonlyMap<string, string> | undefined): TopicFilter | null {
  return patternFilterOf(configs, TOPICS_INCLUDE, TOPICS_EXCLUDE);
}
