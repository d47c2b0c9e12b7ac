// The mirror-level config keys of the KIP-1279 prototype (PROTOCOL.md §11.1): the broker accepts exactly
// these on a CLUSTER_MIRROR resource; kmirror's validation and the emulator read this one table.

import { LevelValidators, type ConfigValidator, type ValidatorsByFeature } from './feature-levels.js';

export type MirrorConfigType = 'STRING' | 'INT' | 'LONG' | 'LIST' | 'PASSWORD';

export interface MirrorConfigKey {
  readonly name: string;
  readonly type: MirrorConfigType;
  readonly default: string | null;
  readonly sensitive: boolean;
  readonly min?: number;
  readonly oneOf?: readonly string[];
  readonly required?: boolean;
  /** The validator in force is the entry of the highest level at or below the cluster's. */
  readonly byFeatureLevel: ValidatorsByFeature;
}

const TOPIC_PROPERTIES_EXCLUDE_DEFAULT = [
  'follower.replication.throttled.replicas',
  'leader.replication.throttled.replicas',
  'message.timestamp.difference.max.ms',
  'log.message.timestamp.before.max.ms',
  'log.message.timestamp.after.max.ms',
  'message.timestamp.type',
  'unclean.leader.election.enable',
  'min.insync.replicas',
].join(',');

function key(
  name: string,
  type: MirrorConfigType,
  defaultValue: string | null,
  extra: Partial<Pick<MirrorConfigKey, 'min' | 'oneOf' | 'required'>> = {},
): MirrorConfigKey {
  const spec = { name, type, default: defaultValue, sensitive: type === 'PASSWORD', ...extra };
  return { ...spec, byFeatureLevel: { 'mirror.version': new LevelValidators([[0, baseValidator(spec)]]) } };
}

type KeySpec = Omit<MirrorConfigKey, 'byFeatureLevel'>;

export function baseValidator(spec: KeySpec): ConfigValidator {
  const bound = spec.min !== undefined ? `, at least ${spec.min}` : '';
  return {
    rule: spec.oneOf ? `one of ${spec.oneOf.join(', ')}` : `${spec.type}${bound}`,
    check: (value) => {
      const parsed = parseWithSpec(spec, value);
      return parsed.ok ? null : parsed.reason;
    },
  };
}

