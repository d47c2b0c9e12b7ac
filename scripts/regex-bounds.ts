// The regular expressions of src/ that the ReDoS analyser does not pass, or cannot see, each with the reason its
// cost stays bounded (test/scripts/regex-safety.test.ts).

export interface RegexBound {
  readonly file: string;
  readonly source: string;
  readonly bound: string;
}

export const REGEX_BOUNDS: readonly RegexBound[] = [
  {
    file: 'src/lib/cli/failures/flag-suggestion.ts',
    source: String.raw`\n+Note: (--[\w-]+(?:, --[\w-]+)*) allow multiple values[\s\S]*?arguments\.(?=\n|$)`,
    bound: "oclif's own parse-error text, which holds one such note; each 'Note:' scan ends at the first 'arguments.'",
  },
  {
    file: 'src/lib/cli/flags/duration.ts',
    source: String.raw`(\d+(?:\.\d+)?)(ms|s|m|h)`,
    bound: 'run only on text the anchored check before it accepted, so every run of digits ends in a unit',
  },
  {
    file: 'src/lib/connection/redact.ts',
    source: String.raw`-----BEGIN ([A-Z0-9 ]{1,64})-----(?=\s*[A-Za-z0-9+/]{4})[\s\S]*?(?:-----END \1-----|$)`,
    bound:
      'a match that starts always ends (at its END or the end of the text), so the text is scanned once; the ' +
      'END test at each position reads at most the label, 64 characters. The fuzzing pass judged it both ways',
  },
  {
    file: 'src/lib/render/check.ts',
    source: String.raw` \(.*\)$`,
    bound: "kmirror's own command table (neededBy): fixed strings of under 80 characters",
  },
  {
    file: 'src/lib/connection/redact.ts',
    source: "new RegExp(escapeRegExp(secret), 'g')",
    bound: 'a literal string (every special character escaped): a linear search',
  },
  {
    file: 'src/lib/mirror/patterns/java-regex.ts',
    source: "new RegExp(`\\\\p{Script=${name}}`, 'u')",
    bound: 'compiled only, never run; the name is letters and underscores',
  },
  {
    file: 'src/lib/mirror/patterns/java-regex.ts',
    source: "new RegExp(`^(?:${body})$`, 'u')",
    bound: "the user's own topic pattern, run on topic names, which Kafka bounds at 249 characters",
  },
];
