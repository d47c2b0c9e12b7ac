// Ctrl-C and SIGTERM as a value: what `describe --watch` and `playground` wait for to end with exit 0.

/** Resolves on the first SIGINT or SIGTERM; while listening, those signals no longer kill the process. */
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
