// Ctrl-C and SIGTERM as a value: what `describe --watch` and `playground` wait for to end with exit 0.

import { KmirrorError } from '../failures/errors.js';
import { exitCodeOfSignal } from '../failures/exit-codes.js';

export function listenForStop(): { stopped: Promise<NodeJS.Signals>; dispose(): void } {
  let dispose = (): void => undefined;
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      dispose();
      resolve(signal);
    };
    dispose = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return { stopped, dispose };
}

export function interruptibleSleep(
  sleep: (ms: number, what: string, hint?: string) => Promise<void>,
  stop: Promise<NodeJS.Signals>,
  interrupted: (signal: NodeJS.Signals, what: string) => Error = (signal, what) =>
    new KmirrorError(`interrupted by ${signal} while ${what}`, exitCodeOfSignal(signal)),
): (ms: number, what: string, hint?: string) => Promise<void> {
  let received: NodeJS.Signals | undefined;
  void stop.then((signal) => {
    received = signal;
  });
  return async (ms, what, hint) => {
    if (received) throw interrupted(received, what);
    const signalled = stop.then((signal) => {
      throw interrupted(signal, what);
    });
    await Promise.race([sleep(ms, what, hint), signalled]);
  };
}
