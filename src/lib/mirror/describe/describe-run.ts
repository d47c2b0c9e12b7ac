// What one `kmirror describe` asks for, answered once (judged by --fail-on, maybe after a grace period) or as
// the refreshes of --watch.

import type { KafkaClient } from '../../kafka/client.js';
import { type DescribeFilters, type DescribeSort, FilterError, describeFilters } from './describe-filters.js';
import { type DescribeReport, describeReport, healthConfirmation } from './describe-report.js';
import type { SourceCheckPolicy } from '../core/source-check.js';
import { type HealthCheckClock, checkHealth } from './health-check.js';
import { type HealthCondition, parseHealthConditions } from './health.js';
import { type TrendHistory, addSamples, trendRows } from './trend.js';

export interface DescribeRequest {
  readonly names: readonly string[];
  readonly filters: DescribeFilters;
  readonly sort: DescribeSort;
  readonly conditions: readonly HealthCondition[];
  readonly graceMs: number;
}

export interface DescribeRequestInput {
  readonly names: readonly string[];
  readonly topics?: readonly string[] | undefined;
  readonly topicPatterns?: readonly string[] | undefined;
  readonly states?: readonly string[] | undefined;
  readonly failed?: boolean;
  readonly minLag?: bigint | undefined;
  readonly sort: string;
  readonly failOn?: readonly string[] | undefined;
  readonly graceMs: number;
  readonly watch: boolean;
}

export function describeRequest(input: DescribeRequestInput): DescribeRequest {
  const states = [...(input.states ?? []), ...(input.failed ? ['FAILED'] : [])];
  const filters = describeFilters({
    topics: input.topics,
    topicPatterns: input.topicPatterns,
    states,
    minLag: input.minLag,
  });
  const conditions = parseHealthConditions(input.failOn ?? []);
  if (conditions.length > 0 && input.watch)
    throw new FilterError(
      '--fail-on is a one-shot check and cannot be used with --watch',
      'drop --watch (e.g. run it from cron)',
    );
  return { names: input.names, filters, sort: input.sort as DescribeSort, conditions, graceMs: input.graceMs };
}

export async function describeOnce(
  client: KafkaClient,
  request: DescribeRequest,
  clock: HealthCheckClock,
  sourceCheck?: SourceCheckPolicy,
): Promise<DescribeReport> {
  const { names, filters, sort, conditions } = request;
  // --fail-on compares topic ids on the sources; every condition but failing confirms each reported zero lag there.
  const confirm = {
    compareTopicIds: conditions.length > 0,
    confirmZeroLag: conditions.some((c) => c.kind !== 'failing'),
  };
  const { result, health } = await checkHealth(
    () => describeReport(client, names, filters, sort, sourceCheck, confirm),
    conditions,
    request.graceMs,
    clock,
    healthConfirmation,
  );
  return conditions.length > 0 ? { ...result, health } : result;
}

export function describeRefresher(
  client: KafkaClient,
  request: DescribeRequest,
  now: () => number = Date.now,
  sourceCheck?: SourceCheckPolicy,
): () => Promise<DescribeReport> {
  let history: TrendHistory = new Map();
  return async () => {
    const report = await describeReport(client, request.names, request.filters, request.sort, sourceCheck);
    history = addSamples(history, report, now());
    return { ...report, trends: trendRows(history, report) };
  };
}
