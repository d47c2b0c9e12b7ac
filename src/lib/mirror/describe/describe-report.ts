// The service behind `kmirror describe`: describe every broker, filter and sort, read the end
// offsets of STOPPED partitions (which the broker reports as -1), and the retry limit when a
// partition is FAILED. One call per refresh of --watch.

import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError } from '../../kafka/error-codes.js';
import { describeMirrors, failedRetryMaxAttempts } from './describe.js';
import { applyFilters, applySort, type DescribeFilters, type DescribeSort } from './describe-filters.js';
import { stoppedOffsets } from './last-mirrored-offsets.js';
import type { EndOffsetsUnsupported } from './end-offsets.js';
import { ListOffsets } from '../../kafka/messages/index.js';
import { KafkaResponseError, MirrorError, NotFoundError, PartialFailureError } from '../core/errors.js';
import type { PartitionRow } from './lag.js';
import { diagnoseFailures } from './failure-causes.js';
import type { DescribeResult, UnavailableData } from './describe-types.js';
import type { HealthReport } from './health.js';
import type { TrendRow } from './trend.js';
import type { FailureCauseGroup } from './failure-causes.js';

export async function describeReport(
  client: KafkaClient,
  names: readonly string[],
  filters: DescribeFilters,
  sort: DescribeSort,
): Promise<DescribeReport> {
  const described = await describeMirrors(client, names);
  // Without names, a state or lag filter leaves out the mirrors it matches nothing in.
  const filtered = applyFilters(described, filters, { dropEmptyMirrors: names.length === 0 });
  const { result: shown, unsupported } = await withStoppedEndOffsets(client, applySort(filtered, sort));
  const anyFailed = shown.mirrors.some((m) => m.summary.failing > 0);
  const retryMaxAttempts = anyFailed ? await failedRetryMaxAttempts(client) : null;
  const unavailable =
    unsupported.length === 0 ? [] : [stoppedOffsetsUnavailable(unsupported, client.apiKeys.keyOf(ListOffsets))];
  return { ...shown, retryMaxAttempts, failureCauses: diagnoseFailures(shown, retryMaxAttempts), unavailable };
}

function stoppedOffsetsUnavailable(unsupported: readonly EndOffsetsUnsupported[], apiKey: number): UnavailableData {
  return {
    api: ListOffsets.name,
    apiKey,
    what: `destination end offsets of ${unsupported.reduce((n, u) => n + u.partitions.length, 0)} STOPPED partition(s)`,
    brokers: unsupported.map((u) => u.broker),
    partitions: unsupported.flatMap((u) => u.partitions.map((p) => `${p.topic}-${p.partition}`)),
  };
}

const unknownStopped = (p: PartitionRow): boolean => p.state === 'STOPPED' && p.destinationOffset === null;

/**
 * Fills destinationOffset of STOPPED partitions from ListOffsets (or the KIP draft's LastMirroredOffsets);
 * failures become broker warnings, leaders that lack ListOffsets are returned apart (the offsets stay
 * unknown, nothing failed).
 */
async function withStoppedEndOffsets(
  client: KafkaClient,
  result: DescribeResult,
): Promise<{ result: DescribeResult; unsupported: EndOffsetsUnsupported[] }> {
  const stopped = result.mirrors.flatMap((m) =>
    m.topics.flatMap((t) =>
      t.partitions.filter(unknownStopped).map((p) => ({ mirror: m.name, topic: t.name, partition: p.partition })),
    ),
  );
  if (stopped.length === 0) return { result, unsupported: [] };
  const { offsets, failures, unsupported, source } = await stoppedOffsets(client, stopped);
  const mirrors = result.mirrors.map((m) => ({
    ...m,
    topics: m.topics.map((t) => {
      const known = offsets.get(t.name);
      if (!known) return t;
      const partitions = t.partitions.map((p): PartitionRow => {
        const end = unknownStopped(p) ? known.get(p.partition) : undefined;
        return end === undefined ? p : { ...p, destinationOffset: end, destinationOffsetSource: source };
      });
      return { ...t, partitions };
    }),
  }));
  const warnings = failures.map((f) => ({
    broker: f.broker,
    nodeId: f.nodeId,
    errorCode: f.errorCode,
    message: f.message,
  }));
  return { result: { ...result, mirrors, brokerWarnings: [...result.brokerWarnings, ...warnings] }, unsupported };
}

/**
 * The report with `map` applied to its only free-text fields (broker error messages and warnings), for
 * masking secrets: names, states and numbers cannot hold one. Untouched topics are shared, so this
 * stays fast on 100,000 partitions where a generic deep walk takes seconds.
 */
