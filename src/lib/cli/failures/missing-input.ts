// oclif reports a missing argument or flag over several lines, which a terminal line shows with a literal \n:
// kmirror says in one line what is missing, then the usage line and one example.

import { UsageError } from './errors.js';
import { exampleCommands, type UsageFacts, usageLine } from './usage-line.js';

export interface MissingArg {
  readonly name?: string;
  readonly description?: string;
  readonly options?: readonly string[];
}

export interface MissingInputCommand extends UsageFacts {
  readonly flags?: Readonly<Record<string, { readonly summary?: string; readonly description?: string }>>;
}

function usageHint(bin: string, command: MissingInputCommand): string {
  // The shortest example: the hint is one line.
  const example = exampleCommands(bin, command).sort((a, b) => a.length - b.length)[0];
  return `usage: ${usageLine(bin, command)}${example ? `; for example: ${example}` : ''}`;
}

/** One line naming the arguments that are missing, the usage line and one example (exit 2). */
export function missingArguments(bin: string, command: MissingInputCommand, args: readonly MissingArg[]): UsageError {
  const named = args.filter((arg) => arg.name !== undefined);
  const what = named.map((arg) => {
    const about = [arg.options?.join('|'), arg.description].filter((part) => part !== undefined).join(': ');
    return `${(arg.name ?? '').toUpperCase()} (${about || 'required'})`;
  });
  const noun = named.length === 1 ? 'argument' : 'arguments';
  return new UsageError(`missing ${noun} ${what.join(', ')}`, { hint: usageHint(bin, command) });
}

export function withMissingInput(err: Error, bin: string, command: MissingInputCommand | undefined): Error {
  if (command === undefined) return err;
  const args = (err as { args?: unknown }).args;
  if (Array.isArray(args) && /^Missing \d+ required args?/.test(err.message))
    return missingArguments(bin, command, args as MissingArg[]);
  const flags = [...err.message.matchAll(/Missing required flag (\S+)/g)].map((m) => m[1] ?? '');
  if (flags.length > 0 && /^The following errors? occurred:/.test(err.message)) {
    const what = flags.map((name) => {
      const summary = command.flags?.[name]?.summary ?? command.flags?.[name]?.description;
      return summary ? `--${name} (${summary})` : `--${name}`;
    });
    return new UsageError(`missing flag ${what.join(', ')}`, { hint: usageHint(bin, command) });
  }
  return err;
}
