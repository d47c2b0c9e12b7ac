// The one --watch loop: refresh, show, sleep, until Ctrl-C/SIGTERM (exit 0) or, with an explicit
// --timeout, until the budget runs out (exit 124). The first refresh must work (bad names, no
// mirroring, no access end the command); a later one that fails is reported and retried.

import { dim } from '../../text/paint.js';
import { optionWords } from '../output/option-words.js';
import { Deadline } from './deadline.js';
import { DEFAULT_TIMEOUT_MS } from '../flags/flags.js';
import { listenForStop } from './stop-signal.js';

/** Without --timeout the watch runs until Ctrl-C, but a refresh that hangs still ends after the default budget. */
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

export function timeoutGiven(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): boolean {
  return (
    optionWords(argv).some((a) => a === '--timeout' || a.startsWith('--timeout=')) || (env.KMIRROR_TIMEOUT ?? '') !== ''
  );
}

export function watchDeadline(
  current: Deadline,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Deadline {
  return timeoutGiven(argv, env) ? current : new RefreshDeadline(DEFAULT_TIMEOUT_MS);
}

export interface WatchOptions<R> {
  readonly intervalMs: number;
  readonly deadline: Deadline;
  readonly refresh: () => Promise<R>;
  readonly show: (result: R, index: number) => void;
  readonly refreshFailed: (err: unknown, retryInMs: number) => void;
  readonly stale?: (message: string) => void;
  readonly flushed?: () => Promise<{ readonly readerGone: boolean }>;
}

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
      // A refresh still unanswered when the next one is due: said now, not when its own budget runs out.
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

export const WATCH_FRAME_ROWS = 3;

export function terminalScreen(reserved = WATCH_FRAME_ROWS): { rows: number; columns: number; terminalRows?: number } {
  const rows = process.stdout.rows;
  const columns = process.stdout.columns;
  if (!rows) return { rows: Number.POSITIVE_INFINITY, columns: columns || Number.POSITIVE_INFINITY };
  return { rows: Math.max(1, rows - reserved), columns: columns || Number.POSITIVE_INFINITY, terminalRows: rows };
}

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

export function watchFrame(
  text: string,
  options: { intervalMs: number; commandLine: string; tty: boolean; columns?: number; utc?: boolean },
): string {
  const every = `Every ${options.intervalMs / 1000}s: `;
  const tail = `  ${headerTime(new Date(), options.utc === true)}${options.tty ? '  (Ctrl-C to stop)' : ''}`;
  const columns = options.columns ?? (options.tty ? process.stdout.columns : undefined);
  let command = options.commandLine;
  // On a terminal the header keeps to one row: the command line gives way first, the time stays.
  if (options.tty && columns && every.length + command.length + tail.length > columns)
    command = `${command.slice(0, Math.max(0, columns - every.length - tail.length - 1))}…`;
  const header = dim(`${every}${command}${tail}`.slice(0, options.tty && columns ? columns : undefined));
  return options.tty ? `\x1b[H\x1b[2J${header}\n\n${text}\n` : `${header}\n${text}\n\n`;
}
