// `kmirror help connection`: the flags every command that reaches a cluster shares, once, from the manifest.

import type { Command } from '@oclif/core/command';
import { flagName, SHARED_GROUPS, usesConnection, wrapCommand, wrapWords } from './short-help.js';

export const CONNECTION_TOPIC = 'connection';
export const CONNECTION_TOPIC_SUMMARY = 'flags every command shares';

const GROUP_TITLES: Record<(typeof SHARED_GROUPS)[number], string> = {
  CONNECTION: 'CONNECTION (the destination cluster, where mirrors live)',
  TLS: 'TLS',
  SASL: 'SASL',
  GLOBAL: 'GLOBAL',
};

function describeFlag(flag: Command.Flag.Cached): string {
  const text = flag.summary ?? flag.description ?? '';
  return flag.env ? `${text} [env: ${flag.env}]` : text;
}

export function connectionHelp(bin: string, commands: readonly Command.Loadable[], width: number): string {
  const byName = new Map<string, Command.Flag.Cached>();
  for (const command of commands.filter(usesConnection))
    for (const flag of Object.values(command.flags ?? {}) as Command.Flag.Cached[])
      if (!flag.hidden && (SHARED_GROUPS as readonly string[]).includes(flag.helpGroup ?? ''))
        byName.set(flag.name, flag);
  const lines = wrapWords(
    '',
    'Flags every command that reaches a cluster takes. Precedence: flag > KMIRROR_* variable > --command-config ' +
      `file > saved profile (${bin} profile create, ${bin} profile use).`,
    width,
    0,
  );
  const nameWidth = 30;
  for (const group of SHARED_GROUPS) {
    const flags = [...byName.values()]
      .filter((f) => f.helpGroup === group)
      .sort((a, b) => a.name.localeCompare(b.name));
    if (flags.length === 0) continue;
    lines.push('', GROUP_TITLES[group]);
    for (const flag of flags) {
      const name = flagName(flag);
      const head = name.length > nameWidth - 4 ? [`  ${name}`] : [];
      const first = head.length > 0 ? ' '.repeat(nameWidth) : `  ${name}`.padEnd(nameWidth);
      const body = wrapWords(first, describeFlag(flag), width, nameWidth);
      lines.push(...head, ...body);
    }
  }
  lines.push(
    '',
    'EXAMPLES',
    ...[
      `${bin} list -b localhost:9092`,
      `${bin} list --command-config client.properties`,
      `${bin} profile create prod -b broker1:9093 --tls-ca ca.pem --sasl-mechanism scram-sha-512 ` +
        '--sasl-username admin --sasl-password-prompt',
      `KMIRROR_PROFILE=prod ${bin} describe`,
    ].flatMap((example) => wrapCommand(example, width, '  ')),
  );
  return `${lines.join('\n')}\n`;
}
