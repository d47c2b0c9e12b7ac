// Plausible BROKER and TOPIC config sets for DescribeConfigs/IncrementalAlterConfigs with Kafka's type ids and
// parsing; only what an admin tool reads or changes, not a validator for all of Kafka.

export const ConfigType = {
  BOOLEAN: 1,
  STRING: 2,
  INT: 3,
  SHORT: 4,
  LONG: 5,
  DOUBLE: 6,
  LIST: 7,
  CLASS: 8,
  PASSWORD: 9,
} as const;

export type ConfigTypeName = keyof typeof ConfigType;

export const ConfigSource = {
  DYNAMIC_TOPIC_CONFIG: 1,
  DYNAMIC_BROKER_CONFIG: 2,
  DYNAMIC_DEFAULT_BROKER_CONFIG: 3,
  STATIC_BROKER_CONFIG: 4,
  DEFAULT_CONFIG: 5,
} as const;

export const ConfigOperation = { SET: 0, DELETE: 1, APPEND: 2, SUBTRACT: 3 } as const;
export const OPERATION_NAMES = ['SET', 'DELETE', 'APPEND', 'SUBTRACT'] as const;

export const ResourceType = { TOPIC: 2, BROKER: 4, CLUSTER_MIRROR: 64 } as const;

export interface ConfigDefinition {
  readonly name: string;
  readonly type: ConfigTypeName;
  readonly default: string | null;
  readonly dynamic?: boolean;
}

function def(name: string, type: ConfigTypeName, value: string | null, dynamic = false): ConfigDefinition {
  return { name, type, default: value, dynamic };
}

export const TOPIC_CONFIGS: readonly ConfigDefinition[] = [
  def('cleanup.policy', 'LIST', 'delete'),
  def('compression.gzip.level', 'INT', '-1'),
  def('compression.lz4.level', 'INT', '9'),
  def('compression.type', 'STRING', 'producer'),
  def('compression.zstd.level', 'INT', '3'),
  def('delete.retention.ms', 'LONG', '86400000'),
  def('file.delete.delay.ms', 'LONG', '60000'),
  def('flush.messages', 'LONG', '9223372036854775807'),
  def('flush.ms', 'LONG', '9223372036854775807'),
  def('follower.replication.throttled.replicas', 'LIST', ''),
  def('index.interval.bytes', 'INT', '4096'),
  def('leader.replication.throttled.replicas', 'LIST', ''),
  def('local.retention.bytes', 'LONG', '-2'),
  def('local.retention.ms', 'LONG', '-2'),
  def('max.compaction.lag.ms', 'LONG', '9223372036854775807'),
  def('max.message.bytes', 'INT', '1048588'),
  def('message.timestamp.after.max.ms', 'LONG', '3600000'),
  def('message.timestamp.before.max.ms', 'LONG', '9223372036854775807'),
  def('message.timestamp.type', 'STRING', 'CreateTime'),
  def('min.cleanable.dirty.ratio', 'DOUBLE', '0.5'),
  def('min.compaction.lag.ms', 'LONG', '0'),
  def('min.insync.replicas', 'INT', '1'),
  def('mirror.replication.throttled.replicas', 'LIST', ''),
  def('mirror.support.unclean.leader.election', 'BOOLEAN', 'false'),
  def('preallocate', 'BOOLEAN', 'false'),
  def('remote.log.copy.disable', 'BOOLEAN', 'false'),
  def('remote.log.delete.on.disable', 'BOOLEAN', 'false'),
  def('remote.storage.enable', 'BOOLEAN', 'false'),
  def('retention.bytes', 'LONG', '-1'),
  def('retention.ms', 'LONG', '604800000'),
  def('segment.bytes', 'INT', '1073741824'),
  def('segment.index.bytes', 'INT', '10485760'),
  def('segment.jitter.ms', 'LONG', '0'),
  def('segment.ms', 'LONG', '604800000'),
  def('unclean.leader.election.enable', 'BOOLEAN', 'false'),
];

