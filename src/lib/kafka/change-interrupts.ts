// Ctrl-C or SIGTERM while a state change is unanswered: the client stops waiting for the answer and
// treats it as lost (the broker may have applied the change), so the service reads the state back and
// the command reports what happened instead of dying blind. The process side lives in cli/.

export interface ChangeInterrupts {
  readonly interrupted: Promise<NodeJS.Signals>;
  readonly signal: NodeJS.Signals | undefined;
  changeSent(api: string, broker: string): void;
  changeEnded(): void;
}

export class ChangeNotSentError extends Error {
  override readonly name = 'ChangeNotSentError';
  constructor(
    readonly signal: NodeJS.Signals,
    readonly apiName: string,
  ) {
    super(`${apiName} was not sent: interrupted by ${signal} before it`);
  }
}
