// Words operators bring from other tools (rpk, kafkactl, MirrorMaker, cluster links): each points to a command.

export const OPERATOR_WORDS: Readonly<Record<string, string>> = {
  failover:
    "'remove-topics' stops mirroring at once, whatever is still to copy; 'promote' stops once nothing is left " +
    'to copy (a planned switchover); with the source down see docs/runbooks.md',
  switchover: "'promote' stops mirroring topics once nothing is left to copy",
  stop: "'remove-topics' stops mirroring topics for good (they become writable); 'pause' stops fetching until 'resume'",
  start: "'add-topics' starts mirroring topics; 'resume' restarts paused ones",
  status: "'list' shows one row per mirror; 'describe' its partitions, states and lag",
  show: "'describe' shows a mirror's partitions, states and lag; 'list' every mirror",
  get: "'describe' shows a mirror; 'config get' its configuration",
  rm: "'remove-topics' stops mirroring topics of a mirror; 'delete' deletes a mirror",
  remove: "'remove-topics' stops mirroring topics of a mirror; 'delete' deletes a mirror",
  link: "'create' makes a mirror (KIP-1279's link between a source and this cluster); 'list' shows them",
  mirror: "'create' makes a mirror; 'list' and 'describe' show them",
};

export function operatorWordHint(word: string): string | undefined {
  return Object.hasOwn(OPERATOR_WORDS, word) ? OPERATOR_WORDS[word] : undefined;
}
