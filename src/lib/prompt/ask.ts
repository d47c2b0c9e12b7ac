// The only code that reads the terminal: a flag's value wins, a prompt is shown only when BaseCommand.canPrompt
// allows, otherwise the missing flag is a usage error that names it.

import { UsageError } from '../cli/failures/errors.js';
import { PromptCancelledError, isPromptCancelled } from './confirm.js';

export interface PromptStreams {
  readonly input?: NodeJS.ReadableStream;
  readonly output?: NodeJS.WritableStream;
}

export type AnswerCheck = (value: string) => true | string;

export interface AskOptions {
  readonly value?: string | undefined;
  readonly canPrompt: boolean;
  readonly validate?: AnswerCheck;
  readonly default?: string;
  readonly secret?: boolean;
  readonly hint?: string;
  readonly streams?: PromptStreams;
}

export async function askFor(flagName: string, question: string, options: AskOptions): Promise<string> {
  const flag = `--${flagName}`;
  const validate = options.validate ?? (() => true);
  if (options.value !== undefined) {
    const verdict = validate(options.value);
    if (verdict !== true) throw new UsageError(`${flag}: ${verdict}`);
    return options.value;
  }
  if (!options.canPrompt) {
    throw new UsageError(`missing ${flag}`, {
      hint:
        `pass ${flag} (kmirror asks for it only on an interactive terminal, never with --json, --yes or CI ` +
        `set)${options.hint ? `; ${options.hint}` : ''}`,
    });
  }
  const prompts = await import('@inquirer/prompts');
  const context = { input: options.streams?.input, output: options.streams?.output, clearPromptOnDone: false };
  try {
    const config = {
      message: question,
      validate: (answer: string) => (answer.trim() === '' ? `${flagName} is required` : validate(answer.trim())),
    };
    const answer = options.secret
      ? await prompts.password({ ...config, mask: '*' }, context)
      : await prompts.input(
          { ...config, ...(options.default !== undefined ? { default: options.default } : {}) },
          context,
        );
    return answer.trim();
  } catch (err) {
    if (isPromptCancelled(err)) throw new PromptCancelledError();
    throw err;
  }
}
