// The only code that reads the terminal. Every question has a flag: the flag's value wins, a prompt
// is shown only when the caller says one is allowed (BaseCommand.canPrompt), and otherwise the
// missing flag is a usage error that names it (DESIGN.md "Contracts", oclif's getFlagOrPrompt).

import { UsageError } from '../cli/failures/errors.js';
import { PromptCancelledError, isPromptCancelled } from './confirm.js';

/** Streams a prompt reads and writes; tests inject their own instead of a TTY. */
export interface PromptStreams {
  readonly input?: NodeJS.ReadableStream;
  readonly output?: NodeJS.WritableStream;
}

/** A check on an answer (or a flag value): true when fine, else what is wrong. */
export type AnswerCheck = (value: string) => true | string;

export interface AskOptions {
  /** The flag's value, when the user gave one: it is checked and returned, never prompted for. */
  readonly value?: string | undefined;
  /** From BaseCommand.canPrompt(): a TTY both ways, not JSON/YAML, no --yes, not CI. */
  readonly canPrompt: boolean;
  readonly validate?: AnswerCheck;
  /** Pre-filled answer shown in the prompt. */
  readonly default?: string;
  /** Hide the typed characters (passwords). */
  readonly secret?: boolean;
  /** Added to the usage error when the flag is missing and nobody can be asked. */
  readonly hint?: string;
  readonly streams?: PromptStreams;
}

/**
 * The value for `--flagName`: the flag's own value (checked), else an answer typed at a prompt when
 * one may be shown, else a UsageError naming the flag.
 */
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
  // Loaded only when a prompt is shown, so the common non-interactive path stays fast.
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
