// `kmirror describe` as text. The default view answers "how far behind, what is broken" per mirror
// (summary, per-topic roll-up, partitions needing attention); `--partitions` lists every partition.
// Everything here is linear in the number of partitions; the --partitions table is made line by line.

import { byLagDescending, type DescribeSort } from '../mirror/describe/describe-filters.js';
import { displayedStates, type PartitionRow, type Summary } from '../mirror/describe/lag.js';
import { orDash, stateColour, style } from './style.js';
import { renderTable, renderTableLines, type Column } from './table.js';
import type { FailureCauseGroup } from '../mirror/describe/failure-causes.js';
import { forTerminal } from '../text/terminal-safe.js';
import { formatDuration } from '../text/durations.js';
import type { MirrorDescription } from '../mirror/describe/describe-types.js';
import type { DescribeReport } from '../mirror/describe/describe-report.js';

export interface DescribeRenderOptions {
  readonly partitions: boolean;
  readonly sort: DescribeSort;
  readonly attentionLimit?: number;
  readonly failedLimit?: number;
  readonly filtered?: boolean;
  readonly reach?: string;
}

export const DEFAULT_ATTENTION_LIMIT = 10;

const DASH_NOTE = '- = not known: DescribeClusterMirrors reports offsets and lag only for MIRRORING partitions.';
const LIST_OFFSETS_NOTE =
  '* = destination log-end offset read with ListOffsets (the partition is STOPPED, so the mirror no longer ' +
  'reports it).';

const UNKNOWN_AGE_NOTE =
  '? = lag time unknown: the first record the destination lacks could not be read on the source (the warnings ' +
  'say why).';

class Footnotes {
  dash = false;
  listOffsets = false;
  unknownAge = false;

  age(row: PartitionRow): string {
    if (row.lagTimeMs === undefined) return this.value(null);
    if (row.lagTimeMs === null) {
      this.unknownAge = true;
      return '?';
    }
    return row.lagTimeMs === 0 ? '0s' : formatDuration(row.lagTimeMs);
  }

  value(v: bigint | null): string {
    if (v === null) this.dash = true;
    return orDash(v);
  }

  destination(row: PartitionRow): string {
    if (row.destinationOffsetSource === 'ListOffsets' && row.destinationOffset !== null) {
      this.listOffsets = true;
      return `${row.destinationOffset}*`;
    }
    return this.value(row.destinationOffset);
  }

  lines(): string[] {
    const out: string[] = [];
    if (this.dash) out.push(DASH_NOTE);
    if (this.listOffsets) out.push(LIST_OFFSETS_NOTE);
    if (this.unknownAge) out.push(UNKNOWN_AGE_NOTE);
    return out.map((l) => style.dim(l));
  }
}

export function retryText(attempt: number, max: number | null): string {
  if (attempt === -1) return 'non-retryable';
  if (attempt === 0) return '';
  return max === null ? String(attempt) : `${attempt}/${max}`;
}

/**
 * A partition no longer FAILED still carries the retry count and message of an earlier failure (every start
 * leaves one on the prototype broker): a healthy row shows no error.
 */
export function retryCell(row: { readonly state: string; readonly retryAttempt: number }, max: number | null): string {
  return row.state === 'FAILED' ? retryText(row.retryAttempt, max) : '';
}

function failureCell(row: { readonly state: string; readonly errorMessage: string | null }): string {
  return row.state === 'FAILED' ? (row.errorMessage ?? '') : '';
}

function failureCauseLines(causes: readonly FailureCauseGroup[]): string[] {
  const out: string[] = [];
  for (const c of causes) {
    const shown = c.partitions.slice(0, 3).join(', ') + (c.partitions.length > 3 ? ', …' : '');
    out.push(`  ${c.partitions.length} partition(s) (${shown}): ${c.summary}`);
    out.push(`    Recovery: ${c.recovery}`);
  }
  return out;
}

