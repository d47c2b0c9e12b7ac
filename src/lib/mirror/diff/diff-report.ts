// mirror/diff/: the topics of a mirror on both clusters: partition counts and topic configs that differ.
//
// `kmirror diff MIRROR`: per mirrored topic, the partition counts and the topic configs that differ
// between the source and the destination, each marked expected, pending or never healing, with the
// exclude list in force (default, or replaced by a stored value).

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { DescribeClusterMirrors, DescribeConfigs, ListClusterMirrors, Metadata } from '../../kafka/messages/index.js';
import { readSyncInterval, type SyncInterval } from '../core/broker-config.js';
import { InvalidInputError, MirrorError } from '../core/errors.js';
import { type EffectiveList, readMirrorSide, type SourceAccess, sourceSettingsOf } from '../config/mirror-side.js';
import { compareTopicConfigs, type TopicDiff, topicConfigReader, topicDrifts } from './topic-config-diff.js';

export const DIFF_APIS = [ListClusterMirrors, DescribeClusterMirrors, DescribeConfigs, Metadata] as const;

export interface DiffInput extends SourceAccess {
  readonly mirror: string;
  /** --topic: only these topics of the mirror. */
  readonly topics: readonly string[];
  /** Show topics without differences too. */
  readonly all: boolean;
}

export interface DiffDependencies {
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
}

/** The --json document of `kmirror diff`. */
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
  try {
    diffs = await compareTopicConfigs(topicConfigReader(source), topicConfigReader(client), {
      topics: wanted,
      excludedKeys: side.propertiesExclude.items,
    });
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
    warnings: side.warnings,
  };
}

/** Adds the `--fail-on drift` verdict: partition counts, or configs that are not expected to differ. */
export function withDriftCheck(result: DiffResult): DiffResult {
  const topics = result.topics.filter(topicDrifts).map((t) => t.topic);
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
