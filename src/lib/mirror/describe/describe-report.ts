// The service behind `kmirror describe`: describe every broker, filter and sort, read the end offsets of
// STOPPED partitions (reported as -1) and the retry limit when a partition is FAILED.

import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError } from '../../kafka/error-codes.js';
import { describeMirrors, failedRetryMaxAttempts } from './describe.js';
import { applyFilters, applySort, type DescribeFilters, type DescribeSort, isFiltered } from './describe-filters.js';
import { gatherFailureFacts, type SourceCheckNote } from './failure-facts.js';
import type { SourceCheckPolicy } from '../core/source-check.js';
import { type ConfirmedLag, confirmedLagIndex, confirmOnSources, type RecreatedSourceTopic } from './source-confirm.js';
import type { HealthConfirmation } from './health.js';
import { stoppedOffsets } from './last-mirrored-offsets.js';
import { withLagTimes } from './lag-time.js';
import type { EndOffsetsUnsupported } from './end-offsets.js';
import { ListOffsets } from '../../kafka/messages/index.js';
import { KafkaResponseError, MirrorError, NotFoundError, PartialFailureError } from '../core/errors.js';
import type { PartitionRow } from './lag.js';
import { diagnoseFailures } from './failure-causes.js';
import type { DescribeResult, UnavailableData } from './describe-types.js';
import type { HealthReport } from './health.js';
import type { WedgedTopic } from './wedged-topics.js';
import type { TrendRow } from './trend.js';
import type { FailureCauseGroup } from './failure-causes.js';
import { wedgedTopicsOf } from './wedged-topics.js';
import { readExpectedPartitions, withMissingPartitions, type MissingPartition } from './describe-coverage.js';

export interface DescribeConfirmations {
  readonly compareTopicIds: boolean;
  readonly confirmZeroLag: boolean;
}

export async function describeReport(
  client: KafkaClient,
  names: readonly string[],
  filters: DescribeFilters,
  sort: DescribeSort,
  sourceCheck?: SourceCheckPolicy,
  confirm: DescribeConfirmations = { compareTopicIds: false, confirmZeroLag: false },
): Promise<DescribeReport> {
  const expected = await readExpectedPartitions(client, names);
  const { result: described, missing } = await withMissingPartitions(
    client,
    await describeMirrors(client, names, expected === null ? {} : { existingNames: expected.mirrors }),
    expected,
  );
  // State and lag filters do not hide a wedged topic: `describe --failed` shows its MIRRORING partitions too.
  const byName = applyFilters(described, { topics: filters.topics, topicPatterns: filters.topicPatterns });
  const wedged = await wedgedTopicsOf(client, byName, expected?.topicsOf);
  const filtered = applyFilters(described, filters, { dropEmptyMirrors: names.length === 0 });
  const stopped = await withStoppedEndOffsets(client, applySort(filtered, sort));
  const { unsupported } = stopped;
  const timed = sourceCheck ? await withLagTimes(client, stopped.result, sourceCheck) : undefined;
  const shown = timed?.result ?? stopped.result;
  const lagTimeNotes = timed?.notes ?? [];
  const anyFailed = shown.mirrors.some((m) => m.summary.failing > 0);
  const retryMaxAttempts = anyFailed ? await failedRetryMaxAttempts(client) : null;
  const unavailable =
    unsupported.length === 0 ? [] : [stoppedOffsetsUnavailable(unsupported, client.apiKeys.keyOf(ListOffsets))];
  const base = { ...shown, retryMaxAttempts, unavailable, wedged, missingPartitions: missing };
  if (!sourceCheck?.enabled) {
    const unconfirmed = confirm.confirmZeroLag && sourceCheck !== undefined ? [NOT_CONFIRMED] : [];
    const notes = [...unconfirmed, ...lagTimeNotes];
    return {
      ...base,
      failureCauses: diagnoseFailures(shown, retryMaxAttempts),
      ...(notes.length > 0 ? { sourceNotes: notes } : {}),
    };
  }
  const confirming = confirm.compareTopicIds || confirm.confirmZeroLag || anyFailed;
  // The stall rule reads every mirror of the cluster, not only those shown.
  const all = !anyFailed
    ? shown
    : names.length === 0 && !isFiltered(filters)
      ? described
      : await describeMirrors(client, []);
  const [gathered, confirmed] = await Promise.all([
    anyFailed ? gatherFailureFacts(client, shown, all, sourceCheck, retryMaxAttempts) : undefined,
    confirming ? confirmOnSources(client, shown, confirm.confirmZeroLag, sourceCheck) : undefined,
  ]);
  return {
    ...base,
    failureCauses: diagnoseFailures(shown, retryMaxAttempts, gathered?.facts),
    ...(gathered && gathered.checks.length > 0 ? { sourceChecks: gathered.checks } : {}),
    ...(confirmed && confirm.confirmZeroLag ? { confirmedLags: confirmed.confirmedLags } : {}),
    ...(confirmed && confirmed.recreatedTopics.length > 0 ? { recreatedTopics: confirmed.recreatedTopics } : {}),
    ...sourceNotesOf([...(confirmed?.notes ?? []), ...lagTimeNotes]),
  };
}