function statesLine(states: Readonly<Record<string, number>>): string {
  return displayedStates(states)
    .map(([state, n]) => `${n} ${stateColour(state)}`)
    .join(', ');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function lagText(summary: Summary, notes: Footnotes): { total: string; max: string } {
  const anyKnown = summary.partitions > summary.lagUnknown;
  return { total: anyKnown ? String(summary.totalLag) : notes.value(null), max: notes.value(summary.maxLag) };
}

function mirrorSummary(mirror: MirrorDescription, notes: Footnotes = new Footnotes()): string {
  const s = mirror.summary;
  const head =
    `${style.strong(`Mirror ${mirror.name}`)}: ${plural(s.partitions, 'partition')} in ` +
    `${plural(mirror.topics.length, 'topic')}`;
  if (s.partitions === 0) return head;
  const lag = lagText(s, notes);
  const failing = s.failing > 0 ? style.bad(`${s.failing} failing`) : '0 failing';
  return `${head} (${statesLine(s.states)}); total lag ${lag.total}, max lag ${lag.max}; ${failing}`;
}

function topicTable(mirror: MirrorDescription, notes: Footnotes): string {
  const columns: Column[] = [
    { header: 'TOPIC' },
    { header: 'PARTITIONS', align: 'right' },
    { header: 'STATES' },
    { header: 'TOTAL LAG', align: 'right' },
    { header: 'MAX LAG', align: 'right' },
  ];
  const rows = mirror.topics.map((t) => {
    const lag = lagText(t.summary, notes);
    return [t.name, String(t.summary.partitions), statesLine(t.summary.states), lag.total, lag.max];
  });
  return renderTable(columns, rows, style.header);
}

interface Located {
  readonly mirror: string;
  readonly topic: string;
  readonly row: PartitionRow;
}

function mostLagging(mirror: MirrorDescription, limit: number): { top: Located[]; lagging: number } {
  const top: Located[] = [];
  let lagging = 0;
  for (const topic of mirror.topics) {
    for (const row of topic.partitions) {
      if (row.lag === null || row.lag <= 0) continue;
      lagging++;
      if (top.length === limit) {
        if (limit === 0 || byLagDescending(row, (top[limit - 1] as Located).row) >= 0) continue;
        top.pop();
      }
      // Insertion into a list of at most `limit` entries keeps this linear in partitions.
      const entry: Located = { mirror: mirror.name, topic: topic.name, row };
      let i = top.length;
      top.push(entry);
      while (i > 0 && byLagDescending(row, (top[i - 1] as Located).row) < 0) {
        top[i] = top[i - 1] as Located;
        i--;
      }
      top[i] = entry;
    }
  }
  return { top, lagging };
}

function attention(
  mirror: MirrorDescription,
  limits: { lagging: number; failed: number },
  retryMax: number | null,
  notes: Footnotes,
  causes: readonly FailureCauseGroup[],
  wedged = 0,
): string[] {
  const failed: string[][] = [];
  let failedCount = 0;
  for (const topic of mirror.topics) {
    if (topic.summary.failing === 0) continue;
    for (const row of topic.partitions) {
      if (row.state !== 'FAILED') continue;
      failedCount++;
      if (failed.length < limits.failed)
        failed.push([topic.name, String(row.partition), retryText(row.retryAttempt, retryMax), row.errorMessage ?? '']);
    }
  }
  const { top, lagging } = mostLagging(mirror, limits.lagging);
  const out: string[] = [];
  if (failedCount > 0) {
    const shown = failed.length < failedCount ? `, ${failed.length} shown` : '';
    out.push(style.bad(`Failed partitions (${failedCount}${shown}):`));
    if (failed.length > 0)
      out.push(
        renderTable(
          [
            { header: 'TOPIC' },
            { header: 'PARTITION', align: 'right' },
            { header: 'RETRY' },
            { header: 'ERROR', fit: 'cut' },
          ],
          failed,
          style.header,
        ),
      );
    const mine = causes.filter((c) => c.mirror === mirror.name);
    if (mine.length > 0) out.push('', style.bad('Why, and what recovers them:'), ...failureCauseLines(mine));
  }
  if (lagging > 0) {
    if (out.length > 0) out.push('');
    const more =
      top.length === 0
        ? `: ${lagging} (none shown; see them with --partitions --sort lag)`
        : lagging > top.length
          ? ` (top ${top.length} of ${lagging}; see all with --partitions --sort lag):`
          : ':';
    out.push(style.warn(`Most lagging partitions${more}`));
    const withAge = top.some(({ row }) => row.lagTimeMs !== undefined);
    if (top.length > 0)
      out.push(
        renderTable(
          withAge ? LAGGING_COLUMNS : LAGGING_COLUMNS.filter((c) => c !== LAG_TIME_COLUMN),
          top.map(({ topic, row }) => [
            topic,
            String(row.partition),
            notes.value(row.sourceOffset),
            notes.destination(row),
            notes.value(row.lag),
            ...(withAge ? [notes.age(row)] : []),
            stateColour(row.state),
          ]),
          style.header,
        ),
      );
  }
  if (out.length === 0 && wedged > 0)
    out.push(style.bad(`No partition is FAILED or lagging, but ${wedged} topic(s) are wedged (below).`));
  else if (out.length === 0) out.push(style.ok('No partitions need attention.'));
  return out;
}

function mirrorView(
  mirror: MirrorDescription,
  options: DescribeRenderOptions,
  retryMax: number | null,
  notes: Footnotes,
  causes: readonly FailureCauseGroup[],
  wedged = 0,
): string {
  const out = [mirrorSummary(mirror, notes)];
  if (mirror.topics.length === 0) {
    out.push(
      options.filtered
        ? 'No partitions match the filters.'
        : `No topics yet. To preview the source topics a pattern would add: kmirror add-topics ` +
            `${mirror.name}${options.reach ?? ''} --pattern '.*' --dry-run`,
    );
    return out.join('\n');
  }
  out.push('', topicTable(mirror, notes), '');
  const limits = {
    lagging: options.attentionLimit ?? DEFAULT_ATTENTION_LIMIT,
    failed: options.failedLimit ?? Number.POSITIVE_INFINITY,
  };
  out.push(...attention(mirror, limits, retryMax, notes, causes, wedged));
  return out.join('\n');
}

const LAG_TIME_COLUMN: Column = { header: 'LAG TIME', align: 'right' };

const PARTITION_COLUMNS: Column[] = [
  { header: 'MIRROR' },
  { header: 'TOPIC' },
  { header: 'PARTITION', align: 'right' },
  { header: 'SOURCE OFFSET', align: 'right' },
  { header: 'DESTINATION OFFSET', align: 'right' },
  { header: 'LAG', align: 'right' },
  LAG_TIME_COLUMN,
  { header: 'STATE' },
  { header: 'FAILED RETRY' },
  { header: 'FAILURE', fit: 'cut' },
];

const LAGGING_COLUMNS = PARTITION_COLUMNS.filter((c) => !['MIRROR', 'FAILED RETRY', 'FAILURE'].includes(c.header));

function partitionTable(report: DescribeReport, sort: DescribeSort, notes: Footnotes = new Footnotes()): string {
  return [...partitionTableLines(report, sort, notes)].join('\n');
}

/** Lines made while they are written (a million partitions are never one text); rows are never kept. */
function partitionTableLines(report: DescribeReport, sort: DescribeSort, notes: Footnotes): Generator<string> {
  // LAG TIME only when some partition lags and its age was asked for (a view all caught up keeps its width).
  const withAge = report.mirrors.some((m) =>
    m.topics.some((t) => t.partitions.some((p) => p.lagTimeMs !== undefined && p.lag !== null && p.lag > 0n)),
  );
  const columns = withAge ? PARTITION_COLUMNS : PARTITION_COLUMNS.filter((c) => c !== LAG_TIME_COLUMN);
  // A state's cell is the same at every partition in it: made once per state (a few) in this render.
  const stateCells = new Map<string, string>();
  const stateCell = (state: string): string => {
    let cell = stateCells.get(state);
    if (cell === undefined) {
      cell = stateColour(state);
      if (stateCells.size < 64) stateCells.set(state, cell);
    }
    return cell;
  };
  // One array refilled for every row: a million partitions make no million arrays.
  const shared: string[] = [];
  const cells = (mirror: string, topic: string, row: PartitionRow): string[] => {
    shared[0] = mirror;
    shared[1] = topic;
    shared[2] = String(row.partition);
    shared[3] = notes.value(row.sourceOffset);
    shared[4] = notes.destination(row);
    shared[5] = notes.value(row.lag);
    const at = withAge ? 7 : 6;
    if (withAge) shared[6] = notes.age(row);
    shared[at] = stateCell(row.state);
    shared[at + 1] = retryCell(row, report.retryMaxAttempts);
    shared[at + 2] = failureCell(row);
    return shared;
  };
  if (sort !== 'lag') {
    return renderTableLines(
      columns,
      function* () {
        for (const m of report.mirrors)
          for (const t of m.topics) for (const row of t.partitions) yield cells(m.name, t.name, row);
      },
      style.header,
    );
  }
  const located: Located[] = [];
  for (const m of report.mirrors)
    for (const t of m.topics) for (const row of t.partitions) located.push({ mirror: m.name, topic: t.name, row });
  located.sort((a, b) => byLagDescending(a.row, b.row));
  return renderTableLines(
    columns,
    function* () {
      for (const { mirror, topic, row } of located) yield cells(mirror, topic, row);
    },
    style.header,
  );
}

export const PASSING_STATE_WORDS: Readonly<Record<string, string>> = {
  LOG_TRUNCATION:
    'starting to mirror. The broker checks that the source does not mirror this topic back from here (a loop), looks ' +
    "up where its log and the source's last agreed, and cuts off local records the source never had (after a " +
    'failback: what was written here after the failover). It takes well under a second; nothing to do.',
  EPOCH_FENCING:
    "the source's leader epoch moved past this partition's (a leader change there, or a failback). The broker " +
    'raises the local leader epoch so the mirrored records keep their order, then mirrors on. Nothing to do.',
};

export function passingStateNotes(report: Pick<DescribeReport, 'mirrors'>): string[] {
  const seen = new Map<string, number>();
  for (const m of report.mirrors)
    for (const state of Object.keys(PASSING_STATE_WORDS)) {
      const n = m.summary.states[state] ?? 0;
      if (n > 0) seen.set(state, (seen.get(state) ?? 0) + n);
    }
  return [...seen].map(
    ([state, n]) =>
      `${stateColour(state)} (${n} partition${n === 1 ? '' : 's'}, not failing): ${PASSING_STATE_WORDS[state] ?? ''}`,
  );
}

function* describeLines(report: DescribeReport, options: DescribeRenderOptions): Generator<string> {
  const notes = new Footnotes();
  if (report.mirrors.length === 0) {
    // Not-found names and broker failures are reported on stderr by the command.
    if (report.notFound.length === 0 && report.errors.length === 0)
      yield options.filtered ? 'No partitions match the filters.' : 'No mirrors.';
  } else if (options.partitions) {
    const total = report.mirrors.reduce((n, m) => n + m.summary.partitions, 0);
    if (total === 0) yield options.filtered ? 'No partitions match the filters.' : 'No mirror partitions.';
    else yield* partitionTableLines(report, options.sort, notes);
  } else {
    yield report.mirrors
      .map((m) =>
        mirrorView(
          m,
          options,
          report.retryMaxAttempts,
          notes,
          report.failureCauses,
          (report.wedged ?? []).filter((w) => w.mirror === m.name).length,
        ),
      )
      .join('\n\n');
  }
  const passing = passingStateNotes(report);
  if (passing.length > 0) yield* ['', ...passing];
  const footnotes = notes.lines();
  if (footnotes.length > 0) yield* ['', ...footnotes];
}

export const renderFailureCauses = forTerminal(failureCauseLines);

export const statesText = forTerminal(statesLine);

export const summaryLine = forTerminal(mirrorSummary);

export const renderPartitionTable = forTerminal(partitionTable);

export const renderDescribeLines = forTerminal(describeLines);

export const renderDescribe = forTerminal((report: DescribeReport, options: DescribeRenderOptions): string =>
  [...describeLines(report, options)].join('\n'),
);

export { Footnotes };
