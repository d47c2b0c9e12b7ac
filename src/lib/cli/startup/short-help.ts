// The help `-h`/`--help` shows: one screen. The long descriptions stay in `--help --verbose` and the man pages.

import type { Command } from '@oclif/core/command';
import { exampleCommands, usageLine } from '../failures/usage-line.js';

type Flag = Command.Flag.Cached;
type Arg = Command.Arg.Cached;

export const SHARED_GROUPS = ['CONNECTION', 'TLS', 'SASL', 'GLOBAL'] as const;

export function usesConnection(command: Command.Loadable): boolean {
  const facts = command as Command.Loadable & { appliesProfile?: unknown; savesConnection?: unknown };
  return facts.appliesProfile === undefined || facts.appliesProfile === true || facts.savesConnection === true;
}

export function flagName(flag: Flag): string {
  const short = flag.char ? `-${flag.char}, ` : '    ';
  const long = flag.type === 'boolean' && flag.allowNo ? `--[no-]${flag.name}` : `--${flag.name}`;
  if (flag.type === 'boolean') return short + long;
  const value = flag.options ? flag.options.join('|') : String(flag.helpValue ?? '<value>');
  return `${short}${long} ${value}${flag.multiple ? '...' : ''}`;
}

export function fitLine(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(1, width - 1)).join('')}…`;
}

export function wrapCommand(command: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = indent;
  for (const word of command.split(' ')) {
    const candidate = line.trim() === '' ? line + word : `${line} ${word}`;
    if (candidate.length + 2 > width && line.trim() !== '') {
      lines.push(`${line} \\`);
      line = `${indent}    ${word}`;
    } else line = candidate;
  }
  lines.push(line);
  return lines;
}

export function wrapWords(prefix: string, text: string, width: number, indent: number): string[] {
  const lines: string[] = [];
  let line = prefix;
  let empty = true;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + word;
    } else line = empty ? line + word : `${line} ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

function twoColumns(rows: Array<[string, string]>, width: number): string[] {
  const left = Math.min(Math.max(...rows.map(([name]) => name.length)), 34);
  return rows.map(([name, text]) => {
    const padded = name.length > left ? `${name}  ` : name.padEnd(left + 2);
    return fitLine(`  ${padded}${text}`, width);
  });
}

export function shortCommandHelp(bin: string, command: Command.Loadable, width: number): string {
  const lines: string[] = [];
  const summary = command.summary ?? command.description?.split('\n')[0] ?? '';
  lines.push(...wrapWords('', summary, width, 0), '', `USAGE`, `  ${usageLine(bin, command)}`);
  const args = Object.values(command.args ?? {}) as Arg[];
  if (args.length > 0) {
    lines.push('', 'ARGUMENTS');
    lines.push(
      ...twoColumns(
        args.map((arg) => [arg.name.toUpperCase(), arg.description ?? '']),
        width,
      ),
    );
  }
  const examples = exampleCommands(bin, command);
  if (examples.length > 0) {
    lines.push('', 'EXAMPLES');
    for (const example of examples) lines.push(...wrapCommand(example, width, '  '));
  }
  const own = (Object.values(command.flags ?? {}) as Flag[]).filter(
    (flag) => !flag.hidden && !(SHARED_GROUPS as readonly string[]).includes(flag.helpGroup ?? ''),
  );
  if (own.length > 0) {
    lines.push('', 'FLAGS');
    const sorted = [...own].sort((a, b) => a.name.localeCompare(b.name));
    lines.push(
      ...twoColumns(
        sorted.map((flag) => [flagName(flag), flag.summary ?? flag.description ?? '']),
        width,
      ),
    );
  }
  const id = command.id.replaceAll(':', ' ');
  lines.push(
    '',
    usesConnection(command)
      ? `Shared flags (-b, --profile, TLS, SASL, -o, --timeout): ${bin} help connection`
      : 'Output: -o table|wide|json|yaml or --json',
    `More: ${bin} ${id} --help --verbose (or man ${bin}-${command.id.replaceAll(':', '-')})`,
  );
  return `${lines.join('\n')}\n`;
}
