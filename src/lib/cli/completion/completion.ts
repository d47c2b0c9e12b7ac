// What to complete at the cursor, from the words typed so far and the manifest. Values on the cluster or in the
// profile file are looked up by `__complete`; the shells' scripts only print what it answers (as cobra does).

import { baseFlags } from '../flags/flags.js';

export interface CompletionFlag {
  readonly name: string;
  readonly char?: string;
  readonly type: 'boolean' | 'option';
  readonly options?: readonly string[];
  readonly hidden?: boolean;
  readonly summary?: string;
  readonly multiple?: boolean;
}

export interface CompletionCommand {
  readonly id: string;
  readonly hidden?: boolean;
  readonly summary?: string;
  readonly flags: Readonly<Record<string, CompletionFlag>>;
  readonly args: Readonly<Record<string, { readonly name: string; readonly options?: readonly string[] }>>;
  readonly strict?: boolean;
}

export interface Candidate {
  readonly value: string;
  readonly description?: string;
}

export type ValueSource =
  | { readonly kind: 'mirrors' }
  | { readonly kind: 'topics'; readonly command: string; readonly mirror?: string }
  | { readonly kind: 'profiles' }
  | { readonly kind: 'files' };

export interface CompletionPlan {
  readonly current: string;
  readonly candidates: readonly Candidate[];
  readonly source?: ValueSource;
  readonly command?: CompletionCommand;
}

const FILE_FLAGS = new Set([
  'command-config',
  'source-config',
  'topics-file',
  'config-file',
  'tls-ca',
  'tls-cert',
  'tls-key',
  'sasl-oauth-token-file',
]);

const FLAG_VALUES: Readonly<Record<string, readonly string[]>> = {
  'sasl-mechanism': ['plain', 'scram-sha-256', 'scram-sha-512', 'oauthbearer'],
  state: ['MIRRORING', 'PAUSED', 'FAILED', 'STOPPED', 'LOG_TRUNCATION', 'PAUSING', 'STOPPING', 'UNKNOWN'],
};

const PROFILE_ARGS = new Set(['profile:use', 'profile:show', 'profile:delete', 'profile:rename']);

function matching(candidates: readonly Candidate[], current: string): Candidate[] {
  return candidates.filter((c) => c.value.startsWith(current));
}

function flagOf(command: CompletionCommand, word: string): CompletionFlag | undefined {
  const flags = Object.values(command.flags);
  if (word.startsWith('--')) return flags.find((f) => f.name === word.slice(2));
  if (/^-[a-zA-Z]$/.test(word)) return flags.find((f) => f.char === word.slice(1));
  return undefined;
}

function resolveCommand(
  words: readonly string[],
  commands: readonly CompletionCommand[],
): { command?: CompletionCommand; used: number; prefix: string[] } {
  const prefix: string[] = [];
  for (const word of words) {
    if (word.startsWith('-')) break;
    const id = [...prefix, word].join(':');
    if (!commands.some((c) => c.id === id || c.id.startsWith(`${id}:`))) break;
    prefix.push(word);
    if (commands.some((c) => c.id === id) && !commands.some((c) => c.id.startsWith(`${id}:`))) break;
  }
  const command = commands.find((c) => c.id === prefix.join(':'));
  return { ...(command ? { command } : {}), used: prefix.length, prefix };
}

function commandCandidates(
  prefix: readonly string[],
  commands: readonly CompletionCommand[],
  topics: Readonly<Record<string, string>>,
): Candidate[] {
  const seen = new Map<string, Candidate>();
  for (const c of commands) {
    if (c.hidden) continue;
    const parts = c.id.split(':');
    if (parts.length <= prefix.length || prefix.some((p, i) => parts[i] !== p)) continue;
    const next = parts[prefix.length] as string;
    const topicId = parts.slice(0, prefix.length + 1).join(':');
    const description = parts.length === prefix.length + 1 ? c.summary : topics[topicId];
    if (!seen.has(next)) seen.set(next, { value: next, ...(description ? { description } : {}) });
  }
  return [...seen.values()].sort((a, b) => a.value.localeCompare(b.value));
}

function valuesOf(flag: CompletionFlag, command: CompletionCommand, positionals: readonly string[]): CompletionPlan {
  const fixed = flag.options ?? FLAG_VALUES[flag.name];
  if (fixed) return { current: '', candidates: fixed.map((value) => ({ value })), command };
  if (FILE_FLAGS.has(flag.name)) return { current: '', candidates: [], source: { kind: 'files' }, command };
  if (flag.name === 'profile') return { current: '', candidates: [], source: { kind: 'profiles' }, command };
  if (flag.name === 'topic') {
    const mirror = Object.keys(command.args)[0] === 'mirror' ? positionals[0] : undefined;
    return {
      current: '',
      candidates: [],
      source: { kind: 'topics', command: command.id, ...(mirror ? { mirror } : {}) },
      command,
    };
  }
  return { current: '', candidates: [], command };
}

