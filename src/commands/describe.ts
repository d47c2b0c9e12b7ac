import * as Args from '@oclif/core/args';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { describeFlags, describeRequestOf } from '../lib/cli/flags/describe-flags.js';
import { terminalScreen, watchDeadline, watchFrame, watchLoop } from '../lib/cli/command/watch.js';
import { watchIntervalMs } from '../lib/cli/flags/watch-flags.js';
import { isFiltered } from '../lib/mirror/describe/describe-filters.js';
import {
  type DescribeReport,
  describeOutcomeError,
  describeWarnings,
  mapReportText,
} from '../lib/mirror/describe/describe-report.js';
import { describeOnce, describeRefresher } from '../lib/mirror/describe/describe-run.js';
import { describeViewFitting } from '../lib/render/describe-view.js';

/**
 * Cluster mirrors as merged from DescribeClusterMirrors answers of every broker. Filters (--topic,
 * --topic-pattern, --state, --failed, --min-lag) apply: topics without a matching partition are left
 * out and summaries are computed over what is shown. With --watch, one such document per line per
 * refresh.
 */
export type DescribeJson = DescribeReport;

export default class Describe extends BaseCommand<typeof Describe> {
  static override summary = 'Show the partitions of cluster mirrors: states, offsets, lag and errors';
  static override description =
    'Asks every broker of the destination cluster (each reports only the partitions it leads) and merges the ' +
    'answers. Without MIRROR names, describes every mirror. The default view shows per mirror a summary ' +
    '(partitions by state, total and max lag, failing partitions), a per-topic roll-up, the FAILED partitions ' +
    'with their retry count and error, and the most lagging partitions. --partitions (or -o wide) lists every ' +
    'partition instead. Offsets and lag are reported by the broker only for MIRRORING partitions (shown as -, ' +
    'null in JSON); for STOPPED partitions the destination log-end offset is read with ListOffsets from each ' +
    'partition leader. LAG TIME (lagTimeMs in JSON) is the age of the oldest record a lagging partition lacks, ' +
    'read with a small Fetch on the source (? and null when the source cannot be read from here). Exits 6 when ' +
    'a named mirror does not exist (the others are still shown), 3 when a broker ' +
    'did not answer (its partitions are missing and a warning names it).';
  static override examples = [
    '<%= config.bin %> describe -b localhost:9092',
    '<%= config.bin %> describe m1 -b localhost:9092 --failed',
    '<%= config.bin %> describe m1 -b localhost:9092 --partitions --sort lag --min-lag 1000',
    "<%= config.bin %> describe m1 -b localhost:9092 --topic-pattern 'orders-.*' --json",
    '<%= config.bin %> describe m1 -b localhost:9092 --watch --interval 5',
    '<%= config.bin %> describe m1 -b localhost:9092 --fail-on failing,lagging=100000',
  ];

  static override strict = false;

  static override args = {
    mirror: Args.string({ description: 'mirror name(s); all mirrors when none is given', required: false }),
  };

  static override flags = describeFlags;

  async run(): Promise<DescribeReport | undefined> {
    const { flags } = this;
    const request = describeRequestOf(this.argList, flags);
    const sourceCheck = await this.sourceCheck(flags);
    const intervalMs = watchIntervalMs(flags);
    const show = (report: DescribeReport, refreshFrame?: (text: string) => string): void => {
      // Lines made while written: the table of a million partitions is never one text.
      const view = { sort: request.sort, filtered: isFiltered(request.filters), reach: this.reachArgs() };
      // A frame redrawn in place fits the terminal, less the rows of watchFrame's header.
      const screen = refreshFrame && this.ttyText() ? terminalScreen() : undefined;
      const partitions = flags.partitions || this.outputFormat === 'wide';
      // Masked field by field: the generic deep redaction costs seconds on 100,000 partitions.
      const options = { maskText: mapReportText, warnings: describeWarnings(report), refreshFrame };
      this.render(report, (r, o) => describeViewFitting(r, { ...view, partitions }, screen, o.checkpoint), options);
    };
    if (!flags.watch) {
      const sleep = (ms: number) =>
        this.deadline.race(new Promise<void>((r) => setTimeout(r, ms)), 'waiting out --grace');
      const report = await describeOnce(await this.kafka(), request, { now: Date.now, sleep }, sourceCheck);
      show(report);
      const error = describeOutcomeError(report);
      if (error) throw error;
      return report;
    }
    this.deadline = watchDeadline(this.deadline, this.argv, process.env);
    const frame = {
      intervalMs,
      commandLine: ['kmirror describe', ...this.argv].join(' '),
      tty: this.ttyText(),
      utc: flags.utc,
    };
    return watchLoop({
      intervalMs,
      deadline: this.deadline,
      refresh: describeRefresher(await this.kafka(), request, Date.now, sourceCheck),
      show: (report, index) => {
        show(report, (text) => watchFrame(text, frame));
        const error = index === 0 ? describeOutcomeError(report, { namesOnly: true }) : null;
        if (error) throw error;
      },
      refreshFailed: (err, retryInMs) => this.refreshFailed(err, retryInMs),
      stale: (message) => this.warning(message),
      flushed: () => this.outputFlushed().then(() => ({ readerGone: this.outputClosed() })),
    });
  }
}
