// A state change whose answer was lost may or may not have been applied, and resending is not harmless
// (a second Create answers "already exists"). The client throws AnswerLostError; the service that sent
// it reads the state back, because only it knows what "applied" means.

import { errors } from '../../kafka/error-codes.js';
import { AnswerLostError } from '../../kafka/errors.js';
import { MirrorError } from './errors.js';

export interface Applied<T> {
  readonly applied: T;
}
export interface NotApplied {
  readonly notApplied: string;
}
export interface Conflict {
  readonly conflict: MirrorError;
}
export const applied = <T>(value: T): Applied<T> => ({ applied: value });
export const notApplied = (why: string): NotApplied => ({ notApplied: why });
export const conflict = (error: MirrorError): Conflict => ({ conflict: error });

/** Unchanged topics are each refused with UNKNOWN_SERVER_ERROR, as nothing better is known. */
export function answerFromReadBack(
  unchanged: readonly string[],
  why: string,
): {
  ThrottleTimeMs: number;
  ErrorCode: number;
  ErrorMessage: string | null;
  Topics: { Name: string; ErrorCode: number; ErrorMessage: string | null }[];
} {
  return {
    ThrottleTimeMs: 0,
    ErrorCode: 0,
    ErrorMessage: null,
    Topics: unchanged.map((Name) => ({ Name, ErrorCode: errors.UNKNOWN_SERVER_ERROR.code, ErrorMessage: why })),
  };
}

export interface ReadBack<T> {
  readonly readWith: string;
  readonly checkWith: string;
  /** Asked again a few times: a broker may apply a change a moment after its answer was lost. */
  read(): Promise<Applied<T> | NotApplied | Conflict>;
}

const ATTEMPTS = 4;
const PAUSE_MS = 300;

export function appliedAfterLostAnswer(lost: AnswerLostError, readWith: string): string {
  return (
    `${lost.apiName}: applied; the answer was lost (${lost.lost.message}) and the state was read back ` +
    `with ${readWith}`
  );
}

export class NotAppliedError extends MirrorError {
  override readonly name: string = 'NotAppliedError';
  constructor(lost: AnswerLostError, readWith: string, why: string) {
    super(
      `${lost.apiName} was sent to ${lost.broker} but no answer came (${lost.lost.message}); the state read ` +
        `back with ${readWith} shows it was not applied: ${why}`,
      'failed',
      { hint: 'nothing was changed: run the command again', cause: lost },
    );
  }
}

export class OutcomeUnknownError extends MirrorError {
  override readonly name: string = 'OutcomeUnknownError';
  constructor(lost: AnswerLostError, readWith: string, checkWith: string, readError: unknown) {
    const why = readError instanceof Error ? readError.message : String(readError);
    super(
      `${lost.apiName} was sent to ${lost.broker} but no answer came (${lost.lost.message}), and reading ` +
        `the state back with ${readWith} failed too (${why}): kmirror cannot tell whether it was applied`,
      'failed',
      { hint: `see what happened with ${checkWith} before running the command again`, cause: lost },
    );
  }
}

export async function sendOrReadBack<T>(
  send: () => Promise<T>,
  readBack: ReadBack<T>,
  warn: (message: string) => void,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof AnswerLostError)) throw err;
    let why = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      let state: Applied<T> | NotApplied | Conflict;
      try {
        state = await readBack.read();
      } catch (readError) {
        throw new OutcomeUnknownError(err, readBack.readWith, readBack.checkWith, readError);
      }
      if ('conflict' in state) throw state.conflict;
      if ('applied' in state) {
        warn(appliedAfterLostAnswer(err, readBack.readWith));
        return state.applied;
      }
      why = state.notApplied;
      if (attempt < ATTEMPTS) await sleep(PAUSE_MS * attempt);
    }
    throw new NotAppliedError(err, readBack.readWith, why);
  }
}
