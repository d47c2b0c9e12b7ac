// Mirror settings given as KEY=VALUE (create --config, config set KEY=VALUE) land in the shell history
// and the process list, so a secret among them (a password, sasl.jaas.config, a key) is refused unless
// --allow-secret-arg says so; --config-file FILE takes the same settings from a file, or from stdin.

import { readFileSync } from 'node:fs';
import * as Flags from '@oclif/core/flags';
import { PropertiesSyntaxError, parseProperties } from '../../connection/properties-file.js';
import { isSensitiveKey } from '../../connection/redact.js';
import { UsageError } from '../failures/errors.js';

export const settingSourceFlags = {
  'config-file': Flags.string({
    summary: 'mirror settings from a file of KEY=VALUE lines (properties syntax); - reads them from stdin',
    description:
      'The place for secrets (sasl.jaas.config, passwords): a file or a pipe leaves no trace in the shell history.',
    helpValue: '<file>',
  }),
  'allow-secret-arg': Flags.boolean({
    summary: 'accept a secret (a password, sasl.jaas.config, a key) given as a KEY=VALUE argument',
  }),
};

export function refuseSecretArgs(values: readonly string[], flag: string, allowed: boolean): void {
  if (allowed) return;
  for (const text of values) {
    const key = text.slice(0, Math.max(0, text.indexOf('='))).trim();
    if (key === '' || !isSensitiveKey(key)) continue;
    throw new UsageError(
      `${flag}: the value of ${key} is a secret, and given on the command line it stays in the shell ` +
        `history and the process list`,
      {
        hint:
          `put it in a file and pass --config-file FILE (KEY=VALUE lines), or pipe it in with ` +
          `--config-file -; --allow-secret-arg accepts it here anyway`,
      },
    );
  }
}

export async function settingsFile(path: string | undefined, readStdin: () => Promise<string>): Promise<string[]> {
  if (path === undefined) return [];
  let text: string;
  if (path === '-') {
    if (process.stdin.isTTY)
      throw new UsageError('--config-file - reads the settings from a pipe, but stdin is a terminal', {
        hint: 'pipe them in (e.g. < settings.properties), or give the file: --config-file FILE',
      });
    text = await readStdin();
  } else {
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read --config-file '${path}': ${(err as Error).message}`);
    }
  }
  const where = path === '-' ? 'stdin' : `'${path}'`;
  try {
    return [...parseProperties(text).values()].map((entry) => `${entry.key}=${entry.value}`);
  } catch (err) {
    if (err instanceof PropertiesSyntaxError)
      throw new UsageError(`--config-file ${where} line ${err.line}: ${err.message}`, {
        hint: 'write KEY=VALUE lines; a literal backslash is written \\\\',
      });
    throw err;
  }
}

export async function readStdinText(stream: NodeJS.ReadableStream = process.stdin): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
}
