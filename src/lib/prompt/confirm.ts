// Yes/no confirmation before a change. The flag comes first (--yes answers for the operator); a
// question is asked only when the command says a person can answer (BaseCommand.canPrompt);
// otherwise the command stops with exit 2 naming the flag, rather than hang or go ahead.

import { ConfirmationRequiredError, KmirrorError } from '../cli/failures/errors.js';
import { ExitCode } from '../cli/failures/exit-codes.js';

/** Streams and abort signal of a prompt (@inquirer's Context, without depending on its type package). */
export type PromptContext = Parameters<typeof import('@inquirer/prompts').confirm>[1];

export interface ConfirmOptions {
  /** From BaseCommand.canPrompt(): TTY both ways, not JSON/YAML, not CI. */
  readonly canPrompt: boolean;
  /** --yes was given: the answer is yes without asking. */
  readonly yes?: boolean;
  /** What would be done, for the refusal message ("add 4 topics to mirror m1"). */
  readonly action: string;
  /** The flag that answers for the operator; default --yes. */
  readonly flag?: string;
  /** Streams and abort signal for the prompt (tests inject them). */
  readonly context?: PromptContext;
  /** The prompt itself; tests may replace it. */
  readonly ask?: (config: { message: string; default?: boolean }, context?: PromptContext) => Promise<boolean>;
}

/** The operator pressed Ctrl-C or closed the terminal during a question: exit 130, like any interrupt. */
export class PromptCancelledError extends KmirrorError {
  override readonly name: string = 'PromptCancelledError';
  constructor() {
    super('cancelled at the question; nothing was changed', ExitCode.Interrupted);
  }
}

/** The operator answered no: not a failure to explain, one plain line (printed without "Error:"), exit 1. */
export class DeclinedError extends KmirrorError {
  override readonly name: string = 'DeclinedError';
  constructor() {
    super('Nothing was changed.', ExitCode.Error);
  }
}

/** @inquirer raises ExitPromptError on Ctrl-C and AbortPromptError when its signal fires. */
export function isPromptCancelled(err: unknown): boolean {
  return err instanceof Error && (err.name === 'ExitPromptError' || err.name === 'AbortPromptError');
}

/**
 * True when the action may go ahead: --yes, or the operator answered yes. False when the operator
 * answered no. Throws ConfirmationRequiredError (exit 2) when nobody can be asked and --yes is absent.
 */
export async function confirmAction(question: string, options: ConfirmOptions): Promise<boolean> {
  if (options.yes === true) return true;
  if (!options.canPrompt) throw new ConfirmationRequiredError(options.action, { flag: options.flag ?? '--yes' });
  // @inquirer/prompts loads only when someone is asked: most runs never prompt.
  const ask = options.ask ?? (async (config, context) => (await import('@inquirer/prompts')).confirm(config, context));
  try {
    // Enter alone is always "no": a change happens only when someone says yes.
    return await ask({ message: question, default: false }, options.context);
  } catch (err) {
    if (isPromptCancelled(err)) throw new PromptCancelledError();
    throw err;
  }
}
