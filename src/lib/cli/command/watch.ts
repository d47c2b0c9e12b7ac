// The one --watch loop: refresh, show, sleep, until Ctrl-C/SIGTERM (exit 0) or, with an explicit
// --timeout, until the budget runs out (exit 124). The first refresh must work (bad names, no
// mirroring, no access end the command); a later one that fails is reported and retried.

import { dim } from '../../text/paint.js';
import { optionWords } from '../output/option-words.js';
import { Deadline } from './deadline.js';
import { DEFAULT_TIMEOUT_MS } from '../flags/flags.js';
import { listenForStop } from './stop-signal.js';

/**
 * The budget of one refresh when --timeout was not given: the loop itself runs until Ctrl-C, but a
 * refresh that hangs (a broker gone silent) still ends after the default budget.
 */
export class RefreshDeadline extends Deadline {
  private refreshExpiresAt: number;

  constructor(budgetMs: number) {
    super(budgetMs);
    this.refreshExpiresAt = Date.now() + budgetMs;
  }

  restart(): void {
    this.refreshExpiresAt = Date.now() + this.budgetMs;
  }

  override remainingMs(): number {
    return this.ended ? 0 : Math.max(0, this.refreshExpiresAt - Date.now());
  }
}

/** Whether --timeout (or KMIRROR_TIMEOUT) was given: then it bounds the whole watch. */
export function timeoutGiven(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): boolean {
  return (
    optionWords(argv).some((a) => a === '--timeout' || a.startsWith('--timeout=')) || (env.KMIRROR_TIMEOUT ?? '') !== ''
  );
}

/**
 * The deadline of a watch: the command's own when --timeout was given (it bounds the whole watch),
 * else a budget per refresh. Set before the client is made, which keeps the deadline it is given.
 */
