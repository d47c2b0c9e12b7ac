// A mirror's topic filters act on their own: the broker starts every source topic matching
// mirror.topics.include (now and when one is created later) and stops every mirror topic matching
// mirror.topics.exclude (failover: the topics become writable on the destination). So saving either
// list is a change that needs a yes like add-topics --pattern and remove-topics, wherever it is made
// (config set, create --include). Shrinking the include list starts and stops nothing.

import { splitListValue } from './config-keys.js';
import type { ConfigChange } from './config.js';

export const TOPICS_INCLUDE = 'mirror.topics.include';
export const TOPICS_EXCLUDE = 'mirror.topics.exclude';

/** What a saved filter change makes the broker do. */
export type FilterEffect =
  /** include grows: matching source topics start now and when they appear. */
  | 'starts'
  /** exclude grows: matching mirror topics are stopped. */
  | 'stops'
  /** exclude shrinks: topics it kept out are started if the include list matches them. */
  | 'unexcludes';

export interface FilterChange {
  readonly change: ConfigChange;
  readonly effect: FilterEffect;
}

/** The changes of `config set` that start or stop topics by themselves, in the given order. */
export function topicFilterChanges(changes: readonly ConfigChange[]): FilterChange[] {
  const out: FilterChange[] = [];
  for (const change of changes) {
    const grows =
      change.operation === 'APPEND' || (change.operation === 'SET' && splitListValue(change.value).length > 0);
    if (change.name === TOPICS_INCLUDE && grows) out.push({ change, effect: 'starts' });
    if (change.name === TOPICS_EXCLUDE) out.push({ change, effect: grows ? 'stops' : 'unexcludes' });
  }
  return out;
}

/** The include patterns a new mirror is created with (its exclude list has no topics to stop yet). */
export function createdIncludePatterns(config: ReadonlyMap<string, string>): string[] {
  return splitListValue(config.get(TOPICS_INCLUDE) ?? '');
}
