// Type-the-name confirmation for changes that cannot be undone: typing the name proves the operator looked at
// WHICH mirror; --yes answers for the operator, and without a terminal the command stops with exit 2.

import { ConfirmationRequiredError, KmirrorError } from '../cli/failures/errors.js';
import { ExitCode } from '../cli/failures/exit-codes.js';
import { PromptCancelledError, isPromptCancelled } from './confirm.js';

export type NamePromptContext = Parameters<typeof import('@inquirer/prompts').input>[1];

export interface ConfirmByNameOptions {
  readonly name: string;
  readonly canPrompt: boolean;
  readonly yes?: boolean;
  readonly action: string;
  readonly flag?: string;
  readonly context?: NamePromptContext;
  readonly ask?: (config: { message: string }, context?: NamePromptContext) => Promise<string>;
}

export async function confirmByName(question: string, options: ConfirmByNameOptions): Promise<boolean> {
  if (options.yes === true) return true;
  if (!options.canPrompt) throw new ConfirmationRequiredError(options.action, { flag: options.flag ?? '--yes' });
  const ask = options.ask ?? (async (config, context) => (await import('@inquirer/prompts')).input(config, context));
  try {
    const answer = await ask({ message: question }, options.context);
    return answer.trim() === options.name;
  } catch (err) {
    if (isPromptCancelled(err)) throw new PromptCancelledError();
    throw err;
  }
}

export function nameMismatch(name: string): KmirrorError {
  return new KmirrorError(`the name typed does not match '${name}'; nothing was deleted`, ExitCode.Error, {
    hint: 'type the mirror name exactly (names are case-sensitive), or pass --yes',
  });
}