export function mapReportText(report: DescribeReport, mapText: (text: string) => string): DescribeReport {
  // Thousands of FAILED partitions usually share a handful of messages: each is mapped once.
  const mapped = new Map<string, string>();
  const map = (text: string): string => {
    let out = mapped.get(text);
    if (out === undefined) {
      out = mapText(text);
      mapped.set(text, out);
    }
    return out;
  };
  const mirrors = report.mirrors.map((m) => ({
    ...m,
    topics: m.topics.map((t) => {
      // Copied only where masking changed a message (rarely: most carry no secret).
      let partitions: typeof t.partitions | undefined;
      t.partitions.forEach((p, i) => {
        if (p.errorMessage === null || p.errorMessage === '') return;
        const errorMessage = map(p.errorMessage);
        if (errorMessage === p.errorMessage) return;
        partitions ??= [...t.partitions];
        partitions[i] = { ...p, errorMessage };
      });
      return partitions === undefined ? t : { ...t, partitions };
    }),
  }));
  return {
    ...report,
    mirrors,
    brokerWarnings: report.brokerWarnings.map((w) => ({ ...w, message: map(w.message) })),
    // A cause's summary can quote the broker's error text.
    failureCauses: report.failureCauses.map((c) => ({ ...c, summary: map(c.summary) })),
  };
}

/** Brokers whose partitions are missing, mirrors the brokers refused: the warnings after the report. */
export function describeWarnings(report: DescribeReport): string[] {
  return [
    ...report.brokerWarnings.map(
      (b) => `broker ${b.broker}: ${b.message} (its partitions may be missing from this view)`,
    ),
    ...report.errors.map(
      (e) => `mirror '${e.name}': ${kafkaError(e.errorCode).name} (${kafkaError(e.errorCode).message})`,
    ),
    ...report.unavailable.map((u) => unavailableWarning(u)),
  ];
}

/** The warning for data the brokers cannot give: which API, what is not shown, and that the rest is complete. */
export function unavailableWarning(u: UnavailableData): string {
  const shown = u.partitions.slice(0, 5).join(', ') + (u.partitions.length > 5 ? ', …' : '');
  return (
    `the brokers do not support ${u.api} (API key ${u.apiKey}), so the ${u.what} are not shown (${shown}; ` +
    `broker ${u.brokers.join(', ')}); ` +
    'everything DescribeClusterMirrors reports is complete'
  );
}

/**
 * How the report ends: not found for unknown names (which wins over the rest), the Kafka error itself when
 * every mirror was refused, partial when the view is incomplete; null when complete. `namesOnly`: judge the
 * unknown names alone (the first --watch refresh).
 */
export function describeOutcomeError(
  report: DescribeReport,
  options: { namesOnly?: boolean } = {},
): MirrorError | null {
  if (report.notFound.length === 1) return new NotFoundError('mirror', report.notFound[0] as string);
  if (report.notFound.length > 1) {
    return new MirrorError(`mirrors not found: ${report.notFound.join(', ')}`, 'not-found', {
      hint: 'kmirror list shows the mirrors this principal may describe; names are case-sensitive',
    });
  }
  if (options.namesOnly) return null;
  if (report.health?.holds)
    return new MirrorError(
      `--fail-on ${report.health.conditions.join(',')}: ${report.health.offending.length} partition(s) meet ` +
        `the condition`,
      'condition-holds',
      { hint: 'the partitions are listed above (in `health` with --json)' },
    );
  const firstError = report.errors[0];
  if (firstError && report.mirrors.length === 0)
    return new KafkaResponseError(firstError.errorCode, null, {
      api: 'DescribeClusterMirrors',
      mirror: firstError.name,
    });
  if (report.brokerWarnings.length > 0 || report.errors.length > 0) {
    const parts = [
      report.brokerWarnings.length > 0 ? `${report.brokerWarnings.length} broker problem(s)` : '',
      report.errors.length > 0 ? `${report.errors.length} mirror(s) refused` : '',
    ].filter(Boolean);
    return new PartialFailureError(`the view is incomplete: ${parts.join(', ')}`, {
      succeeded: report.mirrors.length,
      failed: report.brokerWarnings.length + report.errors.length,
    });
  }
  return null;
}

export interface DescribeReport extends DescribeResult {
  /** The brokers' `mirror.failed.retry.max.attempts`, read only when a partition is FAILED; else null. */
  readonly retryMaxAttempts: number | null;
  /** The verdict of `--fail-on`, when given. */
  readonly health?: HealthReport;
  /** With `--watch`: per mirror and topic, records mirrored per second, the lag trend and the time to zero lag. */
  readonly trends?: TrendRow[];
  /** FAILED partitions grouped by recognised cause, with the recovery that works (mirror/failure-causes). */
  readonly failureCauses: FailureCauseGroup[];
  /** What the brokers cannot give (optional APIs they lack); the exit code stays 0 for these. */
  readonly unavailable: UnavailableData[];
}
