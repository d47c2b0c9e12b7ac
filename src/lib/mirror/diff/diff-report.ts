// mirror/diff/: `kmirror diff MIRROR`: per mirrored topic, the partition counts and topic configs that differ
// between source and destination, each marked expected, pending or never healing.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { DescribeClusterMirrors, DescribeConfigs, ListClusterMirrors, Metadata } from '../../kafka/messages/index.js';
import { readSyncInterval, type SyncInterval } from '../core/broker-config.js';
import { InvalidInputError, MirrorError } from '../core/errors.js';
import { type EffectiveList, readMirrorSide } from '../config/mirror-side.js';
import { compareTopicConfigs, type TopicDiff, topicConfigReader, topicDrifts } from './topic-config-diff.js';
import { compareTopicIds, type RecreatedSourceTopic } from '../core/topic-ids.js';
import { type SourceAccess, sourceSettingsOf } from '../core/source-access.js';

export const DIFF_APIS = [ListClusterMirrors, DescribeClusterMirrors, DescribeConfigs, Metadata] as const;

export interface DiffInput extends SourceAccess {
  readonly mirror: string;
  readonly topics: readonly string[];
  readonly all: boolean;
}

export interface DiffDependencies {
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
}

export interface DiffResult {
  mirror: string;
  sourceBootstrap: string[];
  /** mirror.topic.properties.exclude in force: `stored: true` means it replaced the default list. */
  excludeList: EffectiveList;
  /** How often the destination copies offsets and configs: its broker config `mirror.metadata.refresh.interval.ms`. */
  syncInterval: SyncInterval;
  /** Mirrored topics with differences (every one with --all). */
  topics: TopicDiff[];
  /** How many mirrored topics were compared. @minimum 0 */
  compared: number;
  warnings: string[];
  /** Mirrored topics whose source id is not the destination's: they copy nothing (§18); counted by --fail-on drift. */
  recreatedTopics: RecreatedSourceTopic[];
  /** With `--fail-on drift`: whether a topic differs in more than excluded keys, and which. */
  failOn?: { condition: 'drift'; holds: boolean; topics: string[] };
}

export async function diffReport(client: KafkaClient, input: DiffInput, deps: DiffDependencies): Promise<DiffResult> {
  await client.requireMirroring(DIFF_APIS);
  const side = await readMirrorSide(client, input.mirror);
  const known = new Set(side.topics.map((t) => t.topic));
  const missing = input.topics.filter((t) => !known.has(t));
  if (missing.length > 0) {
    throw new InvalidInputError(`not a mirrored topic of mirror '${input.mirror}': ${missing.join(', ')}`, {
      hint: `kmirror describe ${input.mirror} lists its topics (stopped topics are no longer synced)`,
    });
  }
  const wanted = input.topics.length > 0 ? side.topics.filter((t) => input.topics.includes(t.topic)) : side.topics;
  const settings = await sourceSettingsOf(side, input, deps.warn);
  const source = await deps.openSource(settings);
  let diffs: TopicDiff[];
  let recreatedTopics: RecreatedSourceTopic[];
  try {
    diffs = await compareTopicConfigs(topicConfigReader(source), topicConfigReader(client), {
      topics: wanted,
      excludedKeys: side.propertiesExclude.items,
    });
    recreatedTopics = await compareTopicIds(
      source,
      client,
      input.mirror,
      wanted.map((t) => t.topic),
    );
  } finally {
    await source.close().catch(() => undefined);
  }
  return {
    mirror: input.mirror,
    sourceBootstrap: settings.bootstrap,
    excludeList: side.propertiesExclude,
    syncInterval: await readSyncInterval(client),
    topics: input.all
      ? diffs
      : diffs.filter((d) => d.configs.length > 0 || d.sourcePartitions !== d.destinationPartitions),
    compared: diffs.length,
    recreatedTopics,
    warnings: side.warnings,
  };
}

export function withDriftCheck(result: DiffResult): DiffResult {
  const recreated = result.recreatedTopics.map((r) => r.topic);
  const topics = [...new Set([...result.topics.filter(topicDrifts).map((t) => t.topic), ...recreated])];
  return { ...result, failOn: { condition: 'drift', holds: topics.length > 0, topics } };
}

export function diffOutcomeError(result: DiffResult): MirrorError | null {
  if (!result.failOn?.holds) return null;
  return new MirrorError(
    `--fail-on drift: ${result.failOn.topics.length} topic(s) differ in more than excluded keys: ` +
      `${result.failOn.topics.join(', ')}`,
    'condition-holds',
    { hint: 'the differences are listed above (`topics` in --json); pending ones heal at the next sync' },
  );
}
