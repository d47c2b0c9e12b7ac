import { Args, Flags } from '@oclif/core';
import { BaseCommand } from '../lib/cli/base-command.js';
import { Deadline } from '../lib/cli/deadline.js';
import {
  KafkaResponseError,
  KmirrorError,
  NotFoundError,
  PartialFailureError,
  UsageError,
  toFailure,
} from '../lib/cli/errors.js';
import { ExitCode } from '../lib/cli/exit-codes.js';
import { DEFAULT_TIMEOUT_MS, int64Flag } from '../lib/cli/flags.js';
import { formatYaml } from '../lib/cli/output-format.js';
import { redactText } from '../lib/connection/redact.js';
import type { KafkaClient } from '../lib/kafka/client.js';
import { kafkaError } from '../lib/kafka/error-codes.js';
import {
  describeMirrors,
  failedRetryMaxAttempts,
  type DescribeReport,
  type DescribeResult,
} from '../lib/mirror/describe.js';
import {
  DESCRIBE_SORTS,
  FilterError,
  applyFilters,
  applySort,
  isFiltered,
  parseStates,
  parseTopicPatterns,
  type DescribeFilters,
  type DescribeSort,
} from '../lib/mirror/describe-filters.js';
import { readEndOffsets } from '../lib/mirror/end-offsets.js';
import type { PartitionRow } from '../lib/mirror/lag.js';
import { PARTITION_STATES } from '../lib/mirror/lag.js';
import { renderDescribe } from '../lib/render/describe.js';
import { style } from '../lib/render/style.js';

/**
 * Cluster mirrors as merged from DescribeClusterMirrors answers of every broker. Filters (--topic,
 * --topic-pattern, --state, --failed, --min-lag) apply: topics without a matching partition are left
 * out and summaries are computed over what is shown. With --watch, one such document per line per
 * refresh.
 */
export type DescribeJson = DescribeReport;

const DEFAULT_INTERVAL_SECONDS = 2;

/**
 * The budget of one --watch refresh when --timeout was not given: the loop itself runs until
 * Ctrl-C, but a refresh that hangs (a broker gone silent) still ends after the default budget.
 */
class RefreshDeadline extends Deadline {
  private refreshExpiresAt: number;

  constructor(budgetMs: number) {
    super(budgetMs);
    this.refreshExpiresAt = Date.now() + budgetMs;
  }

  restart(): void {
    this.refreshExpiresAt = Date.now() + this.budgetMs;
  }

  override remainingMs(): number {
    return Math.max(0, this.refreshExpiresAt - Date.now());
  }
}

export default class Describe extends BaseCommand<typeof Describe> {
  static override summary = 'Show the partitions of cluster mirrors: states, offsets, lag and errors';
  static override description =
    'Asks every broker of the destination cluster (each reports only the partitions it leads) and merges the answers. ' +
    'Without MIRROR names, describes every mirror. The default view shows per mirror a summary (partitions by state, ' +
    'total and max lag, failing partitions), a per-topic roll-up, the FAILED partitions with their retry count and ' +
    'error, and the most lagging partitions. --partitions (or -o wide) lists every partition instead. ' +
    'Offsets and lag are reported by the broker only for MIRRORING partitions (shown as -, null in JSON); for STOPPED ' +
    'partitions the destination log-end offset is read with ListOffsets from each partition leader. ' +
    'Exits 6 when a named mirror does not exist (the others are still shown), 3 when a broker did not answer (its ' +
    'partitions are missing and a warning names it).';
  static override examples = [
    '<%= config.bin %> describe -b localhost:9092',
    '<%= config.bin %> describe m1 -b localhost:9092 --failed',
    '<%= config.bin %> describe m1 -b localhost:9092 --partitions --sort lag --min-lag 1000',
    "<%= config.bin %> describe m1 -b localhost:9092 --topic-pattern 'orders-.*' --json",
    '<%= config.bin %> describe m1 -b localhost:9092 --watch --interval 5',
  ];

  static override strict = false;

  static override args = {
    mirror: Args.string({ description: 'mirror name(s); all mirrors when none is given', required: false }),
  };