const sourceNotesOf = (notes: string[]): { sourceNotes?: string[] } => (notes.length > 0 ? { sourceNotes: notes } : {});

const NOT_CONFIRMED =
  'the reported lags are not confirmed on the sources (--no-source-check): right after a start or resume the ' +
  'broker reports lag 0 for about a second';

export function healthConfirmation(report: DescribeReport): HealthConfirmation | undefined {
  if (report.confirmedLags === undefined && report.recreatedTopics === undefined) return undefined;
  return {
    lags: confirmedLagIndex(report.confirmedLags ?? []),
    recreated: new Set((report.recreatedTopics ?? []).map((r) => `${r.mirror}\u0000${r.topic}`)),
  };
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
 * Only the free-text fields are mapped (names, states and numbers cannot hold a secret); untouched topics are
 * shared, so this stays fast on 100,000 partitions.
 */
export function mapReportText(report: DescribeReport, mapText: (text: string) => string): DescribeReport {
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
    failureCauses: report.failureCauses.map((c) => ({ ...c, summary: map(c.summary) })),
  };
}

export function describeWarnings(report: DescribeReport): string[] {
  return [
    ...report.brokerWarnings.map(
      (b) => `broker ${b.broker}: ${b.message} (its partitions may be missing from this view)`,
    ),
    ...report.errors.map(
      (e) => `mirror '${e.name}': ${kafkaError(e.errorCode).name} (${kafkaError(e.errorCode).message})`,
    ),
    ...report.unavailable.map((u) => unavailableWarning(u)),
    ...(report.sourceChecks ?? []).map((c) => c.text),
    ...(report.recreatedTopics ?? []).map((r) => `mirror ${r.mirror}: ${r.summary}; ${r.recovery}`),
    ...(report.sourceNotes ?? []),
    ...missingWarnings(report),
  ];
}

function missingWarnings(report: DescribeReport): string[] {
  const byTopic = new Map<string, { partitions: number[]; reason: string }>();
  for (const m of report.missingPartitions) {
    const key = `mirror '${m.mirror}' topic '${m.topic}'`;
    const entry = byTopic.get(key) ?? { partitions: [], reason: m.reason };
    entry.partitions.push(m.partition);
    byTopic.set(key, entry);
  }
  return [...byTopic].map(
    ([key, e]) =>
      `${key}: partition(s) ${e.partitions.join(', ')} not reported by any broker (${e.reason}); ` +
      'they are shown as OFFLINE or UNREPORTED and are not mirroring as far as this view can tell',
  );
}

export function unavailableWarning(u: UnavailableData): string {
  const shown = u.partitions.slice(0, 5).join(', ') + (u.partitions.length > 5 ? ', …' : '');
  return (
    `the brokers do not support ${u.api} (API key ${u.apiKey}), so the ${u.what} are not shown (${shown}; ` +
    `broker ${u.brokers.join(', ')}); ` +
    'everything DescribeClusterMirrors reports is complete'
  );
}

/** Not found wins over the rest; `namesOnly` judges the unknown names alone (the first --watch refresh). */
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
  const missing = report.missingPartitions.length;
  if (report.brokerWarnings.length > 0 || report.errors.length > 0 || missing > 0) {
    const parts = [
      report.brokerWarnings.length > 0 ? `${report.brokerWarnings.length} broker problem(s)` : '',
      report.errors.length > 0 ? `${report.errors.length} mirror(s) refused` : '',
      missing > 0 ? `${missing} partition(s) not reported by any broker` : '',
    ].filter(Boolean);
    return new PartialFailureError(`the view is incomplete: ${parts.join(', ')}`, {
      succeeded: report.mirrors.length,
      failed: report.brokerWarnings.length + report.errors.length + missing,
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
  /** Topics recorded STOPPED with FAILED or MIRRORING partitions (wedged-topics.ts); --fail-on failing counts them. */
  readonly wedged: WedgedTopic[];
  /**
   * The sources asked from this machine to explain FAILED partitions (absent when none was asked): whether each
   * answered, beside what the destination brokers' partition states say.
   */
  readonly sourceChecks?: SourceCheckNote[];
  /** With --fail-on lagging or not-mirroring: every reported zero lag as checked on the source. */
  readonly confirmedLags?: ConfirmedLag[];
  /** Mirrored topics whose source id differs from the destination's: they copy nothing (§18). */
  readonly recreatedTopics?: RecreatedSourceTopic[];
  /** What the source checks could not confirm, in words. */
  readonly sourceNotes?: string[];
  /**
   * Partitions of the mirrors' topics that no broker reported (leaderless: a broker is down), also
   * present as rows in state OFFLINE or UNREPORTED; any makes the exit code 3.
   */
  readonly missingPartitions: MissingPartition[];
}
