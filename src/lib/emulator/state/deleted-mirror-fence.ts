// Read-only after a mirror is deleted (PROTOCOL.md §18): deleting the old, all-STOPPED mirror after a
// failback made its topics, the ones producers then wrote to, refuse writes (READ_ONLY_TOPIC) until the
// broker was restarted. The brokers still hold those partitions as mirror partitions in memory; a
// restart reloads them from metadata, where they belong to no mirror.

import { materialize, type Topic } from './topics.js';

export function fenceUntilRestart(topic: Topic): void {
  for (const p of topic.partitions) p.readOnlyUntilRestart = true;
}

export function liftFencesAtRestart(topics: Iterable<Topic>, now: number): void {
  for (const topic of topics) {
    for (const p of topic.partitions) {
      if (!p.readOnlyUntilRestart) continue;
      // Growth counts from the restart, not from when the topic froze.
      materialize(topic, p, now);
      p.readOnlyUntilRestart = false;
    }
  }
}
