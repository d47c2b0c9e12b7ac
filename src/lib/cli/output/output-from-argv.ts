// The output format of a run: -o/--output and --json as parsed, and as the words before `--` say when parsing
// failed (so a usage error still comes out as a JSON document when one was asked for).

import { UsageError } from '../failures/errors.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../flags/flags.js';
import { optionWords } from './option-words.js';

export function outputFromArgv(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const args = optionWords(argv);
  let found: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-o' || arg === '--output') found = args[i + 1];
    else if (arg.startsWith('--output=')) found = arg.slice('--output='.length);
    else if (arg.startsWith('-o=')) found = arg.slice(3);
    else if (/^-o[a-z]+$/.test(arg)) found = arg.slice(2);
  }
  return found ?? (env.KMIRROR_OUTPUT || undefined);
}

export function resolveOutputFormat(
  json: boolean | undefined,
  output: string | undefined,
  drawings: readonly string[] = [],
): OutputFormat {
  const formats: readonly string[] = [...OUTPUT_FORMATS, ...drawings];
  if (output !== undefined && !formats.includes(output)) {
    throw new UsageError(`unknown output format '${output}'`, { hint: `use one of ${formats.join(', ')}` });
  }
  const format = output as OutputFormat | undefined;
  if (json === true) {
    if (format !== undefined && format !== 'json') {
      throw new UsageError(`--json conflicts with -o ${format}`, {
        hint: 'use one of them (--json is the same as -o json)',
      });
    }
    return 'json';
  }
  return format ?? 'table';
}
