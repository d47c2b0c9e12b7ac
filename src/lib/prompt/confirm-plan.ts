// The one confirmation before sending a plan: on a terminal the preview goes to stdout and the question follows;
// when nobody can be asked and --yes is absent, the preview goes to stderr and the command stops with exit 2.

import { DeclinedError, type PromptContext, confirmAction } from './confirm.js';

export interface PlanConfirmation {
  readonly preview: string;
  readonly question: string;
  readonly action: string;
}

export interface PlanConfirmOptions {
  readonly canPrompt: boolean;
  readonly yes: boolean;
  readonly textOutput: boolean;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly context?: PromptContext;
  readonly cluster?: string;
}

export async function confirmPlan(
  confirmation: PlanConfirmation,
  options: PlanConfirmOptions,
): Promise<{ previewShown: boolean }> {
  let previewShown = false;
  if (options.canPrompt) {
    options.stdout.write(`${confirmation.preview}\n`);
    previewShown = true;
  } else if (!options.yes && options.textOutput) {
    options.stderr.write(`${confirmation.preview}\n`);
  }
  const question = options.cluster ? `On ${options.cluster}: ${confirmation.question}` : confirmation.question;
  const confirmed = await confirmAction(question, {
    canPrompt: options.canPrompt,
    yes: options.yes,
    action: confirmation.action,
    ...(options.context ? { context: options.context } : {}),
  });
  if (!confirmed) throw new DeclinedError();
  return { previewShown };
}
