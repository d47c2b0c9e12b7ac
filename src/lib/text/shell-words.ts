// Words of a printed command, quoted for a POSIX shell only when needed.

export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:,=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
