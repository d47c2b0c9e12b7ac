// Filters and orderings of `kmirror describe`, applied to the merged result before it is shown
// (the JSON too). Summaries are recomputed over what is left, so they describe what is shown.

import { KNOWN_STATES, combine, displayState, summarize } from './lag.js';
import type { PartitionRow } from './lag.js';
import { FilterError, parseFilterPatterns } from '../patterns/filter-patterns.js';
import type { DescribeResult, MirrorDescription, TopicDescription } from './describe-types.js';

export { FilterError };

export type DescribeSort = 'topic' | 'lag';
export const DESCRIBE_SORTS: readonly DescribeSort[] = ['topic', 'lag'];

export interface DescribeFilters {
  readonly topics?: readonly string[];
  readonly topicPatterns?: readonly RegExp[];
  readonly states?: readonly string[];
  readonly minLag?: bigint;
}

/** In the display vocabulary: `--state INITIALIZING` and `--state LOG_TRUNCATION` select the same partitions. */
export function parseStates(values: readonly string[]): string[] {
  const known = KNOWN_STATES;
  return values
    .flatMap((v) => v.split(','))
    .map((raw) => {
      const state = raw.trim().toUpperCase();
      if (!known.includes(state)) {
        throw new FilterError(`unknown partition state '${raw}'`, `use one of ${known.join(', ')}`);
      }
      return displayState(state);
    });
}

export function describeFilters(raw: {
  readonly topics?: readonly string[];
  readonly topicPatterns?: readonly string[];
  readonly states?: readonly string[];
  readonly minLag?: bigint;
}): DescribeFilters {
  return {
    topics: raw.topics ?? [],
    topicPatterns: parseTopicPatterns(raw.topicPatterns ?? []),
    states: [...new Set(parseStates(raw.states ?? []))],
    minLag: raw.minLag ?? 0n,
  };
}

export function parseTopicPatterns(values: readonly string[]): RegExp[] {
  return parseFilterPatterns(values, { flag: '--topic-pattern', subject: 'topic name', example: 'orders-.*' });
}

export function hasPartitionFilters(filters: DescribeFilters): boolean {
  return (filters.states?.length ?? 0) > 0 || (filters.minLag ?? 0n) > 0n;
}

function hasTopicFilters(filters: DescribeFilters): boolean {
  return (filters.topics?.length ?? 0) > 0 || (filters.topicPatterns?.length ?? 0) > 0;
}

export function isFiltered(filters: DescribeFilters): boolean {
  return hasTopicFilters(filters) || hasPartitionFilters(filters);
}

function topicFilter(filters: DescribeFilters): (name: string) => boolean {
  if (!hasTopicFilters(filters)) return () => true;
  const exact = new Set(filters.topics ?? []);
  const patterns = filters.topicPatterns ?? [];
  return (name) => exact.has(name) || patterns.some((p) => p.test(name));
}

function partitionFilter(filters: DescribeFilters): ((row: PartitionRow) => boolean) | null {
  const states = filters.states && filters.states.length > 0 ? new Set(filters.states) : null;
  const minLag = filters.minLag ?? 0n;
  if (!states && minLag <= 0n) return null;
  // A FAILED partition has no lag to compare: --min-lag keeps it rather than hide a failure.
  const lagging = (row: PartitionRow) => (row.lag === null ? row.state === 'FAILED' : row.lag >= minLag);
  return (row) => (!states || states.has(displayState(row.state))) && (minLag <= 0n || lagging(row));
}

function filterMirror(
  mirror: MirrorDescription,
  keepTopic: (name: string) => boolean,
  keepRow: ((row: PartitionRow) => boolean) | null,
): MirrorDescription {
  const topics: TopicDescription[] = [];
  for (const topic of mirror.topics) {
    if (!keepTopic(topic.name)) continue;
    if (!keepRow) {
      topics.push(topic);
      continue;
    }
    const partitions = topic.partitions.filter(keepRow);
    if (partitions.length > 0) topics.push({ name: topic.name, summary: summarize(partitions), partitions });
  }
  return { ...mirror, summary: combine(topics.map((t) => t.summary)), topics };
}

/** Without a named mirror, a partition filter also leaves out mirrors where it matches nothing. */
export function applyFilters(
  result: DescribeResult,
  filters: DescribeFilters,
  options: { readonly dropEmptyMirrors?: boolean } = {},
): DescribeResult {
  if (!isFiltered(filters)) return result;
  const keepTopic = topicFilter(filters);
  const keepRow = partitionFilter(filters);
  let mirrors = result.mirrors.map((m) => filterMirror(m, keepTopic, keepRow));
  if (options.dropEmptyMirrors && keepRow) mirrors = mirrors.filter((m) => m.topics.length > 0);
  return { ...result, mirrors };
}

export function byLagDescending(a: PartitionRow, b: PartitionRow): number {
  return descending(a.lag, b.lag);
}

/** A sign only: a bigint difference can be past Number's range. */
function descending(a: bigint | null, b: bigint | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a > b ? -1 : 1;
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function applySort(result: DescribeResult, sort: DescribeSort): DescribeResult {
  if (sort === 'topic') return result;
  const mirrors = result.mirrors.map((mirror): MirrorDescription => {
    const topics = mirror.topics.map((t): TopicDescription => ({
      ...t,
      partitions: [...t.partitions].sort((a, b) => byLagDescending(a, b) || a.partition - b.partition),
    }));
    topics.sort((a, b) => {
      return descending(a.summary.maxLag, b.summary.maxLag) || byName(a, b);
    });
    return { ...mirror, topics };
  });
  return { ...result, mirrors };
}
