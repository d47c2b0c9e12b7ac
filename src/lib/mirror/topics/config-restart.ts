// What a config change does to a running mirror on the prototype broker: every fetcher of the
// mirror restarts, so each MIRRORING partition goes FAILED for about 2 s and then back to MIRRORING.

import type { KafkaClient } from '../../kafka/client.js';
import { MirroringDisabledError } from '../../kafka/errors.js';
import { describeMirrors } from '../describe/describe.js';
import { waitForPartitionStates } from './wait.js';
import type { FinalPartition } from './final-partition.js';

/** Mirroring disabled gives []: config set still works then, and nothing mirrors. */
export async function topicsMirroringNow(client: KafkaClient, mirror: string): Promise<string[]> {
  let described;
  try {
    described = await describeMirrors(client, [mirror]);
  } catch (err) {
    if (err instanceof MirroringDisabledError) return [];
    throw err;
  }
  const topics = described.mirrors.find((m) => m.name === mirror)?.topics ?? [];
  return topics.filter((t) => t.partitions.some((p) => p.state === 'MIRRORING')).map((t) => t.name);
}

export function configRestartWarning(mirror: string, topics: readonly string[]): string {
  return (
    `mirror ${mirror} is mirroring ${topics.length} topic(s): on the prototype broker a config change restarts ` +
    'every partition of the mirror, which shows FAILED ("Failed to get source metadata") for about 2 s before it ' +
    'is MIRRORING again; --wait waits for that'
  );
}

export function waitUntilMirroringAgain(
  client: KafkaClient,
  mirror: string,
  topics: readonly string[],
  sleep: (ms: number, what: string) => Promise<void>,
): Promise<FinalPartition[]> {
  return waitForPartitionStates(client, mirror, topics, 'MIRRORING', { sleep });
}
