// The process exit codes are a contract with scripts (DESIGN.md "Contracts"); they live here once
// and the help text is generated from the same rows so the two cannot drift.

export const ExitCode = {
  Ok: 0,
  Error: 1,
  Usage: 2,
  PartialFailure: 3,
  Unsupported: 4,
  Auth: 5,
  NotFound: 6,
  ConditionHolds: 7,
  Timeout: 124,
  Interrupted: 130,
  Terminated: 143,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export interface ExitCodeRow {
  readonly code: ExitCode;
  readonly description: string;
}

export const EXIT_CODES: readonly ExitCodeRow[] = [
  { code: ExitCode.Ok, description: 'success' },
  {
    code: ExitCode.Error,
    description: 'error (anything not listed below); also "no" at a confirmation (nothing changed)',
  },
  {
    code: ExitCode.Usage,
    description: 'usage error: bad flag, argument or file; or confirmation needed without a TTY',
  },
  {
    code: ExitCode.PartialFailure,
    description: 'partial failure: some topics or brokers failed (the output says which)',
  },
  {
    code: ExitCode.Unsupported,
    description: 'the cluster does not support or has not enabled Cluster Mirroring, or the --protocol has no such RPC',
  },
  { code: ExitCode.Auth, description: 'authentication or authorization failure' },
  { code: ExitCode.NotFound, description: 'mirror, topic or consumer group not found' },
  {
    code: ExitCode.ConditionHolds,
    description:
      'a condition named by --fail-on holds (describe, groups and diff checks); verify: a partition diverges or is ' +
      'missing on one side',
  },
  { code: ExitCode.Timeout, description: 'timed out (--timeout bounds the whole command, retries and waits included)' },
  {
    code: ExitCode.Interrupted,
    description:
      'interrupted by Ctrl-C (SIGINT), after saying what was done (also at a question); a --watch ended by Ctrl-C ' +
      'exits 0',
  },
  { code: ExitCode.Terminated, description: 'ended by SIGTERM, after saying what was done' },
];

export function exitCodeOfSignal(signal: NodeJS.Signals): ExitCode {
  return signal === 'SIGTERM' ? ExitCode.Terminated : ExitCode.Interrupted;
}

export function describeExitCode(code: number): string | undefined {
  return EXIT_CODES.find((row) => row.code === code)?.description;
}

export function exitCodesHelpText(indent = '  '): string {
  const width = Math.max(...EXIT_CODES.map((row) => String(row.code).length));
  return EXIT_CODES.map((row) => `${indent}${String(row.code).padStart(width)}  ${row.description}`).join('\n');
}
