// The broker starts every source topic matching mirror.topics.include (also ones created later) and stops
// every mirror topic matching mirror.topics.exclude, so saving either list needs a yes, wherever it is made.

import type { ConfigChange } from './config.js';
import { splitListValue } from '../core/list-value.js';

export const TOPICS_INCLUDE = 'mirror.topics.include';
export const TOPICS_EXCLUDE = 'mirror.topics.exclude';

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

export function createdIncludePatterns(config: ReadonlyMap<string, string>): string[] {
  return splitListValue(config.get(TOPICS_INCLUDE) ?? '');
}
