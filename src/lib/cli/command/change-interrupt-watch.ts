// Ctrl-C and SIGTERM in a command that changes state: the first signal reads an unanswered change back within
// READ_BACK_MS, then exits 130/143 with what is known; a second exits at once.

import type { ChangeInterrupts } from '../../kafka/change-interrupts.js';
import type { Deadline } from './deadline.js';
import { exitCodeOfSignal, type ExitCode } from '../failures/exit-codes.js';

export const READ_BACK_MS = 5000;

export class ChangeInterruptWatch implements ChangeInterrupts {
  readonly interrupted: Promise<NodeJS.Signals>;
  signal: NodeJS.Signals | undefined;
  private inFlight: { api: string; broker: string } | undefined;
  private unknown: { api: string; broker: string } | undefined;
  private readonly handler: (signal: NodeJS.Signals) => void;
  private resolve: (signal: NodeJS.Signals) => void = () => undefined;

  constructor(
    private readonly say: (line: string) => void,
    private readonly deadline: Deadline,
    private readonly exit: (code: ExitCode) => void = (code) => process.exit(code),
  ) {
    this.interrupted = new Promise((resolve) => (this.resolve = resolve));
    this.handler = (signal) => this.onSignal(signal);
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
  }

  changeSent(api: string, broker: string): void {
    this.inFlight = { api, broker };
  }

  changeEnded(): void {
    this.inFlight = undefined;
  }

  exitCode(): ExitCode | undefined {
    return this.signal === undefined ? undefined : exitCodeOfSignal(this.signal);
  }

  dispose(): void {
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
  }

  private onSignal(signal: NodeJS.Signals): void {
    if (this.signal !== undefined) {
      const unknown = this.unknown ?? this.inFlight;
      this.say(
        `${signal} again: exiting now` +
          (unknown ? `; whether ${unknown.api} (sent to ${unknown.broker}) was applied is unknown` : ''),
      );
      this.exit(exitCodeOfSignal(signal));
      return;
    }
    this.signal = signal;
    this.unknown = this.inFlight;
    this.deadline.shortenTo(READ_BACK_MS);
    this.say(
      this.inFlight
        ? `${signal} received: ${this.inFlight.api} was sent to ${this.inFlight.broker} and has not answered; ` +
            `reading the state back to learn whether it was applied (at most ${READ_BACK_MS / 1000} s; ` +
            `${signal} again to exit now)`
        : `${signal} received: stopping; no change is sent from now on (${signal} again to exit now)`,
    );
    this.resolve(signal);
  }
}

export function changesState(command: object): boolean {
  return (command.constructor as { changesState?: unknown }).changesState === true;
}

export function interruptedFailure<F extends { exitCode: number; message: string }>(
  failure: F,
  watch: ChangeInterruptWatch | undefined,
): F {
  const code = watch?.exitCode();
  if (code === undefined || watch?.signal === undefined) return failure;
  const lead = `interrupted by ${watch.signal}`;
  return {
    ...failure,
    exitCode: code,
    message: failure.message.startsWith(lead) ? failure.message : `${lead}: ${failure.message}`,
  };
}
