// What the destination says about one mirror that decides what its periodic sync copies (a stored list
// replaces the default one, it is not merged) and how this machine reaches its source.

import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { ListClusterMirrors } from '../../kafka/messages/index.js';
import { mirrorConfigKey } from './config-keys.js';
import { describeMirrors } from '../describe/describe.js';
import { NotFoundError } from '../core/errors.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import { splitListValue } from '../core/list-value.js';

/** A mirror-level LIST key as in force: the stored items, or the default when the key is not stored. */
export interface EffectiveList {
  readonly key: string;
  readonly items: string[];
  /** The key is stored, so its value replaced the default list (even when it repeats some of it). */
  readonly stored: boolean;
  readonly defaultItems: string[];
}

export interface SyncedTopic {
  readonly topic: string;
  /** `paused`: every partition PAUSED or PAUSING, so nothing is synced until resume. */
  readonly state: 'mirroring' | 'paused';
}

export interface MirrorSide {
  readonly mirror: string;
  readonly topics: SyncedTopic[];
  readonly groupsInclude: EffectiveList;
  readonly groupsExclude: EffectiveList;
  readonly propertiesExclude: EffectiveList;
  readonly stored: ReadonlyMap<string, string>;
  readonly warnings: string[];
}

export function effectiveList(stored: ReadonlyMap<string, string>, key: string): EffectiveList {
  const defaultItems = splitListValue(mirrorConfigKey(key)?.default);
  const value = stored.get(key);
  return {
    key,
    items: value === undefined ? defaultItems : splitListValue(value),
    stored: value !== undefined,
    defaultItems,
  };
}

export async function readMirrorSide(client: KafkaClient, mirror: string): Promise<MirrorSide> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: true });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  const entry = listed.Mirrors.find((m) => m.MirrorName === mirror);
  if (!entry) throw new NotFoundError('mirror', mirror);
  const stored = await describeMirrorConfigs(client, mirror);
  const described = await describeMirrors(client, [mirror], { namesKnownToExist: true });
  const states = new Map<string, string[]>();
  for (const m of described.mirrors)
    for (const t of m.topics)
      states.set(
        t.name,
        t.partitions.map((p) => p.state),
      );
  const topics = [...new Set(entry.TopicNames)].sort().map((topic): SyncedTopic => {
    const partitionStates = states.get(topic) ?? [];
    const paused = partitionStates.length > 0 && partitionStates.every((s) => s === 'PAUSED' || s === 'PAUSING');
    return { topic, state: paused ? 'paused' : 'mirroring' };
  });
  return {
    mirror,
    topics,
    groupsInclude: effectiveList(stored, 'mirror.groups.include'),
    groupsExclude: effectiveList(stored, 'mirror.groups.exclude'),
    propertiesExclude: effectiveList(stored, 'mirror.topic.properties.exclude'),
    stored,
    warnings: described.brokerWarnings.map(
      (w) =>
        `broker ${w.broker} did not answer DescribeClusterMirrors (${w.message}): paused topics may show as mirroring`,
    ),
  };
}
