// --wait for remove-topics / pause / resume; a partition FAILED with RetryAttempt -1 never gets there, so it
// settles the wait too.

import type { KafkaClient } from '../../kafka/client.js';
import { describeMirrors } from '../describe/describe.js';
import type { FinalPartition } from './final-partition.js';

export const POLL_INTERVAL_MS = 500;

export interface WaitProgress {
  readonly done: number;
  readonly total: number;
  readonly rows: readonly FinalPartition[];
}

export interface WaitOptions {
  sleep(ms: number, what: string): Promise<void>;
  onProgress?(progress: WaitProgress): void;
}

function settled(row: FinalPartition, target: string): boolean {
  return row.state === target || (row.state === 'FAILED' && row.retryAttempt === -1);
}

export async function waitForPartitionStates(
  client: KafkaClient,
  mirror: string,
  topics: readonly string[],
  target: string,
  options: WaitOptions,
): Promise<FinalPartition[]> {
  if (topics.length === 0) return [];
  const watched = new Set(topics);
  const what = `waiting for ${topics.length} topic(s) of mirror '${mirror}' to reach ${target}`;
  for (;;) {
    const described = await describeMirrors(client, [mirror]);
    const rows: FinalPartition[] = [];
    const seen = new Set<string>();
    for (const t of described.mirrors.find((m) => m.name === mirror)?.topics ?? []) {
      if (!watched.has(t.name)) continue;
      seen.add(t.name);
      for (const p of t.partitions) {
        rows.push({
          topic: t.name,
          partition: p.partition,
          state: p.state,
          retryAttempt: p.retryAttempt,
          errorMessage: p.errorMessage,
          destinationEndOffset: null,
        });
      }
    }
    const done = rows.filter((r) => settled(r, target)).length;
    options.onProgress?.({ done, total: rows.length, rows });
    // A broker that did not answer hides its partitions: not done until every broker answered.
    if (seen.size === watched.size && described.brokerWarnings.length === 0 && done === rows.length) return rows;
    await options.sleep(POLL_INTERVAL_MS, what);
  }
}
