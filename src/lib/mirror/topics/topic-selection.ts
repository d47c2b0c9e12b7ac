// Which topics `add-topics` sends: the broker refuses a WHOLE Start with 145 when one listed topic is already
// mirrored, paused or failed (PROTOCOL.md §3), so such topics are left out.

import { readFileSync } from 'node:fs';
import { javaPatternList } from '../patterns/java-regex.js';
import { InvalidInputError } from '../core/errors.js';
import type { FailureDiagnosis } from '../describe/failure-causes.js';
import type { SourceTopic } from '../core/source-client.js';
import { checkPattern } from '../patterns/pattern-check.js';

const TOPIC_NAME = /^[a-zA-Z0-9._-]+$/;
const MAX_TOPIC_NAME = 249;

export function topicNameProblem(name: string): string | null {
  if (name === '') return 'is empty';
  if (name === '.' || name === '..') return `cannot be '${name}'`;
  if (name.length > MAX_TOPIC_NAME) return `is ${name.length} characters long (the limit is ${MAX_TOPIC_NAME})`;
  if (!TOPIC_NAME.test(name)) return 'may contain only ASCII letters, digits, ".", "_" and "-"';
  return null;
}

export function parseTopicNames(values: readonly string[], origin = '--topic'): string[] {
  const names = new Set<string>();
  for (const value of values) {
    for (const raw of value.split(',')) {
      const name = raw.trim();
      if (name === '') continue;
      const problem = topicNameProblem(name);
      if (problem) {
        throw new InvalidInputError(`${origin}: topic name '${name}' ${problem}`, {
          hint: /[*?[\]()|+^$\\]/.test(name)
            ? `to select topics by regular expression use --pattern '${name}'`
            : 'check the topic name on the source cluster',
        });
      }
      names.add(name);
    }
  }
  return [...names];
}

export function readTopicsFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new InvalidInputError(`cannot read --topics-file '${path}': ${(err as Error).message}`);
  }
  const names = new Set<string>();
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    const hash = line.indexOf('#');
    const name = (hash === -1 ? line : line.slice(0, hash)).trim();
    if (name === '') continue;
    const problem = topicNameProblem(name);
    if (problem)
      throw new InvalidInputError(`--topics-file '${path}' line ${i + 1}: topic name '${name}' ${problem}`, {
        hint: 'write one topic name per line; patterns go in --pattern',
      });
    names.add(name);
  }
  return [...names];
}

/** Commas are refused: the mirror stores its pattern lists comma-separated. */
export function compilePatterns(
  patterns: readonly string[],
  flag: string,
  warn?: (message: string) => void,
): RegExp | null {
  for (const pattern of patterns) for (const warning of checkPattern(pattern, flag)) warn?.(warning);
  return javaPatternList(patterns);
}

export interface TopicOwnership {
  readonly mirror: string;
  readonly active: boolean;
  readonly states: readonly string[];
  readonly causes?: readonly FailureDiagnosis[];
}

export type Action =
  | 'add'
  | 'restart'
  | 'add-missing'
  | 'already-mirrored'
  | 'in-other-mirror'
  | 'missing-on-source'
  /** The mirror's stored mirror.topics.exclude would still match it: the broker would refuse the request (42). */
  | 'excluded-by-mirror';

export interface TopicToAdd {
  readonly topic: string;
  readonly topicId: string | null;
  readonly partitions: number | null;
  readonly action: Action;
  readonly named: boolean;
  readonly mirror?: string;
  readonly state?: string;
  readonly causes?: readonly FailureDiagnosis[];
}

export interface SelectionInput {
  readonly mirror: string;
  readonly named: readonly string[];
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly allowMissing: boolean;
  readonly sourceTopics: ReadonlyMap<string, SourceTopic>;
  readonly ownership: ReadonlyMap<string, TopicOwnership>;
  readonly storedExclude: readonly string[];
}

const SENT: ReadonlySet<Action> = new Set(['add', 'restart', 'add-missing']);

export function isSent(action: Action): boolean {
  return SENT.has(action);
}

/** States from which the broker's pre-validation lets a topic start (PROTOCOL.md §3, Start step 2). */
const STARTABLE = new Set(['STOPPED', 'UNKNOWN']);

function stateSummary(states: readonly string[]): string {
  const distinct = [...new Set(states)].sort();
  return distinct.length === 0 ? 'starting' : distinct.join(', ');
}

/** The exclude list after the controller's merge (PROTOCOL.md §3, Start step 5). */
export function excludeAfterStart(
  storedExclude: readonly string[],
  named: readonly string[],
  include: readonly string[],
  exclude: readonly string[],
): string[] {
  const result = new Set(storedExclude);
  for (const item of [...named, ...include]) result.delete(item);
  for (const item of exclude) result.add(item);
  return [...result];
}

export function classifyTopics(input: SelectionInput): TopicToAdd[] {
  const includeRe = compilePatterns(input.include, '--pattern');
  const excludeRe = compilePatterns(input.exclude, '--exclude');
  const named = new Set(input.named);
  for (const name of named) {
    if (excludeRe?.test(name)) {
      throw new InvalidInputError(`topic '${name}' is named with --topic but also matches --exclude`, {
        hint: 'drop it from --topic or narrow the --exclude pattern',
      });
    }
  }

  const candidates = new Set(named);
  if (includeRe) {
    for (const topic of input.sourceTopics.values()) {
      // Internal topics (__consumer_offsets, …) only when named: the broker's default exclude is __.*.
      if (topic.internal || topic.name.startsWith('__')) continue;
      if (includeRe.test(topic.name) && !excludeRe?.test(topic.name)) candidates.add(topic.name);
    }
  }

  let mirrorExclude: RegExp | null = null;
  try {
    mirrorExclude = compilePatterns(
      excludeAfterStart(input.storedExclude, input.named, input.include, input.exclude),
      'mirror.topics.exclude',
    );
  } catch {
    // A stored pattern JavaScript cannot compile: leave the check to the broker.
  }

  const planned: TopicToAdd[] = [];
  for (const name of [...candidates].sort()) {
    const source = input.sourceTopics.get(name);
    const base = {
      topic: name,
      topicId: source?.topicId ?? null,
      partitions: source?.partitions ?? null,
      named: named.has(name),
    };
    const owner = input.ownership.get(name);
    const busy = owner !== undefined && (owner.active || owner.states.some((s) => !STARTABLE.has(s)));
    const causes = owner?.causes?.length ? { causes: owner.causes } : {};
    if (owner && busy && owner.mirror === input.mirror) {
      planned.push({ ...base, action: 'already-mirrored', state: stateSummary(owner.states), ...causes });
    } else if (owner && busy) {
      const state = stateSummary(owner.states);
      planned.push({ ...base, action: 'in-other-mirror', mirror: owner.mirror, state, ...causes });
    } else if (mirrorExclude?.test(name)) {
      planned.push({ ...base, action: 'excluded-by-mirror' });
    } else if (!source) {
      planned.push({ ...base, action: input.allowMissing ? 'add-missing' : 'missing-on-source' });
    } else {
      planned.push({ ...base, action: owner?.mirror === input.mirror ? 'restart' : 'add' });
    }
  }
  return planned;
}
