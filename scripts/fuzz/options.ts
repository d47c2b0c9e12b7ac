// The command line of `npm run fuzz`; --help runs nothing (the full run takes about nine minutes of CPU).

export const FUZZ_USAGE = `Usage: npm run fuzz -- [options]   (or: node dist/scripts/fuzz.js [options])

Damaged broker answers against the decoder and the real binary; exits 1 on any crash or hang.

Options:
  --ci              the short run CI does (2,000 frames per RPC, 50 binary runs), about a minute
  --seed N          replay a run (every run prints its seed)
  --frames N        mutated response frames per mirror RPC (default 1,000,000; --ci 2,000)
  --runs N          runs of bin/run.cjs against mutating brokers (default 2,000; --ci 50)
  --timeout-ms N    the --timeout of each binary run (default 2000)
  --parallel N      binary runs at a time (default 2)
  -h, --help        this text; nothing runs`;

export interface FuzzOptions {
  readonly ci: boolean;
  readonly seed: number;
  readonly framesPerApi: number;
  readonly runs: number;
  readonly timeoutMs: number;
  readonly parallel: number;
}

export type FuzzCommandLine =
  | { readonly kind: 'run'; readonly options: FuzzOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'bad'; readonly message: string };

const NUMBERED = ['--seed', '--frames', '--runs', '--timeout-ms', '--parallel'] as const;

export function parseFuzzArgs(argv: readonly string[], randomSeed: () => number): FuzzCommandLine {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const numbers = new Map<string, number>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--ci') continue;
    if (!(NUMBERED as readonly string[]).includes(arg)) return { kind: 'bad', message: `unknown option ${arg}` };
    const value = Number(argv[++i]);
    if (!Number.isSafeInteger(value) || value < 0)
      return { kind: 'bad', message: `${arg} takes a whole number, got ${argv[i] ?? 'nothing'}` };
    numbers.set(arg, value);
  }
  const ci = argv.includes('--ci');
  return {
    kind: 'run',
    options: {
      ci,
      seed: numbers.get('--seed') ?? randomSeed(),
      framesPerApi: numbers.get('--frames') ?? (ci ? 2000 : 1_000_000),
      runs: numbers.get('--runs') ?? (ci ? 50 : 2000),
      timeoutMs: numbers.get('--timeout-ms') ?? 2000,
      parallel: Math.max(1, numbers.get('--parallel') ?? 2),
    },
  };
}