export function watchDeadline(
  current: Deadline,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Deadline {
  return timeoutGiven(argv, env) ? current : new RefreshDeadline(DEFAULT_TIMEOUT_MS);
}

export interface WatchOptions<R> {
  readonly intervalMs: number;
  /** The command's deadline: a RefreshDeadline restarted per refresh, or the explicit --timeout budget. */
  readonly deadline: Deadline;
  readonly refresh: () => Promise<R>;
  /** Prints one refresh; `index` 0 is the first. May throw to end the watch (e.g. names not found). */
  readonly show: (result: R, index: number) => void;
  /** A refresh after the first failed; the loop tries again after the interval. */
  readonly refreshFailed: (err: unknown, retryInMs: number) => void;
  /** A refresh is still unanswered when the next one is due: the view shown is getting old. */
  readonly stale?: (message: string) => void;
  /**
   * After each refresh shown: waits until its output has left the process (a slow reader holds the
   * next refresh back) and says whether the reader went away (`| head`): then the watch ends, exit 0.
   */
  readonly flushed?: () => Promise<{ readonly readerGone: boolean }>;
}

/** Runs the loop; returns the last result shown (undefined when stopped before the first). */
export async function watchLoop<R>(options: WatchOptions<R>): Promise<R | undefined> {
  const { intervalMs, deadline } = options;
  const bounded = !(deadline instanceof RefreshDeadline);
  let stopRequested = false;
  let wake: (() => void) | undefined;
  const signals = listenForStop();
  const stopped = signals.stopped.then((): 'stopped' => {
    stopRequested = true;
    wake?.();
    return 'stopped';
  });

  // Sleeps between refreshes; a signal wakes it early; an explicit --timeout ends the watch with 124.
  const pause = async (): Promise<void> => {
    const wait = Math.min(intervalMs, bounded ? deadline.remainingMs() : Infinity);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    if (bounded && deadline.expired) throw deadline.timeoutError('watching (--watch)');
  };

  let last: R | undefined;
  let lastShownAt: Date | undefined;
  try {
    for (let refresh = 0; !stopRequested; refresh++) {
      if (deadline instanceof RefreshDeadline) deadline.restart();
      let outcome: R | 'stopped';
      // A refresh still unanswered when the next one is due: the view on screen is getting old. Said
      // now, not when the refresh's own budget (30s by default) finally runs out.
      const shownAt = lastShownAt;
      const stale =
        shownAt === undefined || options.stale === undefined
          ? undefined
          : setTimeout(() => options.stale?.(staleWarning(intervalMs, shownAt)), intervalMs);
      try {
        outcome = await Promise.race([options.refresh(), stopped]);
      } catch (err) {
        if (refresh === 0 || (bounded && deadline.expired)) throw err;
        options.refreshFailed(err, intervalMs);
        await pause();
        continue;
      } finally {
        clearTimeout(stale);
      }
      // A refresh still pending is abandoned: its retries stop rather than hold the process open.
      if (outcome === 'stopped') {
        deadline.end();
        break;
      }
      last = outcome;
      lastShownAt = new Date();
      options.show(outcome, refresh);
      if (options.flushed && (await options.flushed()).readerGone) break;
      if (stopRequested) break;
      await pause();
    }
  } finally {
    signals.dispose();
  }
  return last;
}

function staleWarning(intervalMs: number, shownAt: Date): string {
  return (
    `no answer for ${intervalMs / 1000}s: the data shown is from ${shownAt.toISOString()} and may be stale; ` +
    'still waiting for the brokers'
  );
}

/** Rows of a terminal frame that are not the view: the header, the blank line after it, the cursor's line. */
export const WATCH_FRAME_ROWS = 3;

/** The terminal's size less `reserved` rows, for a view cut to fit; unbounded when the size is not known. */
export function terminalScreen(reserved = WATCH_FRAME_ROWS): { rows: number; columns: number; terminalRows?: number } {
  const rows = process.stdout.rows;
  const columns = process.stdout.columns;
  if (!rows) return { rows: Number.POSITIVE_INFINITY, columns: columns || Number.POSITIVE_INFINITY };
  return { rows: Math.max(1, rows - reserved), columns: columns || Number.POSITIVE_INFINITY, terminalRows: rows };
}

/**
 * The header's time, to the second: the operator's local time ("2026-12-02 15:04:05"), or UTC with --utc
 * ("2026-12-02 14:04:05 UTC"). The JSON documents keep their ISO UTC timestamps.
 */
export function headerTime(at: Date, utc: boolean): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  const [y, mo, d, h, mi, s] = utc
    ? [
        at.getUTCFullYear(),
        at.getUTCMonth() + 1,
        at.getUTCDate(),
        at.getUTCHours(),
        at.getUTCMinutes(),
        at.getUTCSeconds(),
      ]
    : [at.getFullYear(), at.getMonth() + 1, at.getDate(), at.getHours(), at.getMinutes(), at.getSeconds()];
  return `${y}-${two(mo)}-${two(d)} ${two(h)}:${two(mi)}:${two(s)}${utc ? ' UTC' : ''}`;
}

/** The text of one refresh: a header line, then on a terminal home-and-clear before it (redrawn in place). */
export function watchFrame(
  text: string,
  options: { intervalMs: number; commandLine: string; tty: boolean; columns?: number; utc?: boolean },
): string {
  const every = `Every ${options.intervalMs / 1000}s: `;
  const tail = `  ${headerTime(new Date(), options.utc === true)}${options.tty ? '  (Ctrl-C to stop)' : ''}`;
  const columns = options.columns ?? (options.tty ? process.stdout.columns : undefined);
  let command = options.commandLine;
  // On a terminal the header keeps to one row (the view below is cut to the rows left): the command
  // line gives way first, the time stays.
  if (options.tty && columns && every.length + command.length + tail.length > columns)
    command = `${command.slice(0, Math.max(0, columns - every.length - tail.length - 1))}…`;
  const header = dim(`${every}${command}${tail}`.slice(0, options.tty && columns ? columns : undefined));
  return options.tty ? `\x1b[H\x1b[2J${header}\n\n${text}\n` : `${header}\n${text}\n\n`;
}