  static override flags = {
    topic: Flags.string({ summary: 'only this topic (exact name; repeatable)', multiple: true, helpValue: '<name>' }),
    'topic-pattern': Flags.string({
      summary: 'only topics whose whole name matches this regular expression (repeatable)',
      multiple: true,
      helpValue: '<regex>',
    }),
    state: Flags.string({
      summary: `only partitions in this state (repeatable): ${PARTITION_STATES.join(', ')}`,
      multiple: true,
      helpValue: '<state>',
    }),
    failed: Flags.boolean({ summary: 'only FAILED partitions (same as --state FAILED)' }),
    'min-lag': int64Flag({
      summary: 'only partitions lagging by at least this many records',
      min: 0n,
      helpValue: '<records>',
    }),
    sort: Flags.option({
      summary: 'order of topics and partitions: by name and number, or largest lag first',
      options: DESCRIBE_SORTS,
      default: 'topic' as DescribeSort,
    })(),
    partitions: Flags.boolean({ summary: 'list every partition (same as -o wide)' }),
    watch: Flags.boolean({
      char: 'w',
      summary: 'refresh until Ctrl-C (redrawn in place on a terminal; one JSON document per line with --json)',
      description:
        'Without an explicit --timeout the watch runs until Ctrl-C (exit 0) and each refresh gets the default 30s budget; ' +
        'a refresh that fails after the first is reported on stderr and the watch goes on. With --timeout the whole watch ' +
        'ends when the budget runs out (exit 124), as for every command.',
    }),
    interval: Flags.custom<number>({
      summary: `seconds between --watch refreshes (default ${DEFAULT_INTERVAL_SECONDS})`,
      helpValue: '<seconds>',
      parse: async (input: string) => {
        const seconds = Number(input);
        if (!Number.isFinite(seconds) || seconds < 0.1)
          throw new UsageError(`--interval: '${input}' is not a number of seconds ≥ 0.1`, {
            hint: 'e.g. --interval 5',
          });
        return seconds;
      },
    })(),
  };

  async run(): Promise<DescribeReport | undefined> {
    const { argv } = await this.parse({
      args: Describe.args,
      flags: Describe.flags,
      baseFlags: Describe.baseFlags,
      enableJsonFlag: true,
      strict: false,
    });
    const names = argv.map(String);
    const filters = this.parseFilters();
    const sort = this.flags.sort as DescribeSort;
    if (this.flags.interval !== undefined && !this.flags.watch)
      throw new UsageError('--interval needs --watch', { hint: 'add --watch, or drop --interval' });

    if (this.flags.watch) return this.watch(names, filters, sort);
    const report = await this.describeOnce(await this.kafka(), names, filters, sort);
    // Masked here, field by field: the generic deep redaction costs seconds on 100,000 partitions.
    this.render(
      masked(report),
      (r, options) =>
        renderDescribe(r, { partitions: this.flags.partitions || options.wide, sort, filtered: isFiltered(filters) }),
      { showSecrets: true },
    );
    this.reportProblems(report);
    this.finish(report);
    return report;
  }

  private parseFilters(): DescribeFilters {
    try {
      const states = parseStates([...(this.flags.state ?? []), ...(this.flags.failed ? ['FAILED'] : [])]);
      return {
        topics: this.flags.topic ?? [],
        topicPatterns: parseTopicPatterns(this.flags['topic-pattern'] ?? []),
        states: [...new Set(states)],
        minLag: this.flags['min-lag'] ?? 0n,
      };
    } catch (err) {
      if (err instanceof FilterError) throw new UsageError(err.message, { hint: err.hint });
      throw err;
    }
  }

  private async describeOnce(
    client: KafkaClient,
    names: readonly string[],
    filters: DescribeFilters,
    sort: DescribeSort,
  ): Promise<DescribeReport> {
    const described = await describeMirrors(client, names);
    const shown = await withStoppedEndOffsets(client, applySort(applyFilters(described, filters), sort));
    const anyFailed = shown.mirrors.some((m) => m.summary.failing > 0);
    return { ...shown, retryMaxAttempts: anyFailed ? await failedRetryMaxAttempts(client) : null };
  }

