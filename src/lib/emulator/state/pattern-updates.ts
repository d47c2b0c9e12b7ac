// The controller's rewrite of `mirror.topics.include` / `.exclude` on Start and Stop-with-patterns.

import type { EmulatedCluster } from './cluster-model.js';
import { errors } from '../../kafka/error-codes.js';
import { compilePatternList, javaSetString, TOPICS_EXCLUDE, TOPICS_INCLUDE } from './patterns.js';
import { splitListValue } from '../../mirror/core/list-value.js';

export interface PatternUpdateError {
  readonly code: number;
  readonly message: string | null;
}

/** Validates `topics` against the mutated lists; both keys are then written back, so the `__.*` default is lost. */
export function updatePatternsAndStopExcluded(
  cluster: EmulatedCluster,
  mirrorName: string,
  topics: readonly string[],
  mutate: (include: Set<string>, exclude: Set<string>) => void,
): PatternUpdateError | null {
  const configs = cluster.mirrors.configsOf(mirrorName);
  const include = new Set(splitListValue(configs?.get(TOPICS_INCLUDE)));
  const exclude = new Set(splitListValue(configs?.get(TOPICS_EXCLUDE)));
  mutate(include, exclude);

  let includeRe: RegExp | null;
  let excludeRe: RegExp | null;
  try {
    includeRe = compilePatternList([...include]);
    excludeRe = compilePatternList([...exclude]);
  } catch (error) {
    // Java's PatternSyntaxException is not an ApiException, so it reaches the client as -1.
    return { code: errors.UNKNOWN_SERVER_ERROR.code, message: error instanceof Error ? error.message : null };
  }
  if (topics.length > 0) {
    if (excludeRe && topics.some((t) => excludeRe.test(t))) {
      return {
        code: errors.INVALID_REQUEST.code,
        message:
          `Unable to start the topics to mirror because some topics are excluded by exclude patterns: ` +
          `${javaSetString(exclude)}`,
      };
    }
    if (includeRe && topics.some((t) => !includeRe.test(t))) {
      return {
        code: errors.INVALID_REQUEST.code,
        message:
          `Unable to start the topics to mirror because some topics are not included in include ` +
          `patterns: ${javaSetString(include)}`,
      };
    }
  }
  cluster.mirrors.setConfig(mirrorName, TOPICS_INCLUDE, [...include].join(','));
  cluster.mirrors.setConfig(mirrorName, TOPICS_EXCLUDE, [...exclude].join(','));
  if (excludeRe) stopMatching(cluster, mirrorName, excludeRe);
  return null;
}

function stopMatching(cluster: EmulatedCluster, mirrorName: string, exclude: RegExp): void {
  const now = cluster.clock.now();
  for (const topic of [...cluster.mirrors.topicsOf(mirrorName)]) {
    if (exclude.test(topic.name)) cluster.mirrors.associate(topic, mirrorName, 'STOPPED', now);
  }
}
