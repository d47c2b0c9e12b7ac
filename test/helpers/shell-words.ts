// Splits a printed command back into words as a POSIX shell would for the quoting kmirror prints
// (bare words and single quotes, with '\'' for a quote inside), so tests can run "Next:" lines as printed.

export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let quoted = false;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] ?? '';
    if (quoted) {
      if (ch === "'") quoted = false;
      else word += ch;
    } else if (ch === "'") {
      quoted = true;
      started = true;
    } else if (ch === '\\' && i + 1 < command.length) {
      word += command[++i] ?? '';
      started = true;
    } else if (ch === ' ') {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += ch;
      started = true;
    }
  }
  if (quoted) throw new Error(`unterminated quote in: ${command}`);
  if (started) words.push(word);
  return words;
}
