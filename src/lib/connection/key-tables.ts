// The keys of a Kafka client properties file (--command-config, --source-config) as kmirror reads them: those it
// uses, those it knows and ignores (with a note), and a suggestion for a misspelt one.

import { closestKey } from '../kafka/closest-key.js';
import { type PropertyEntry } from './properties-file.js';

const USED_KEYS = new Set([
  'bootstrap.servers',
  'client.id',
  'security.protocol',
  'sasl.mechanism',
  'sasl.jaas.config',
  'ssl.truststore.type',
  'ssl.truststore.location',
  'ssl.truststore.password',
  'ssl.truststore.certificates',
  'ssl.keystore.type',
  'ssl.keystore.location',
  'ssl.keystore.password',
  'ssl.keystore.key',
  'ssl.keystore.certificate.chain',
  'ssl.key.password',
  'ssl.endpoint.identification.algorithm',
  'config.providers',
]);

// Valid Kafka client settings that do not change how kmirror connects: warning about each would bury real typos.
const IGNORED_KEYS = new Set([
  'acks',
  'allow.auto.create.topics',
  'auto.commit.interval.ms',
  'auto.include.jmx.reporter',
  'auto.offset.reset',
  'batch.size',
  'bootstrap.controllers',
  'buffer.memory',
  'check.crcs',
  'client.dns.lookup',
  'client.rack',
  'compression.type',
  'connections.max.idle.ms',
  'default.api.timeout.ms',
  'delivery.timeout.ms',
  'enable.auto.commit',
  'enable.idempotence',
  'enable.metrics.push',
  'exclude.internal.topics',
  'fetch.max.bytes',
  'fetch.max.wait.ms',
  'fetch.min.bytes',
  'group.id',
  'group.instance.id',
  'group.protocol',
  'group.remote.assignor',
  'heartbeat.interval.ms',
  'interceptor.classes',
  'isolation.level',
  'key.deserializer',
  'key.serializer',
  'linger.ms',
  'max.block.ms',
  'max.in.flight.requests.per.connection',
  'max.partition.fetch.bytes',
  'max.poll.interval.ms',
  'max.poll.records',
  'max.request.size',
  'metadata.max.age.ms',
  'metadata.max.idle.ms',
  'metadata.recovery.strategy',
  'metadata.recovery.rebootstrap.trigger.ms',
  'metric.reporters',
  'partition.assignment.strategy',
  'partitioner.class',
  'receive.buffer.bytes',
  'reconnect.backoff.max.ms',
  'reconnect.backoff.ms',
  'request.timeout.ms',
  'retries',
  'retry.backoff.max.ms',
  'retry.backoff.ms',
  'security.providers',
  'send.buffer.bytes',
  'session.timeout.ms',
  'socket.connection.setup.timeout.max.ms',
  'socket.connection.setup.timeout.ms',
  'ssl.cipher.suites',
  'ssl.enabled.protocols',
  'ssl.engine.factory.class',
  'ssl.keymanager.algorithm',
  'ssl.protocol',
  'ssl.provider',
  'ssl.secure.random.implementation',
  'ssl.trustmanager.algorithm',
  'transaction.timeout.ms',
  'transactional.id',
  'value.deserializer',
  'value.serializer',
  'host.resolver.class',
]);
const IGNORED_PREFIXES = [
  'metrics.',
  'sasl.kerberos.',
  'sasl.login.',
  'sasl.oauthbearer.',
  'sasl.client.',
  'sasl.server.',
  'config.providers.',
  'schema.registry.',
  'basic.auth.',
  'bearer.auth.',
];

export function located(fileName: string, entry: PropertyEntry): string {
  return entry.origin ?? `${fileName} line ${entry.line}`;
}

export function suggestKey(key: string): string | undefined {
  return closestKey(key, [...USED_KEYS, ...IGNORED_KEYS], 2);
}

export function reportUnknownKeys(
  entries: ReadonlyMap<string, PropertyEntry>,
  file: string,
  warn: (m: string) => void,
): void {
  for (const { key, line } of entries.values()) {
    if (USED_KEYS.has(key) || IGNORED_KEYS.has(key) || IGNORED_PREFIXES.some((prefix) => key.startsWith(prefix)))
      continue;
    if (key.startsWith('mirror.')) {
      warn(
        `${file} line ${line}: '${key}' is a mirror setting, not a client setting; it is ignored here ` +
          `(mirror settings go in the mirror's own configuration)`,
      );
      continue;
    }
    const suggestion = suggestKey(key);
    warn(`${file} line ${line}: unknown key '${key}' ignored${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`);
  }
}
