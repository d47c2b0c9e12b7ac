// Topics recorded STOPPED whose partitions never stopped (PROTOCOL.md §18): a stop that reached FAILED
// partitions is ignored by them, and the broker then refuses stop, pause and start for the topic by name.
// A listed topic matched by the stored exclude while FAILED too: the sync's stop of it is refused.

import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { ListClusterMirrors } from '../../kafka/messages/index.js';
import { javaPatternList } from '../patterns/java-regex.js';
import { nameList } from '../core/name-list.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import { type DescribeResult } from './describe-types.js';
import { splitListValue } from '../core/list-value.js';

export interface WedgedPartition {
  /** @minimum 0 */
  readonly partition: number;
  readonly state: string;
}

export interface WedgedTopic {
  readonly mirror: string;
  readonly topic: string;
  /**
   * `recorded-stopped`: no longer listed for the mirror (the broker recorded it STOPPED); `excluded`: still
   * listed, but matched by the stored mirror.topics.exclude while FAILED.
   */
  readonly why: 'recorded-stopped' | 'excluded';
  /** Its partitions that are FAILED or MIRRORING (the others are STOPPED or on their way). */
  readonly partitions: WedgedPartition[];
  /** One line: what is wrong. */
  readonly summary: string;
  /** What works on the prototype broker, in the order to do it. */
  readonly recovery: string;
}

const STUCK_STATES: ReadonlySet<string> = new Set(['FAILED', 'MIRRORING']);

export async function listedTopicNames(client: KafkaClient): Promise<Map<string, Set<string>>> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: true });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  return new Map(listed.Mirrors.map((m) => [m.MirrorName, new Set(m.TopicNames)]));
}

/** How many of a topic's partitions the brokers report STOPPED, in words ("0 of 2 partition(s) … STOPPED"). */
export function stoppedCount(topic: string, states: readonly string[]): string {
  const stopped = states.filter((s) => s === 'STOPPED').length;
  return `the brokers report ${stopped} of ${states.length} partition(s) of ${topic} STOPPED now`;
}

/**
 * The recovery that works on the prototype; the same words wherever a wedged topic is shown. `states`: the
 * topic's partition states as the brokers report them (counted, never assumed).
 */
export function wedgedRecovery(mirror: string, topic: string, states: readonly string[]): string {
  return (
    'no request can finish this stop: the broker refuses stop, pause and start by name for the topic ' +
    '(INVALID_CLUSTER_MIRROR_STATES), so running remove-topics or promote again does not help. Once the source ' +
    'answers, restart the destination brokers: a restart may take the stop in for some partitions (STOPPED: ' +
    'writable, end offset = source end + 1) and leave others MIRRORING and read-only; how many varies from ' +
    `restart to restart (${stoppedCount(topic, states)}). Then run kmirror describe ${mirror} and check each ` +
    'partition: only STOPPED ones take writes. While the source is down the partitions stay FAILED whatever ' +
    'is done.'
  );
}

export async function storedExcludes(
  client: KafkaClient,
  result: DescribeResult,
  listed: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<Map<string, RegExp | null>> {
  const excludes = new Map<string, RegExp | null>();
  for (const mirror of result.mirrors) {
    const names = listed.get(mirror.name);
    const failing = mirror.topics.some((t) => names?.has(t.name) && t.partitions.some((p) => p.state === 'FAILED'));
    if (!failing) continue;
    try {
      const stored = await describeMirrorConfigs(client, mirror.name);
      excludes.set(mirror.name, javaPatternList(splitListValue(stored.get('mirror.topics.exclude'))));
    } catch {
      // Not readable (authorization) or not compilable in JavaScript: the exclude check is left out.
    }
  }
  return excludes;
}

/** A topic missing from `before` may have been added by the sync in between, so then a listing is read after. */
export async function wedgedTopicsOf(
  client: KafkaClient,
  result: DescribeResult,
  before?: ReadonlyMap<string, readonly string[]>,
): Promise<WedgedTopic[]> {
  const earlier = before === undefined ? undefined : listingNamingAll(result, before);
  const listed = earlier ?? (await listedTopicNames(client));
  return findWedgedTopics(result, listed, await storedExcludes(client, result, listed));
}

function listingNamingAll(
  result: DescribeResult,
  before: ReadonlyMap<string, readonly string[]>,
): Map<string, Set<string>> | undefined {
  const listed = new Map<string, Set<string>>();
  for (const mirror of result.mirrors) {
    const topics = before.get(mirror.name);
    if (topics === undefined) return undefined;
    const names = new Set(topics);
    if (mirror.topics.some((t) => !names.has(t.name))) return undefined;
    listed.set(mirror.name, names);
  }
  return listed;
}

export function findWedgedTopics(
  result: DescribeResult,
  listed: ReadonlyMap<string, ReadonlySet<string>>,
  excludes: ReadonlyMap<string, RegExp | null> = new Map(),
): WedgedTopic[] {
  const wedged: WedgedTopic[] = [];
  for (const mirror of result.mirrors) {
    const names = listed.get(mirror.name);
    if (!names) continue;
    for (const topic of mirror.topics) {
      const found = names.has(topic.name)
        ? excludedWhileFailed(mirror.name, topic, excludes.get(mirror.name) ?? null)
        : recordedStopped(mirror.name, topic);
      if (found) wedged.push(found);
    }
  }
  return wedged;
}

type DescribedTopic = DescribeResult['mirrors'][number]['topics'][number];

function recordedStopped(mirror: string, topic: DescribedTopic): WedgedTopic | null {
  const stuck = topic.partitions.filter((p) => STUCK_STATES.has(p.state));
  if (stuck.length === 0) return null;
  const states = [...new Set(stuck.map((p) => p.state))].sort().join('/');
  return {
    mirror,
    topic: topic.name,
    why: 'recorded-stopped',
    partitions: stuck.map((p) => ({ partition: p.partition, state: p.state })),
    summary:
      `wedged: the broker recorded ${topic.name} as STOPPED (mirror ${mirror} no longer lists it) but ` +
      `${stuck.length} partition(s) are ${states} (${nameList(stuck.map((p) => String(p.partition)))}): ` +
      'they missed the stop while FAILED, so they stay read-only',
    recovery: wedgedRecovery(
      mirror,
      topic.name,
      topic.partitions.map((p) => p.state),
    ),
  };
}

function excludedWhileFailed(mirror: string, topic: DescribedTopic, exclude: RegExp | null): WedgedTopic | null {
  if (!exclude?.test(topic.name)) return null;
  const failed = topic.partitions.filter((p) => p.state === 'FAILED');
  if (failed.length === 0) return null;
  return {
    mirror,
    topic: topic.name,
    why: 'excluded',
    partitions: failed.map((p) => ({ partition: p.partition, state: p.state })),
    summary:
      `matched by mirror ${mirror}'s mirror.topics.exclude but not stopped: ${failed.length} partition(s) FAILED ` +
      `(${nameList(failed.map((p) => String(p.partition)))}), and the broker refuses to stop a FAILED topic, so ` +
      'it stays read-only',
    recovery:
      'restore the source: once its partitions are MIRRORING, the periodic sync ' +
      `(mirror.metadata.refresh.interval.ms) stops the excluded topic; kmirror describe ${mirror} then shows it ` +
      'STOPPED. Only STOPPED partitions take writes.',
  };
}