/** Topic key → broker synonym (Kafka's ServerTopicConfigSynonyms); keys whose synonym has no default are left out. */
export const TOPIC_BROKER_SYNONYMS: Readonly<Record<string, string>> = {
  'cleanup.policy': 'log.cleanup.policy',
  'compression.gzip.level': 'compression.gzip.level',
  'compression.lz4.level': 'compression.lz4.level',
  'compression.type': 'compression.type',
  'compression.zstd.level': 'compression.zstd.level',
  'delete.retention.ms': 'log.cleaner.delete.retention.ms',
  'file.delete.delay.ms': 'log.segment.delete.delay.ms',
  'flush.messages': 'log.flush.interval.messages',
  'index.interval.bytes': 'log.index.interval.bytes',
  'local.retention.bytes': 'log.local.retention.bytes',
  'local.retention.ms': 'log.local.retention.ms',
  'max.compaction.lag.ms': 'log.cleaner.max.compaction.lag.ms',
  'max.message.bytes': 'message.max.bytes',
  'message.timestamp.after.max.ms': 'log.message.timestamp.after.max.ms',
  'message.timestamp.before.max.ms': 'log.message.timestamp.before.max.ms',
  'message.timestamp.type': 'log.message.timestamp.type',
  'min.cleanable.dirty.ratio': 'log.cleaner.min.cleanable.ratio',
  'min.compaction.lag.ms': 'log.cleaner.min.compaction.lag.ms',
  'min.insync.replicas': 'min.insync.replicas',
  preallocate: 'log.preallocate',
  'retention.bytes': 'log.retention.bytes',
  'segment.bytes': 'log.segment.bytes',
  'segment.index.bytes': 'log.index.size.max.bytes',
  'unclean.leader.election.enable': 'unclean.leader.election.enable',
};

export function brokerConfigDefinitions(nodeCount: number): ConfigDefinition[] {
  const rf = String(Math.min(3, Math.max(1, nodeCount)));
  return [
    def('auto.create.topics.enable', 'BOOLEAN', 'false'),
    def('default.replication.factor', 'INT', rf),
    def('log.dirs', 'STRING', '/var/lib/kafka/data'),
    def('log.retention.hours', 'INT', '168'),
    def('message.max.bytes', 'INT', '1048588', true),
    def('min.insync.replicas', 'INT', '1', true),
    def('num.partitions', 'INT', '1'),
    def('process.roles', 'LIST', 'broker,controller'),
    def('unstable.api.versions.enable', 'BOOLEAN', 'true'),
    def('unstable.feature.versions.enable', 'BOOLEAN', 'true'),
    def('mirror.state.topic.num.partitions', 'INT', '50'),
    def('mirror.state.topic.replication.factor', 'SHORT', rf),
    def('mirror.num.replica.fetchers', 'INT', '1', true),
    // The prototype's default is 60000; a playground wants discovery within seconds.
    def('mirror.metadata.refresh.interval.ms', 'LONG', '60000', true),
    def('mirror.failed.retry.initial.backoff.ms', 'LONG', '1000', true),
    def('mirror.failed.retry.max.backoff.ms', 'LONG', '300000', true),
    def('mirror.failed.retry.max.attempts', 'INT', '100', true),
    def('mirror.replication.throttled.rate', 'LONG', '9223372036854775807', true),
  ];
}

const RANGES: Partial<Record<ConfigTypeName, readonly [bigint, bigint]>> = {
  SHORT: [-(2n ** 15n), 2n ** 15n - 1n],
  INT: [-(2n ** 31n), 2n ** 31n - 1n],
  LONG: [-(2n ** 63n), 2n ** 63n - 1n],
};

export function parseTypedValue(name: string, type: ConfigTypeName, value: string): string | null {
  const trimmed = value.trim();
  const fail = (reason: string): string => `Invalid value ${value} for configuration ${name}: ${reason}`;
  const range = RANGES[type];
  if (range) {
    if (!/^[+-]?\d+$/.test(trimmed)) return fail(`Not a number of type ${type}`);
    const n = BigInt(trimmed);
    return n < range[0] || n > range[1] ? fail(`Not a number of type ${type}`) : null;
  }
  if (type === 'BOOLEAN') {
    return /^(true|false)$/i.test(trimmed) ? null : fail('Expected value to be either true or false');
  }
  if (type === 'DOUBLE') {
    return trimmed !== '' && Number.isFinite(Number(trimmed)) ? null : fail('Not a number of type DOUBLE');
  }
  return null;
}

export function applyListOperation(current: string | null, operation: 'APPEND' | 'SUBTRACT', value: string): string {
  const parts = (current ?? '').split(',').filter((s) => s.length > 0);
  for (const item of value.split(',')) {
    if (operation === 'APPEND') {
      if (!parts.includes(item)) parts.push(item);
    } else {
      const at = parts.indexOf(item);
      if (at >= 0) parts.splice(at, 1);
    }
  }
  return parts.join(',');
}
