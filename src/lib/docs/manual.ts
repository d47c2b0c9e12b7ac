// Man pages and the README command reference, generated from the oclif manifest (the same source
// as --help) at build time. Never edited by hand: a test regenerates them and compares.

import { Marked } from 'marked';
import markedMan from 'marked-man';
import type { ExampleRun, ExamplesFile } from './examples-file.js';

export interface ManifestFlag {
  readonly name: string;
  readonly summary?: string;
  readonly char?: string;
  readonly description?: string;
  readonly type: 'boolean' | 'option';
  readonly options?: readonly string[];
  readonly default?: unknown;
  readonly multiple?: boolean;
  readonly hidden?: boolean;
  readonly helpGroup?: string;
  readonly env?: string;
  readonly allowNo?: boolean;
  readonly helpValue?: string | string[];
}

export interface ManifestCommand {
  readonly id: string;
  readonly summary?: string;
  readonly description?: string;
  readonly hidden?: boolean;
  readonly usage?: string | string[];
  readonly examples?: readonly (string | { command: string; description: string })[];
  readonly args: Readonly<Record<string, { name: string; description?: string; required?: boolean }>>;
  readonly flags: Readonly<Record<string, ManifestFlag>>;
  readonly pluginName?: string;
}

export interface Manifest {
  readonly version: string;
  readonly commands: Readonly<Record<string, ManifestCommand>>;
}

const MAN_DATE = Date.UTC(2026, 10, 1);

export function pageName(id: string): string {
  return `kmirror-${id.replaceAll(':', '-')}`;
}

function commandLine(id: string): string {
  return `kmirror ${id.replaceAll(':', ' ')}`;
}

function flagUsage(flag: ManifestFlag): string {
  const names = [flag.char ? `-${flag.char}` : null, `--${flag.name}`].filter(Boolean).join(', ');
  if (flag.type === 'boolean') return flag.allowNo ? `${names}, --no-${flag.name}` : names;
  const value = flag.options ? flag.options.join('|') : String(flag.helpValue ?? '<value>');
  return `${names} ${value}`;
}

function flagText(flag: ManifestFlag): string {
  return [flag.summary, flag.description].filter((t): t is string => Boolean(t)).join('. ');
}

function example(e: string | { command: string; description: string }): string {
  const text = typeof e === 'string' ? e : `# ${e.description}\n${e.command}`;
  return text.replaceAll('<%= config.bin %>', 'kmirror').replaceAll('<%= command.id %>', '');
}

export function visibleCommands(manifest: Manifest): ManifestCommand[] {
  return Object.values(manifest.commands)
    .filter((c) => !c.hidden && (c.pluginName === undefined || c.pluginName === 'kmirror'))
    .sort((a, b) => a.id.localeCompare(b.id));
}

export function sessionText(runs: readonly ExampleRun[]): string {
  return runs
    .map((run) =>
      [
        `$ ${run.commandLine}`,
        ...(run.output ? [run.output] : []),
        ...(run.exitCode === 0 ? [] : [`[exit code ${String(run.exitCode)}]`]),
      ].join('\n'),
    )
    .join('\n\n');
}

const SESSION_INTRO =
  'A session recorded against emulated clusters (the emulator of kmirror playground), with its real output:';

function escapeMd(text: string): string {
  return text.replace(/([<>*_\\])/g, '\\$1');
}

function argsSynopsis(args: readonly { name: string; required?: boolean }[], mark = ''): string {
  return args
    .map((a) => {
      const name = `${mark}${a.name.toUpperCase()}${mark}`;
      return a.required ? ` ${name}` : ` [${name}...]`;
    })
    .join('');
}

export function commandMarkdown(
  command: ManifestCommand,
  exitCodes: string,
  session: readonly ExampleRun[] = [],
): string {
  const lines: string[] = [];
  lines.push(`# ${pageName(command.id)}(1) -- ${escapeMd(command.summary ?? '')}`, '');
  const args = Object.values(command.args);
  lines.push('## SYNOPSIS', '', `\`${commandLine(command.id)}\`${argsSynopsis(args, '*')} [*FLAGS*]`, '');
  if (command.description) lines.push('## DESCRIPTION', '', escapeMd(command.description), '');
  if (args.length > 0) {
    lines.push('## ARGUMENTS', '');
    for (const a of args) lines.push(`* *${a.name.toUpperCase()}*:`, `  ${escapeMd(a.description ?? '')}`, '');
  }
  const groups = new Map<string, ManifestFlag[]>();
  for (const flag of Object.values(command.flags)) {
    if (flag.hidden) continue;
    const group = flag.helpGroup ?? 'FLAGS';
    groups.set(group, [...(groups.get(group) ?? []), flag]);
  }
  for (const [group, flags] of [...groups].sort(([a], [b]) =>
    a === 'FLAGS' ? -1 : b === 'FLAGS' ? 1 : a.localeCompare(b),
  )) {
    lines.push(`## ${group.toUpperCase()}`, '');
    for (const flag of flags.sort((a, b) => a.name.localeCompare(b.name))) {
      const extra = [
        flag.env ? `env ${flag.env}` : null,
        flag.default !== undefined && flag.default !== false ? `default ${String(flag.default)}` : null,
      ].filter(Boolean);
      lines.push(
        `* \`${flagUsage(flag)}\`:`,
        `  ${escapeMd(flagText(flag))}${extra.length ? ` (${extra.join('; ')})` : ''}`,
        '',
      );
    }
  }
  const examples = command.examples ?? [];
  if (examples.length > 0 || session.length > 0) {
    lines.push('## EXAMPLES', '');
    for (const e of examples) lines.push('```', example(e), '```', '');
    if (session.length > 0) lines.push(SESSION_INTRO, '', '```', sessionText(session), '```', '');
  }
  lines.push('## EXIT STATUS', '', '```', exitCodes, '```', '');
  lines.push('## SEE ALSO', '', 'kmirror(1)', '');
  return lines.join('\n');
}