  /** Warnings on stderr: brokers whose partitions are missing, mirrors the brokers refused. */
  private reportProblems(report: DescribeReport): void {
    for (const b of report.brokerWarnings)
      this.warning(`broker ${b.broker}: ${b.message} (its partitions may be missing from this view)`);
    for (const e of report.errors)
      this.warning(`mirror '${e.name}': ${kafkaError(e.errorCode).name} (${kafkaError(e.errorCode).message})`);
  }

  /** Exit code after the output: 6 for unknown names, the error's own for all-refused, 3 for partial. */
  private finish(report: DescribeReport): void {
    if (report.notFound.length === 1) throw new NotFoundError('mirror', report.notFound[0] as string);
    if (report.notFound.length > 1) {
      throw new KmirrorError(`mirrors not found: ${report.notFound.join(', ')}`, ExitCode.NotFound, {
        hint: 'kmirror list shows the mirrors this principal may describe; names are case-sensitive',
      });
    }
    const firstError = report.errors[0];
    if (firstError && report.mirrors.length === 0)
      throw new KafkaResponseError(firstError.errorCode, null, {
        api: 'DescribeClusterMirrors',
        mirror: firstError.name,
      });
    if (report.brokerWarnings.length > 0 || report.errors.length > 0) {
      const parts = [
        report.brokerWarnings.length > 0 ? `${report.brokerWarnings.length} broker problem(s)` : '',
        report.errors.length > 0 ? `${report.errors.length} mirror(s) refused` : '',
      ].filter(Boolean);
      throw new PartialFailureError(`the view is incomplete: ${parts.join(', ')}`, {
        succeeded: report.mirrors.length,
        failed: report.brokerWarnings.length + report.errors.length,
      });
    }
  }

  private timeoutGivenExplicitly(): boolean {
    const end = this.argv.indexOf('--');
    const args = end === -1 ? this.argv : this.argv.slice(0, end);
    return (
      args.some((a) => a === '--timeout' || a.startsWith('--timeout=')) || (process.env.KMIRROR_TIMEOUT ?? '') !== ''
    );
  }

  private async watch(
    names: readonly string[],
    filters: DescribeFilters,
    sort: DescribeSort,
  ): Promise<DescribeReport | undefined> {
    const intervalMs = Math.round((this.flags.interval ?? DEFAULT_INTERVAL_SECONDS) * 1000);
    const bounded = this.timeoutGivenExplicitly();
    const refreshDeadline = bounded ? undefined : new RefreshDeadline(DEFAULT_TIMEOUT_MS);
    // Set before the client exists: the client keeps the deadline it was built with.
    if (refreshDeadline) this.deadline = refreshDeadline;
    const client = await this.kafka();
    const tty = process.stdout.isTTY === true && this.outputFormat !== 'json' && this.outputFormat !== 'yaml';

    let stopRequested = false;
    let wake: (() => void) | undefined;
    const stopped = new Promise<'stopped'>((resolve) => {
      const onSignal = (): void => {
        stopRequested = true;
        wake?.();
        resolve('stopped');
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      this.removeSignalHandlers = () => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      };
    });

    let last: DescribeReport | undefined;
    try {
      for (let refresh = 0; !stopRequested; refresh++) {
        refreshDeadline?.restart();
        let outcome: DescribeReport | 'stopped';
        try {
          outcome = await Promise.race([this.describeOnce(client, names, filters, sort), stopped]);
        } catch (err) {
          // The first refresh must work (bad names, no mirroring, no access); later ones may hit a blip.
          if (refresh === 0 || (bounded && this.deadline.expired)) throw err;
          this.warning(`refresh failed: ${toFailure(err).message}; trying again in ${intervalMs / 1000}s`);
          await this.pause(intervalMs, bounded, (w) => (wake = w));
          continue;
        }
        if (outcome === 'stopped') break;
        last = outcome;
        this.emit(outcome, filters, sort, tty, intervalMs);
        this.reportProblems(outcome);
        if (refresh === 0 && outcome.notFound.length > 0) this.finish({ ...outcome, brokerWarnings: [], errors: [] });
        if (stopRequested) break;
        await this.pause(intervalMs, bounded, (w) => (wake = w));
      }
    } finally {
      this.removeSignalHandlers?.();
    }
    return last;
  }

