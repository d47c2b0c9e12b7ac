// The words of a command line that may be flags: those before `--` (after it, every word is an argument, even
// `--json`). For what must be known before oclif has parsed the flags, or when parsing failed.

export function optionWords(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf('--');
  return end === -1 ? argv : argv.slice(0, end);
}
