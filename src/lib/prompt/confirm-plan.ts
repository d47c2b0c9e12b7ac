// The one confirmation before sending a plan (remove-topics stops topics, add-topics starts topics a
// pattern selected): on a terminal the preview goes to stdout and the question follows; when nobody
// can be asked and --yes is absent, text output shows the preview on stderr (what was refused) and
// the command stops with exit 2. A "no" ends the command before anything is sent.

import { DeclinedError, type PromptContext, confirmAction } from './confirm.js';

export interface PlanConfirmation {
  /** What would be sent, as the renderer shows it. */
  readonly preview: string;
  readonly question: string;
  /** What would be done, for the refusal message ("stop mirroring 2 topic(s) of mirror 'm1'"). */
  readonly action: string;
}

export interface PlanConfirmOptions {
  readonly canPrompt: boolean;
  readonly yes: boolean;
  /** Table or wide output (a JSON/YAML document never gets the preview). */
  readonly textOutput: boolean;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly context?: PromptContext;
  /** The cluster the plan acts on (profile or bootstrap): the question names it. */
  readonly cluster?: string;
}

/** Resolves when the plan may be sent, with whether the preview was shown on stdout. */
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