  private removeSignalHandlers: (() => void) | undefined;

  /** Sleeps between refreshes; a signal wakes it early; an explicit --timeout ends the watch with 124. */
  private async pause(ms: number, bounded: boolean, setWake: (wake: () => void) => void): Promise<void> {
    const remaining = bounded ? this.deadline.remainingMs() : Infinity;
    const wait = Math.min(ms, remaining);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      setWake(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (bounded && this.deadline.expired) throw this.deadline.timeoutError('watching (--watch)');
  }

  private emit(
    report: DescribeReport,
    filters: DescribeFilters,
    sort: DescribeSort,
    tty: boolean,
    intervalMs: number,
  ): void {
    switch (this.outputFormat) {
      case 'json':
        this.renderJsonLine(masked(report), { showSecrets: true });
        return;
      case 'yaml':
        this.stdout.write(`---\n${formatYaml(masked(report))}`);
        return;
      default: {
        const text = renderDescribe(masked(report), {
          partitions: this.flags.partitions || this.outputFormat === 'wide',
          sort,
          filtered: isFiltered(filters),
        });
        const header = style.dim(
          `Every ${intervalMs / 1000}s: kmirror describe${this.argv.length > 0 ? ` ${this.argv.join(' ')}` : ''}  ${new Date().toISOString()}${tty ? '  (Ctrl-C to stop)' : ''}`,
        );
        // On a terminal: home the cursor and clear, then redraw; elsewhere one block per refresh.
        this.stdout.write(tty ? `\x1b[H\x1b[2J${header}\n\n${text}\n` : `${header}\n${text}\n\n`);
      }
    }
  }
}

/** Fills destinationOffset of STOPPED partitions from ListOffsets; failures become broker warnings. */
async function withStoppedEndOffsets(client: KafkaClient, result: DescribeResult): Promise<DescribeResult> {
  const wanted = new Map<string, number[]>();
  for (const m of result.mirrors) {
    for (const t of m.topics) {
      for (const p of t.partitions) {
        if (p.state !== 'STOPPED' || p.destinationOffset !== null) continue;
        let list = wanted.get(t.name);
        if (!list) wanted.set(t.name, (list = []));
        list.push(p.partition);
      }
    }
  }
  if (wanted.size === 0) return result;
  const { offsets, failures } = await readEndOffsets(client, wanted);
  const mirrors = result.mirrors.map((m) => ({
    ...m,
    topics: m.topics.map((t) => {
      const known = wanted.has(t.name) ? offsets.get(t.name) : undefined;
      if (!known) return t;
      const partitions = t.partitions.map((p): PartitionRow => {
        const end = p.state === 'STOPPED' && p.destinationOffset === null ? known.get(p.partition) : undefined;
        return end === undefined ? p : { ...p, destinationOffset: end, destinationOffsetSource: 'ListOffsets' };
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
  return { ...result, mirrors, brokerWarnings: [...result.brokerWarnings, ...warnings] };
}

/**
 * The report with secrets masked in its only free-text fields (broker error messages and
 * warnings); names, states and numbers cannot hold a secret. Untouched topics are shared.
 */
function masked(report: DescribeReport): DescribeReport {
  const mask = (text: string): string => redactText(text, { registeredSecrets: false });
  const mirrors = report.mirrors.map((m) => ({
    ...m,
    topics: m.topics.map((t) =>
      t.partitions.some((p) => p.errorMessage !== null)
        ? {
            ...t,
            partitions: t.partitions.map((p) =>
              p.errorMessage === null ? p : { ...p, errorMessage: mask(p.errorMessage) },
            ),
          }
        : t,
    ),
  }));
  return { ...report, mirrors, brokerWarnings: report.brokerWarnings.map((w) => ({ ...w, message: mask(w.message) })) };
}