export const MIRROR_CONFIG_KEYS: readonly MirrorConfigKey[] = [
  key('bootstrap.servers', 'LIST', null, { required: true }),
  key('mirror.source.cluster.id', 'STRING', null, { required: true }),
  key('request.timeout.ms', 'INT', '30000', { min: 0 }),
  key('socket.connection.setup.timeout.ms', 'LONG', '10000', { min: 0 }),
  key('socket.connection.setup.timeout.max.ms', 'LONG', '30000', { min: 0 }),
  key('connections.max.idle.ms', 'LONG', '600000'),
  key('mirror.fetch.wait.max.ms', 'INT', '1000', { min: 0 }),
  key('mirror.fetch.backoff.ms', 'LONG', '1000', { min: 0 }),
  key('mirror.fetch.min.bytes', 'INT', '1', { min: 0 }),
  key('mirror.fetch.response.max.bytes', 'INT', '10485760', { min: 0 }),
  key('mirror.fetch.max.bytes', 'INT', '1048576', { min: 0 }),
  key('mirror.socket.timeout.ms', 'INT', '30000', { min: 0 }),
  key('mirror.socket.receive.buffer.bytes', 'INT', '65536', { min: 0 }),
  key('mirror.topic.properties.exclude', 'LIST', TOPIC_PROPERTIES_EXCLUDE_DEFAULT),
  key('mirror.topics.include', 'LIST', ''),
  key('mirror.topics.exclude', 'LIST', '__.*'),
  key('mirror.groups.include', 'LIST', '.*'),
  key('mirror.groups.exclude', 'LIST', ''),
  key('mirror.acls.include', 'LIST', '*'),
  key('security.protocol', 'STRING', 'PLAINTEXT', { oneOf: ['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'] }),
  key('security.providers', 'STRING', null),
  key('sasl.mechanism', 'STRING', 'PLAIN'),
  key('sasl.jaas.config', 'PASSWORD', null),
  key('sasl.client.callback.handler.class', 'STRING', null),
  key('sasl.login.callback.handler.class', 'STRING', null),
  key('sasl.login.class', 'STRING', null),
  key('sasl.kerberos.service.name', 'STRING', null),
  key('ssl.protocol', 'STRING', 'TLSv1.3'),
  key('ssl.provider', 'STRING', null),
  key('ssl.cipher.suites', 'LIST', null),
  key('ssl.enabled.protocols', 'LIST', null),
  key('ssl.keystore.type', 'STRING', 'JKS'),
  key('ssl.keystore.location', 'STRING', null),
  key('ssl.keystore.password', 'PASSWORD', null),
  key('ssl.key.password', 'PASSWORD', null),
  key('ssl.keystore.key', 'PASSWORD', null),
  key('ssl.keystore.certificate.chain', 'PASSWORD', null),
  key('ssl.truststore.type', 'STRING', 'JKS'),
  key('ssl.truststore.location', 'STRING', null),
  key('ssl.truststore.password', 'PASSWORD', null),
  key('ssl.truststore.certificates', 'PASSWORD', null),
  // The JVM picks these two; SunX509/PKIX are what every mainstream JVM answers.
  key('ssl.keymanager.algorithm', 'STRING', 'SunX509'),
  key('ssl.trustmanager.algorithm', 'STRING', 'PKIX'),
  key('ssl.endpoint.identification.algorithm', 'STRING', 'https'),
  key('ssl.secure.random.implementation', 'STRING', null),
  key('ssl.engine.factory.class', 'STRING', null),
];

const BY_NAME = new Map(MIRROR_CONFIG_KEYS.map((k) => [k.name, k]));

export function mirrorConfigKey(name: string): MirrorConfigKey | undefined {
  return BY_NAME.get(name);
}

export type MirrorConfigParseResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly message: string;
      /** The message without its 'Invalid value … for configuration …: ' lead. */ readonly reason: string;
    };

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

function invalid(name: string, value: string, reason: string): MirrorConfigParseResult {
  // Same wording as Kafka's ConfigException, which the broker returns as the error message.
  return { ok: false, message: `Invalid value ${value} for configuration ${name}: ${reason}`, reason };
}

/** Parsed as the broker's ConfigDef does: trimmed, Java integer syntax. */
export function parseMirrorConfigValue(name: string, value: string): MirrorConfigParseResult {
  const spec = BY_NAME.get(name);
  if (!spec) return { ok: false, message: `Unknown mirror configuration: ${name}`, reason: 'unknown key' };
  return parseWithSpec(spec, value);
}

function parseWithSpec(spec: KeySpec, value: string): MirrorConfigParseResult {
  const name = spec.name;
  const trimmed = value.trim();
  if (spec.type === 'INT' || spec.type === 'LONG') {
    if (!/^[+-]?\d+$/.test(trimmed)) return invalid(name, value, `Not a number of type ${spec.type}`);
    const n = BigInt(trimmed);
    const [lo, hi] = spec.type === 'INT' ? [BigInt(INT_MIN), BigInt(INT_MAX)] : [LONG_MIN, LONG_MAX];
    if (n < lo || n > hi) return invalid(name, value, `Not a number of type ${spec.type}`);
    if (spec.min !== undefined && n < BigInt(spec.min))
      return invalid(name, value, `Value must be at least ${spec.min}`);
    return { ok: true };
  }
  if (spec.oneOf && !spec.oneOf.includes(trimmed)) {
    return invalid(name, value, `String must be one of: ${spec.oneOf.join(', ')}`);
  }
  return { ok: true };
}

export const BOOTSTRAP_KEY = 'bootstrap.servers';

export const SOURCE_CLUSTER_ID_KEY = 'mirror.source.cluster.id';
