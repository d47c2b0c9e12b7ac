// The periodic sync copies every topic override of the source except the excluded keys, and only values: an
// override deleted on the source stays on the destination for good. So each difference is expected,
// pending, or one the sync never heals.

import type { KafkaClient } from '../../kafka/client.js';
import { errors } from '../../kafka/error-codes.js';
import { DescribeConfigs, Metadata } from '../../kafka/messages/index.js';
import { KafkaResponseError } from '../core/errors.js';

const TOPIC_OVERRIDE_SOURCE = 1;
const TOPIC_RESOURCE = 2;

export interface TopicConfigValue {
  /** null for a sensitive value the broker does not send, or a key without value. */
  readonly value: string | null;
  readonly override: boolean;
  readonly sensitive: boolean;
}

export interface TopicSnapshot {
  readonly partitions: number;
  readonly configs: ReadonlyMap<string, TopicConfigValue>;
}

export interface TopicConfigReader {
  describeTopics(topics: readonly string[]): Promise<Map<string, TopicSnapshot>>;
}

export type ConfigVerdict = 'expected' | 'pending' | 'never-heals';

/**
 * `excluded`: the key is in mirror.topic.properties.exclude. `source-override`: the source sets it,
 * so the next sync copies it (this also puts back a change made on the destination).
 * `deleted-on-source`: only the destination overrides it (deleted on the source, or set on the
 * destination only): deletions are never copied. `broker-default`: neither side overrides it; the
 * clusters' defaults differ, and the sync copies topic overrides only.
 */
export type ConfigReason = 'excluded' | 'source-override' | 'deleted-on-source' | 'broker-default';

export interface ConfigDifference {
  readonly key: string;
  readonly sourceValue: string | null;
  readonly destinationValue: string | null;
  readonly sourceOverride: boolean;
  readonly destinationOverride: boolean;
  readonly verdict: ConfigVerdict;
  readonly reason: ConfigReason;
}

export function diffTopicConfigs(
  source: ReadonlyMap<string, TopicConfigValue>,
  destination: ReadonlyMap<string, TopicConfigValue>,
  excluded: ReadonlySet<string>,
): ConfigDifference[] {
  const out: ConfigDifference[] = [];
  for (const key of [...new Set([...source.keys(), ...destination.keys()])].sort()) {
    const s = source.get(key);
    const d = destination.get(key);
    // A key only one broker version knows differs only when it is set there.
    if (!s && !d?.override) continue;
    if (!d && !s?.override) continue;
    if (s && d && (s.sensitive || d.sensitive)) {
      if (s.override === d.override) continue;
    } else if (s && d && s.value === d.value) continue;
    const sourceOverride = s?.override ?? false;
    const destinationOverride = d?.override ?? false;
    const [verdict, reason]: [ConfigVerdict, ConfigReason] = excluded.has(key)
      ? ['expected', 'excluded']
      : sourceOverride
        ? ['pending', 'source-override']
        : destinationOverride
          ? ['never-heals', 'deleted-on-source']
          : ['never-heals', 'broker-default'];
    out.push({
      key,
      sourceValue: s?.value ?? null,
      destinationValue: d?.value ?? null,
      sourceOverride,
      destinationOverride,
      verdict,
      reason,
    });
  }
  return out;
}

export interface TopicDiff {
  readonly topic: string;
  /** `paused`: the sync waits for resume, so pending differences stay until then. */
  readonly state: 'mirroring' | 'paused';
  /** Partition counts; null where the topic is missing on that side. */
  readonly sourcePartitions: number | null;
  readonly destinationPartitions: number | null;
  readonly configs: ConfigDifference[];
}

export interface TopicSelection {
  readonly topics: readonly { readonly topic: string; readonly state: 'mirroring' | 'paused' }[];
  readonly excludedKeys: readonly string[];
}

export async function compareTopicConfigs(
  source: TopicConfigReader,
  destination: TopicConfigReader,
  selection: TopicSelection,
): Promise<TopicDiff[]> {
  const names = selection.topics.map((t) => t.topic);
  const [onSource, onDestination] = await Promise.all([
    source.describeTopics(names),
    destination.describeTopics(names),
  ]);
  const excluded = new Set(selection.excludedKeys);
  const none = new Map<string, TopicConfigValue>();
  return selection.topics.map(({ topic, state }) => {
    const s = onSource.get(topic);
    const d = onDestination.get(topic);
    return {
      topic,
      state,
      sourcePartitions: s?.partitions ?? null,
      destinationPartitions: d?.partitions ?? null,
      configs: diffTopicConfigs(s?.configs ?? none, d?.configs ?? none, excluded),
    };
  });
}

export function topicDrifts(diff: TopicDiff): boolean {
  return diff.sourcePartitions !== diff.destinationPartitions || diff.configs.some((c) => c.verdict !== 'expected');
}

export function topicConfigReader(client: KafkaClient): TopicConfigReader {
  return {
    async describeTopics(topics) {
      const out = new Map<string, TopicSnapshot>();
      if (topics.length === 0) return out;
      const metadata = await client.send(Metadata, {
        Topics: topics.map((Name) => ({ Name })),
        AllowAutoTopicCreation: false,
      });
      const partitions = new Map<string, number>();
      for (const t of metadata.Topics) {
        if (t.ErrorCode === errors.UNKNOWN_TOPIC_OR_PARTITION.code || t.Name === null) continue;
        if (t.ErrorCode !== errors.NONE.code)
          throw new KafkaResponseError(t.ErrorCode, null, { api: 'Metadata', topic: t.Name });
        partitions.set(t.Name, t.Partitions.length);
      }
      if (partitions.size === 0) return out;
      const described = await client.send(DescribeConfigs, {
        Resources: [...partitions.keys()].map((ResourceName) => ({
          ResourceType: TOPIC_RESOURCE,
          ResourceName,
          ConfigurationKeys: null,
        })),
        IncludeSynonyms: false,
        IncludeDocumentation: false,
      });
      for (const r of described.Results) {
        if (r.ErrorCode === errors.UNKNOWN_TOPIC_OR_PARTITION.code) continue;
        if (r.ErrorCode !== errors.NONE.code)
          throw new KafkaResponseError(r.ErrorCode, r.ErrorMessage, { api: 'DescribeConfigs', topic: r.ResourceName });
        const count = partitions.get(r.ResourceName);
        if (count === undefined) continue;
        out.set(r.ResourceName, {
          partitions: count,
          configs: new Map(
            r.Configs.map((c) => [
              c.Name,
              { value: c.Value, override: c.ConfigSource === TOPIC_OVERRIDE_SOURCE, sensitive: c.IsSensitive },
            ]),
          ),
        });
      }
      return out;
    },
  };
}