export function planCompletion(
  words: readonly string[],
  commands: readonly CompletionCommand[],
  topics: Readonly<Record<string, string>> = {},
): CompletionPlan {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const { command, used, prefix } = resolveCommand(before, commands);
  if (!command) {
    if (current.startsWith('-')) return { current, candidates: [] };
    return { current, candidates: matching(commandCandidates(prefix, commands, topics), current) };
  }

  const positionals: string[] = [];
  let expecting: CompletionFlag | undefined;
  for (const word of before.slice(used)) {
    if (expecting) {
      expecting = undefined;
      continue;
    }
    if (word === '--') continue;
    const flag = word.includes('=') ? undefined : flagOf(command, word);
    if (flag) expecting = flag.type === 'option' ? flag : undefined;
    else if (!word.startsWith('-')) positionals.push(word);
  }
  if (expecting) {
    const plan = valuesOf(expecting, command, positionals);
    return { ...plan, current, candidates: matching(plan.candidates, current) };
  }

  if (current.startsWith('-')) {
    const given = new Set(before.slice(used));
    const flags: Candidate[] = Object.values(command.flags)
      .filter((f) => !f.hidden && (f.multiple || !given.has(`--${f.name}`)))
      .map((f) => ({ value: `--${f.name}`, ...(f.summary ? { description: f.summary } : {}) }))
      .sort((a, b) => a.value.localeCompare(b.value));
    return {
      current,
      candidates: matching([...flags, { value: '--help', description: 'show help' }], current),
      command,
    };
  }

  const args = Object.values(command.args);
  const arg = args[positionals.length] ?? (command.strict === false ? args.at(-1) : undefined);
  if (!arg) return { current, candidates: [], command };
  if (arg.options)
    return {
      current,
      candidates: matching(
        arg.options.map((value) => ({ value })),
        current,
      ),
      command,
    };
  if (PROFILE_ARGS.has(command.id)) return { current, candidates: [], source: { kind: 'profiles' }, command };
  if (arg.name === 'mirror' || arg.name === 'mirrors')
    return { current, candidates: [], source: { kind: 'mirrors' }, command };
  return { current, candidates: [], command };
}

export function withValues(plan: CompletionPlan, values: readonly string[]): Candidate[] {
  const found = [...new Set(values)].sort().map((value) => ({ value }));
  return [...plan.candidates, ...matching(found, plan.current)];
}

export function formatCompletion(
  candidates: readonly Candidate[],
  options: { files: boolean; descriptions: boolean },
): string {
  const lines = candidates.map((c) =>
    options.descriptions && c.description ? `${c.value}\t${c.description.replace(/\s+/g, ' ')}` : c.value,
  );
  return `${[...lines, options.files ? ':files' : ':none'].join('\n')}\n`;
}

export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  words.push(inWord ? word : '');
  return words;
}

const REACH = new Set([
  'bootstrap-server',
  'command-config',
  'sasl-mechanism',
  'sasl-username',
  'sasl-oauth-token-file',
  'tls',
  'tls-ca',
  'tls-cert',
  'tls-key',
  'tls-insecure',
  'profile',
  'timeout',
  'api-keys',
]);

export function connectionWords(words: readonly string[]): string[] {
  const flags = Object.entries(baseFlags).map(([name, flag]) => ({
    name,
    char: (flag as { char?: string }).char,
    takesValue: (flag as { type: string }).type === 'option',
  }));
  const out: string[] = [];
  const typed = words.slice(0, -1);
  for (let i = 0; i < typed.length; i++) {
    const word = typed[i] as string;
    const [nameWithDashes, inline] = word.split(/=(.*)/s, 2) as [string, string | undefined];
    const flag = flags.find(
      (f) =>
        `--${f.name}` === nameWithDashes ||
        `--no-${f.name}` === nameWithDashes ||
        (f.char && `-${f.char}` === nameWithDashes),
    );
    if (!flag || !REACH.has(flag.name)) continue;
    if (!flag.takesValue || inline !== undefined) out.push(word);
    else if (i + 1 < typed.length) out.push(word, typed[++i] as string);
  }
  return out;
}
