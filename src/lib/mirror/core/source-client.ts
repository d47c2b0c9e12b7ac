// Reaching a mirror's SOURCE from this machine: DescribeConfigs on resource type 64 returns the stored
// connection keys in clear text (PROTOCOL.md §11.1); they may name files that exist only on the brokers,
// so --source-config can replace them.

import { type ConnectionConfig, connectionFromProperties } from '../../connection/connection-config.js';
import { SettingsError } from '../../connection/errors.js';
import { InvalidInputError, SourceClusterError } from './errors.js';
import type { PropertyEntry } from '../../connection/properties-file.js';
import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { DescribeConfigs, Metadata } from '../../kafka/messages/index.js';
import { ZERO_UUID } from '../../kafka/wire/uuid.js';

/** ConfigResource type CLUSTER_MIRROR (PROTOCOL.md §7). */
export const CLUSTER_MIRROR_RESOURCE = 64;

export async function describeMirrorConfigs(client: KafkaClient, mirror: string): Promise<Map<string, string>> {
  const response = await client.send(DescribeConfigs, {
    Resources: [{ ResourceType: CLUSTER_MIRROR_RESOURCE, ResourceName: mirror, ConfigurationKeys: null }],
    IncludeSynonyms: false,
    IncludeDocumentation: false,
  });
  const result = response.Results[0];
  if (!result) return new Map();
  if (result.ErrorCode !== 0)
    throw new KafkaProtocolError(result.ErrorCode, 'DescribeConfigs', result.ErrorMessage, undefined, mirror);
  return new Map(result.Configs.filter((c) => c.Value !== null).map((c) => [c.Name, c.Value ?? '']));
}

const CONNECTION_KEYS = new Set(['bootstrap.servers', 'security.protocol', 'sasl.mechanism', 'sasl.jaas.config']);

export function isConnectionKey(key: string): boolean {
  return CONNECTION_KEYS.has(key) || key.startsWith('ssl.');
}

// An override of one key of a group replaces the whole stored group, so a local PEM truststore
// does not collide with the broker-side JKS location it stands in for.
const GROUPS: readonly ((key: string) => boolean)[] = [
  (key) => key.startsWith('ssl.truststore.'),
  (key) => key.startsWith('ssl.keystore.') || key === 'ssl.key.password',
  (key) => key.startsWith('sasl.'),
];

export interface SourceSettingsInput {
  readonly mirror: string;
  readonly stored: ReadonlyMap<string, string>;
  readonly override?: ReadonlyMap<string, PropertyEntry>;
  readonly overrideName?: string;
}

export function sourceProperties(input: SourceSettingsInput): Map<string, PropertyEntry> {
  const storedOrigin = `mirror '${input.mirror}' stored config`;
  const merged = new Map<string, PropertyEntry>();
  for (const [key, value] of input.stored) {
    if (isConnectionKey(key)) merged.set(key, { key, value, line: 0, origin: storedOrigin });
  }
  const override = input.override ?? new Map<string, PropertyEntry>();
  for (const group of GROUPS) {
    if ([...override.keys()].some(group)) for (const key of [...merged.keys()]) if (group(key)) merged.delete(key);
  }
  for (const [key, entry] of override) {
    merged.set(key, { ...entry, origin: `${input.overrideName ?? '--source-config'} line ${entry.line}` });
  }
  // The mirror's ConfigDef defaults sasl.mechanism to PLAIN, not Kafka's usual GSSAPI (PROTOCOL.md §11.1).
  const protocol = merged.get('security.protocol')?.value.trim().toUpperCase();
  if ((protocol === 'SASL_PLAINTEXT' || protocol === 'SASL_SSL') && !merged.has('sasl.mechanism')) {
    merged.set('sasl.mechanism', {
      key: 'sasl.mechanism',
      value: 'PLAIN',
      line: 0,
      origin: `${storedOrigin} (default)`,
    });
  }
  return merged;
}

const SOURCE_CONFIG_HINT =
  'the mirror stores how the destination brokers reach the source; when that does not work from this machine ' +
  "(e.g. a truststore path that exists only on the brokers, or an internal address), give this machine's " +
  'settings with --source-config FILE';

export async function sourceConnection(
  input: SourceSettingsInput,
  warn: (message: string) => void,
): Promise<ConnectionConfig> {
  const properties = sourceProperties(input);
  if (!properties.has('bootstrap.servers')) {
    throw new InvalidInputError(
      `mirror '${input.mirror}' has no bootstrap.servers in its stored config, so kmirror cannot reach its ` +
        `source cluster`,
      {
        hint: 'give the source connection with --source-config FILE (bootstrap.servers and security settings)',
      },
    );
  }
  const origin = input.override
    ? `the source settings (mirror '${input.mirror}' stored config and ${input.overrideName ?? '--source-config'})`
    : `mirror '${input.mirror}' stored config`;
  try {
    // No KMIRROR_* secrets: those belong to the destination connection, never sent to the source.
    return await connectionFromProperties(properties, origin, { env: {}, warn });
  } catch (err) {
    if (err instanceof SettingsError)
      throw new SettingsError(err.message, {
        hint: `${err.hint ? `${err.hint}; ` : ''}${SOURCE_CONFIG_HINT}`,
        cause: err,
      });
    throw err;
  }
}

export async function listSourceTopics(
  source: KafkaClient,
  bootstrap: readonly string[],
): Promise<Map<string, SourceTopic>> {
  try {
    const response = await source.send(Metadata, {
      Topics: null,
      AllowAutoTopicCreation: false,
      IncludeTopicAuthorizedOperations: false,
    });
    const topics = new Map<string, SourceTopic>();
    for (const t of response.Topics) {
      if (t.ErrorCode !== 0 || t.Name === null) continue;
      topics.set(t.Name, {
        name: t.Name,
        topicId: t.TopicId === ZERO_UUID ? null : t.TopicId,
        partitions: t.Partitions.length,
        internal: t.IsInternal,
      });
    }
    return topics;
  } catch (err) {
    throw new SourceClusterError(
      `cannot read the topics of the source cluster (${bootstrap.join(',')})`,
      SOURCE_CONFIG_HINT,
      err,
    );
  }
}

export interface SourceTopic {
  readonly name: string;
  readonly topicId: string | null;
  readonly partitions: number;
  readonly internal: boolean;
}