export function indexMarkdown(manifest: Manifest, exitCodes: string): string {
  const lines = [
    '# kmirror(1) -- manage Kafka Cluster Mirroring (KIP-1279)',
    '',
    '## SYNOPSIS',
    '',
    '`kmirror` *COMMAND* [*FLAGS*]',
    '',
  ];
  lines.push(
    '## DESCRIPTION',
    '',
    'kmirror creates and operates cluster mirrors: broker-native, offset-preserving replication from a ' +
      'source Kafka cluster into a destination cluster. Every command talks to the destination cluster given ' +
      "by --bootstrap-server, gates itself on the brokers' ApiVersions and the mirror.version feature before " +
      'sending anything, and prints tables for people or, with --json, one JSON document for scripts.',
    '',
  );
  lines.push('## COMMANDS', '');
  for (const c of visibleCommands(manifest))
    lines.push(`* \`${commandLine(c.id)}\`:`, `  ${sentence(escapeMd(c.summary ?? ''))} See ${pageName(c.id)}(1).`, '');
  lines.push('## EXIT STATUS', '', '```', exitCodes, '```', '');
  lines.push(
    '## SEE ALSO',
    '',
    visibleCommands(manifest)
      .map((c) => `${pageName(c.id)}(1)`)
      .join(', '),
    '',
  );
  return lines.join('\n');
}

function sentence(text: string): string {
  return text === '' || /[.!?:]$/.test(text) ? text : `${text}.`;
}

/** `.ad l`: a page justified to both margins cannot stretch a long unbroken list (man: "cannot adjust line"). */
function leftAligned(roff: string): string {
  const end = roff.indexOf('\n', roff.indexOf('.TH '));
  return end === -1 ? roff : `${roff.slice(0, end + 1)}.ad l\n${roff.slice(end + 1)}`;
}

export function toRoff(markdown: string, name: string, version: string): string {
  const marked = new Marked();
  marked.use({
    ...markedMan,
    name,
    section: '1',
    manual: 'kmirror manual',
    manVersion: version,
    date: MAN_DATE,
  } as Parameters<Marked['use']>[0]);
  return leftAligned(marked.parse(markdown, { async: false }) as string);
}

export function manualPages(manifest: Manifest, exitCodes: string, sessions: ExamplesFile = {}): Map<string, string> {
  const pages = new Map<string, string>();
  pages.set('kmirror.1', toRoff(indexMarkdown(manifest, exitCodes), 'kmirror', manifest.version));
  for (const c of visibleCommands(manifest)) {
    pages.set(
      `${pageName(c.id)}.1`,
      toRoff(commandMarkdown(c, exitCodes, sessions[c.id] ?? []), pageName(c.id), manifest.version),
    );
  }
  return pages;
}

export function readmeReference(manifest: Manifest, sessions: ExamplesFile = {}): string {
  const out: string[] = [];
  for (const c of visibleCommands(manifest)) {
    out.push(`### \`${commandLine(c.id)}\``, '', c.summary ?? '', '');
    const args = Object.values(c.args);
    out.push('```', `${commandLine(c.id)}${argsSynopsis(args)} [FLAGS]`, '```', '');
    const own = Object.values(c.flags).filter((f) => !f.hidden && (f.helpGroup ?? 'FLAGS') === 'FLAGS');
    if (own.length > 0) {
      out.push('| flag | meaning |', '|---|---|');
      for (const f of own.sort((a, b) => a.name.localeCompare(b.name)))
        out.push(
          `| \`${flagUsage(f)}\` | ` +
            `${(f.summary ?? f.description ?? '').replaceAll('|', '\\|').replaceAll('\n', ' ')} |`,
        );
      out.push('');
    }
    if (c.examples && c.examples.length > 0) {
      out.push('```sh', ...c.examples.map(example), '```', '');
    }
    const session = sessions[c.id] ?? [];
    if (session.length > 0)
      out.push(
        SESSION_INTRO.replace('kmirror playground', '`kmirror playground`'),
        '',
        '```console',
        sessionText(session),
        '```',
        '',
      );
  }
  return out.join('\n');
}
