// The topic selection flags of add-topics and of remove-topics/pause/resume, checked before any
// request: names, topics files, patterns (compiled here so a bad regex is a usage error), and the
// --source-config file.

import type { AddTopicsInput } from '../../mirror/topics/add-topics.js';
import type { PromoteInput } from '../../mirror/switchover/promote-plan.js';
import type { TopicActionInput } from '../../mirror/topics/topic-actions.js';
import { compilePatterns, parseTopicNames, readTopicsFile } from '../../mirror/topics/topic-selection.js';
import { readClientPropertiesFile } from '../../connection/connection-config.js';
import { UsageError } from '../failures/errors.js';
import { groupFilterInput } from './group-input.js';
import { sourceConfigInput } from '../reach/source-input.js';

export function topicActionInput(
  mirror: string,
  flags: { readonly topic?: readonly string[]; readonly pattern?: readonly string[] },
): TopicActionInput {
  const topics = parseTopicNames(flags.topic ?? []);
  const patterns = [...new Set(flags.pattern ?? [])];
  compilePatterns(patterns, '--pattern');
  if (topics.length === 0 && patterns.length === 0) {
    throw new UsageError('no topics given', {
      hint: `name topics of the mirror with --topic, or select them with --pattern REGEX (e.g. --pattern '.*' for all)`,
    });
  }
  return { mirror, topics, patterns };
}

export interface AddTopicsFlags {
  readonly topics?: readonly string[];
  readonly topicsFile?: string;
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  readonly 'allow-missing': boolean;
  readonly sourceConfig?: string;
}

export function addTopicsInput(mirror: string, f: AddTopicsFlags, warn: (message: string) => void): AddTopicsInput {
  const unique = new Set(parseTopicNames(f.topics ?? []));
  if (f.topicsFile !== undefined) for (const name of readTopicsFile(f.topicsFile)) unique.add(name);
  const named = [...unique];
  const include = [...new Set(f.include ?? [])];
  const exclude = [...new Set(f.exclude ?? [])];
  if (named.length === 0 && include.length === 0) {
    throw new UsageError('no topics given', {
      hint: 'name topics with --topic (or --topics-file), or select them with --pattern REGEX',
    });
  }
  compilePatterns(include, '--pattern', warn);
  const excludeRe = compilePatterns(exclude, '--exclude', warn);
  for (const name of named) {
    if (excludeRe?.test(name)) {
      throw new UsageError(`topic '${name}' is named but also matches --exclude`, {
        hint: 'drop it from --topic/--topics-file or narrow the --exclude pattern',
      });
    }
  }
  return {
    mirror,
    topics: named,
    include,
    exclude,
    allowMissing: f['allow-missing'],
    ...sourceConfigInput(f.sourceConfig, warn),
  };
}

export interface PromoteFlags {
  readonly topic?: readonly string[];
  readonly pattern?: readonly string[];
  readonly 'wait-for-quiet': boolean;
  readonly force: boolean;
  readonly 'quiet-period': number;
  readonly 'source-config'?: string;
  readonly group?: readonly string[];
  readonly 'group-pattern'?: readonly string[];
  readonly 'skip-groups': boolean;
}

export function promoteInput(mirror: string, f: PromoteFlags, warn: (message: string) => void): PromoteInput {
  const selection = topicActionInput(mirror, f);
  if (f.force && f['wait-for-quiet'] === false)
    warn('--force skips the quiet check, so --no-wait-for-quiet changes nothing');
  if (f['quiet-period'] <= 0)
    throw new UsageError('--quiet-period must be longer than 0', { hint: 'e.g. --quiet-period 5s' });
  const sourceConfig =
    f['source-config'] === undefined
      ? undefined
      : readClientPropertiesFile(f['source-config'], '--source-config', { warn });
  return {
    ...selection,
    waitForQuiet: f['wait-for-quiet'],
    force: f.force,
    quietPeriodMs: f['quiet-period'],
    ...groupFilterInput(f),
    skipGroups: f['skip-groups'],
    ...(sourceConfig ? { sourceConfig, sourceConfigName: `--source-config '${f['source-config']}'` } : {}),
  };
}
