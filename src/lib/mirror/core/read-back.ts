// A state change whose answer was lost (the connection dropped or the wait ran out after the request
// had been written) may or may not have been applied, and sending it again is not harmless: a second
// Create answers "already exists", a second Start refuses the topics the first one started. The client
// does not resend such a request (its definition says `idempotent: false`) and throws AnswerLostError;
// the service that sent it reads the state back, because only it knows what "applied" means, and
// reports what happened: applied (a warning says the answer was lost and the state was read back), not
// applied (an error saying nothing changed), the real failure the read-back found (a same-named mirror
// with other settings), or unknown when even the read-back fails.

import { errors } from '../../kafka/error-codes.js';
import { AnswerLostError } from '../../kafka/errors.js';
import { MirrorError } from './errors.js';

export interface Applied<T> {
  readonly applied: T;
}
export interface NotApplied {
  /** Why the read-back says so, a short clause: "the mirror is not listed". */
  readonly notApplied: string;
}
/** The read-back found the real failure (a same-named mirror with other settings): reported as it is. */
export interface Conflict {
  readonly conflict: MirrorError;
}
export const applied = <T>(value: T): Applied<T> => ({ applied: value });
export const notApplied = (why: string): NotApplied => ({ notApplied: why });
export const conflict = (error: MirrorError): Conflict => ({ conflict: error });

/**
 * The answer a topic RPC would have given, made from a read-back that found the change in place for some
 * topics: no top-level error, `unchanged` each refused with `why` (UNKNOWN_SERVER_ERROR, as nothing better is
 * known), so the caller's per-topic handling reports them.
 */
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

/** How a service looks at the cluster after a lost answer. */
export interface ReadBack<T> {
  /** The requests it reads with, for the messages ("ListClusterMirrors and DescribeConfigs"). */
  readonly readWith: string;
  /** What to run to see for oneself when even the read-back fails. */
  readonly checkWith: string;
  /**
   * Reads the state: the outcome when the change is in place, or why it is not. Asked again a few times
   * while not in place: a broker may apply a change a moment after its answer was lost.
   */
  read(): Promise<Applied<T> | NotApplied | Conflict>;
}

const ATTEMPTS = 4;
const PAUSE_MS = 300;

/** The warning that goes with a change applied whose answer was lost. */
export function appliedAfterLostAnswer(lost: AnswerLostError, readWith: string): string {
  return (
    `${lost.apiName}: applied; the answer was lost (${lost.lost.message}) and the state was read back ` +
    `with ${readWith}`
  );
}

/** The change was not applied: its answer was lost, and the state read back shows nothing changed. */
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

/** Neither the answer nor the state could be read: whether the change happened is unknown. */
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

/**
 * Runs `send`; when its answer is lost, reads the state back instead of failing or resending: the
 * outcome of `readBack` when the change is in place (after `warn` says how it was learnt), otherwise
 * NotAppliedError or OutcomeUnknownError.
 */
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
