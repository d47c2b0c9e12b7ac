// Yes/no confirmation before a change: --yes answers for the operator; with nobody to ask, exit 2 naming the flag.

import { ConfirmationRequiredError, KmirrorError } from '../cli/failures/errors.js';
import { ExitCode } from '../cli/failures/exit-codes.js';

export type PromptContext = Parameters<typeof import('@inquirer/prompts').confirm>[1];

export interface ConfirmOptions {
  readonly canPrompt: boolean;
  readonly yes?: boolean;
  readonly action: string;
  readonly flag?: string;
  readonly context?: PromptContext;
  readonly ask?: (config: { message: string; default?: boolean }, context?: PromptContext) => Promise<boolean>;
}

export class PromptCancelledError extends KmirrorError {
  override readonly name: string = 'PromptCancelledError';
  constructor() {
    super('cancelled at the question; nothing was changed', ExitCode.Interrupted);
  }
}

export class DeclinedError extends KmirrorError {
  override readonly name: string = 'DeclinedError';
  constructor() {
    super('Nothing was changed.', ExitCode.Error);
  }
}

export function isPromptCancelled(err: unknown): boolean {
  return err instanceof Error && (err.name === 'ExitPromptError' || err.name === 'AbortPromptError');
}

export async function confirmAction(question: string, options: ConfirmOptions): Promise<boolean> {
  if (options.yes === true) return true;
  if (!options.canPrompt) throw new ConfirmationRequiredError(options.action, { flag: options.flag ?? '--yes' });
  const ask = options.ask ?? (async (config, context) => (await import('@inquirer/prompts')).confirm(config, context));
  try {
    // Enter alone is always "no": a change happens only when someone says yes.
    return await ask({ message: question, default: false }, options.context);
  } catch (err) {
    if (isPromptCancelled(err)) throw new PromptCancelledError();
    throw err;
  }
}
