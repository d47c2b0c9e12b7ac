// A secret typed at the terminal without echo (a profile whose password is "ask me"), asked while the
// base command builds the connection; it sits in cli/ because cli/ may not import prompt/. Where nobody
// can be asked, the operator learns how else to give it.

import { UsageError } from '../failures/errors.js';

export async function askSecret(question: string, canPrompt: boolean): Promise<string> {
  if (!canPrompt) {
    throw new UsageError(`the profile asks for the ${question.replace(/:\s*$/, '')} on a terminal, and there is none`, {
      hint: 'set KMIRROR_SASL_PASSWORD, or pipe it in with --sasl-password-stdin',
    });
  }
  const { password } = await import('@inquirer/prompts');
  try {
    const answer = await password(
      { message: question, mask: false, validate: (value: string) => (value === '' ? 'empty' : true) },
      { clearPromptOnDone: false },
    );
    return answer;
  } catch (err) {
    if (err instanceof Error && (err.name === 'ExitPromptError' || err.name === 'AbortPromptError'))
      throw new UsageError('cancelled while asking for the password; nothing was sent');
    throw err;
  }
}
