// `kmirror playground`'s producers on a signal: SIGUSR1 stops them (the source's end offsets stand still, as
// when an operator stops the producers before a promote) and the next SIGUSR1 starts them again.

export const PRODUCER_SIGNAL = 'SIGUSR1';

export function listenForProducerToggle(toggle: () => boolean, say: (line: string) => void): { dispose(): void } {
  const onSignal = (): void => {
    const running = toggle();
    say(
      running
        ? `${PRODUCER_SIGNAL}: producers write again.`
        : `${PRODUCER_SIGNAL}: producers stopped; the source's end offsets stand still (send it again to ` +
            'restart them).',
    );
  };
  process.on(PRODUCER_SIGNAL, onSignal);
  return { dispose: () => process.off(PRODUCER_SIGNAL, onSignal) };
}
