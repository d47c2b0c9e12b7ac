// Ctrl-C or SIGTERM while a state change is unanswered: the client stops waiting for the answer and
// treats it as lost (the broker may have applied the change), so the service reads the state back and
// the command reports what happened instead of dying blind. The process side lives in cli/.

/** What the client needs of the process's interrupt handling (a value handed to it, like the deadline). */
export interface ChangeInterrupts {
  /** Resolves with the first SIGINT or SIGTERM; never rejects. */
  readonly interrupted: Promise<NodeJS.Signals>;
  /** The signal once it came: no new state change is sent after it. */
  readonly signal: NodeJS.Signals | undefined;
  /** A state change was handed to the connection (so what is unknown can be named). */
  changeSent(api: string, broker: string): void;
  /** Its answer came, or its failure is known. */
  changeEnded(): void;
}

/** A state change not sent because the command was interrupted before it. */
export class ChangeNotSentError extends Error {
  override readonly name = 'ChangeNotSentError';
  constructor(
    readonly signal: NodeJS.Signals,
    readonly apiName: string,
  ) {
    super(`${apiName} was not sent: interrupted by ${signal} before it`);
  }
}
