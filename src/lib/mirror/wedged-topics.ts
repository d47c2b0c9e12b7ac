// Topics the broker has recorded as STOPPED while their partitions never stopped (PROTOCOL.md §18): a
// stop that reached FAILED partitions (a stored exclude pattern during a source outage) is ignored by
// them, and when the source returns they mirror again, read-only. ListClusterMirrors no longer names
// such a topic for its mirror (it lists desired MIRRORING and PAUSED only), and from then on the broker
// refuses stop, pause and start for it by name, so no command kmirror sends can finish the stop.

import type { KafkaClient } from '../kafka/client.js';
import { KafkaProtocolError } from '../kafka/errors.js';
import { ListClusterMirrors } from '../kafka/messages/index.js';
import type { DescribeResult } from './describe.js';
import { nameList } from './name-list.js';

export interface WedgedPartition {
  /** @minimum 0 */
  readonly partition: number;
  readonly state: string;
}

export interface WedgedTopic {
  readonly mirror: string;
  readonly topic: string;
  /** Its partitions that are FAILED or MIRRORING (the others are STOPPED or on their way). */
  readonly partitions: WedgedPartition[];
  /** One line: what is wrong. */
  readonly summary: string;
  /** What works on the prototype broker, in the order to do it. */
  readonly recovery: string;
}

const STUCK_STATES: ReadonlySet<string> = new Set(['FAILED', 'MIRRORING']);

/** Per mirror, the topics ListClusterMirrors names for it (desired MIRRORING or PAUSED). */
export async function listedTopicNames(client: KafkaClient): Promise<Map<string, Set<string>>> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: true });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  return new Map(listed.Mirrors.map((m) => [m.MirrorName, new Set(m.TopicNames)]));
}

/** The recovery that works on the prototype; the same words wherever a wedged topic is shown. */
export function wedgedRecovery(mirror: string): string {
  return (
    'no request can finish this stop: the broker refuses stop, pause and start by name for the topic ' +
    '(INVALID_CLUSTER_MIRROR_STATES), so running remove-topics or promote again does not help. Once the source ' +
    'answers, restart the destination brokers: on the prototype a restart made some of such partitions STOPPED ' +
    '(writable, end offset = source end + 1) and left others MIRRORING and read-only (1 of 2 seen). Then run ' +
    `kmirror describe ${mirror} and check each partition: only STOPPED ones take writes. While the source is ` +
    'down the partitions stay FAILED whatever is done.'
  );
}

/** Topics absent from their mirror's listing (recorded STOPPED) with FAILED or MIRRORING partitions. */
export function findWedgedTopics(
  result: DescribeResult,
  listed: ReadonlyMap<string, ReadonlySet<string>>,
): WedgedTopic[] {
  const wedged: WedgedTopic[] = [];
  for (const mirror of result.mirrors) {
    const names = listed.get(mirror.name);
    if (!names) continue;
    for (const topic of mirror.topics) {
      if (names.has(topic.name)) continue;
      const stuck = topic.partitions.filter((p) => STUCK_STATES.has(p.state));
      if (stuck.length === 0) continue;
      const partitions = stuck.map((p) => ({ partition: p.partition, state: p.state }));
      const states = [...new Set(partitions.map((p) => p.state))].sort().join('/');
      wedged.push({
        mirror: mirror.name,
        topic: topic.name,
        partitions,
        summary:
          `wedged: the broker recorded ${topic.name} as STOPPED (mirror ${mirror.name} no longer lists it) but ` +
          `${stuck.length} partition(s) are ${states} (${nameList(stuck.map((p) => String(p.partition)))}): ` +
          'they missed the stop while FAILED, so they stay read-only',
        recovery: wedgedRecovery(mirror.name),
      });
    }
  }
  return wedged;
}
