// Type-the-name confirmation for changes that cannot be undone (deleting a mirror): a y/n habit
// answers too easily, typing the name proves the operator looked at WHICH mirror (heroku's
// confirm-command). --yes answers for the operator; without a terminal and without --yes the
// command stops with exit 2 naming the flag.

import { ConfirmationRequiredError, KmirrorError } from '../cli/failures/errors.js';
import { ExitCode } from '../cli/failures/exit-codes.js';
import { PromptCancelledError, isPromptCancelled } from './confirm.js';

/** Streams and abort signal of a prompt (@inquirer's Context, without depending on its type package). */
export type NamePromptContext = Parameters<typeof import('@inquirer/prompts').input>[1];

export interface ConfirmByNameOptions {
  /** The name the operator must type, exactly (names are case-sensitive). */
  readonly name: string;
  /** From BaseCommand.canPrompt(): TTY both ways, not JSON/YAML, not CI. */
  readonly canPrompt: boolean;
  /** --yes was given: confirmed without asking. */
  readonly yes?: boolean;
  /** What would be done, for the refusal message ("delete mirror 'm1'"). */
  readonly action: string;
  /** The flag that answers for the operator; default --yes. */
  readonly flag?: string;
  /** Streams and abort signal for the prompt (tests inject them). */
  readonly context?: NamePromptContext;
  /** The prompt itself; tests may replace it. */
  readonly ask?: (config: { message: string }, context?: NamePromptContext) => Promise<string>;
}

/**
 * True when the action may go ahead: --yes, or the operator typed `name` exactly (surrounding
 * spaces ignored). False when they typed something else. Throws ConfirmationRequiredError (exit 2)
 * when nobody can be asked and --yes is absent.
 */
export async function confirmByName(question: string, options: ConfirmByNameOptions): Promise<boolean> {
  if (options.yes === true) return true;
  if (!options.canPrompt) throw new ConfirmationRequiredError(options.action, { flag: options.flag ?? '--yes' });
  // @inquirer/prompts loads only when someone is asked: most runs never prompt.
  const ask = options.ask ?? (async (config, context) => (await import('@inquirer/prompts')).input(config, context));
  try {
    const answer = await ask({ message: question }, options.context);
    return answer.trim() === options.name;
  } catch (err) {
    if (isPromptCancelled(err)) throw new PromptCancelledError();
    throw err;
  }
}

/** The failure when the name typed is not the one asked for: nothing was done. */
export function nameMismatch(name: string): KmirrorError {
  return new KmirrorError(`the name typed does not match '${name}'; nothing was deleted`, ExitCode.Error, {
    hint: 'type the mirror name exactly (names are case-sensitive), or pass --yes',
  });
}
