// A secret typed at the terminal without echo (a profile whose password is "ask me"). Where nobody
// can be asked, the operator learns how else to give it.

import { UsageError } from '../cli/errors.js';
import { PromptCancelledError, isPromptCancelled } from './confirm.js';
import type { PromptStreams } from './ask.js';

export async function askSecret(question: string, canPrompt: boolean, streams: PromptStreams = {}): Promise<string> {
  if (!canPrompt) {
    throw new UsageError(`the profile asks for the ${question.replace(/:\s*$/, '')} on a terminal, and there is none`, {
      hint: 'set KMIRROR_SASL_PASSWORD, or pipe it in with --sasl-password-stdin',
    });
  }
  const { password } = await import('@inquirer/prompts');
  try {
    const answer = await password(
      { message: question, mask: false, validate: (value: string) => (value === '' ? 'empty' : true) },
      { input: streams.input, output: streams.output, clearPromptOnDone: false },
    );
    return answer;
  } catch (err) {
    if (isPromptCancelled(err)) throw new PromptCancelledError();
    throw err;
  }
}
