// The one-screen status behind `kmirror list`: each listed mirror with its topics, states, lag and failing
// count from one DescribeClusterMirrors fan-out; a mirror the describe could not cover has a null status.

import type { KafkaClient } from '../../kafka/client.js';
import { listMirrors, type ListedMirror } from '../core/list.js';
import { describeMirrors } from './describe.js';
import type { Summary } from './lag.js';

export interface MirrorStatus {
  /** Topics DescribeClusterMirrors reports in the mirror, in any state (STOPPED ones too). @minimum 0 */
  readonly topics: number;
  readonly summary: Summary;
}

export interface StatusRow extends ListedMirror {
  /** null when the describe did not cover this mirror (an error for it, or brokers that did not answer). */
  readonly status: MirrorStatus | null;
}

export async function mirrorStatuses(
  client: KafkaClient,
  options: { includeTopics: boolean; warn: (message: string) => void },
): Promise<StatusRow[]> {
  const listed = await listMirrors(client, { includeTopics: options.includeTopics });
  if (listed.length === 0) return [];
  let described;
  try {
    described = await describeMirrors(client, []);
  } catch (err) {
    options.warn(
      `no states or lag: DescribeClusterMirrors failed (${err instanceof Error ? err.message : String(err)})`,
    );
    return listed.map((m) => ({ ...m, status: null }));
  }
  for (const w of described.brokerWarnings)
    options.warn(`broker ${w.broker}: ${w.message} (its partitions are missing)`);
  const byName = new Map(described.mirrors.map((m) => [m.name, m]));
  return listed.map((m) => {
    const d = byName.get(m.name);
    if (d === undefined) return { ...m, status: null };
    const names = d.topics.map((t) => t.name).sort();
    return {
      ...m,
      ...(options.includeTopics ? { topics: names } : {}),
      status: { topics: d.topics.length, summary: d.summary },
    };
  });
}
