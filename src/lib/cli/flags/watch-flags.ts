// The --watch and --interval flags of the commands that refresh (describe), and the interval they give.

import * as Flags from '@oclif/core/flags';
import { UsageError } from '../failures/errors.js';

const DEFAULT_INTERVAL_SECONDS = 2;

export const watchFlags = {
  watch: Flags.boolean({
    char: 'w',
    summary: 'refresh until Ctrl-C (redrawn in place on a terminal; one JSON document per line with --json)',
    description:
      'Without an explicit --timeout the watch runs until Ctrl-C (exit 0) and each refresh gets the default 30s ' +
      'budget; a refresh that fails after the first is reported on stderr and the watch goes on. With --timeout ' +
      'the whole watch ends when the budget runs out (exit 124), as for every command.',
  }),
  utc: Flags.boolean({ summary: 'show the --watch header time in UTC (default: local time; JSON is always UTC)' }),
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

export function watchIntervalMs(flags: { readonly watch: boolean; readonly interval?: number | undefined }): number {
  if (flags.interval !== undefined && !flags.watch)
    throw new UsageError('--interval needs --watch', { hint: 'add --watch, or drop --interval' });
  return Math.round((flags.interval ?? DEFAULT_INTERVAL_SECONDS) * 1000);
}
