// mirror/lifecycle/: `kmirror create` checks the whole config map before sending, looks up the source cluster
// id the way the Java Admin does (a second client, DescribeCluster); the same map is what the destination
// brokers use to reach the source (PROTOCOL.md §11.1).

import { type ConnectionConfig, connectionFromProperties } from '../../connection/connection-config.js';
import { SettingsError } from '../../connection/errors.js';
import { InvalidInputError, KafkaResponseError, MirrorError } from '../core/errors.js';
import { type PropertyEntry, readPropertiesFile } from '../../connection/properties-file.js';
import { REDACTED } from '../../connection/redact.js';
import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError, errors } from '../../kafka/error-codes.js';
import { CreateClusterMirror } from '../../kafka/messages/index.js';
import { mirrorListed } from '../core/list.js';
import { type ReadBack, applied, conflict, notApplied, sendOrReadBack } from '../core/read-back.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import { mirrorConfigKey } from '../config/config-keys.js';
import {
  checkConfigValue,
  replacedDefaultWarnings,
  isSensitiveMirrorKey,
  parseKeyValue,
  validateMirrorName,
} from '../config/config-validation.js';
import { BOOTSTRAP_KEY, SOURCE_CLUSTER_ID_KEY } from '../config/config-keys.js';
import { checkPattern } from '../patterns/pattern-check.js';
import type { LoopCheck } from '../describe/loop-check.js';

export interface CreateMirrorInput {
  readonly mirror: string;
  readonly sourceBootstrap?: string | undefined;
  readonly sourceConfigFile?: string | undefined;
  readonly config: readonly string[];
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly sourceClusterId?: string | undefined;
  readonly allowUnknownConfig: boolean;
  readonly baseConfig?: { readonly config: ReadonlyMap<string, string>; readonly origin: string };
  readonly askSourceBootstrap: () => Promise<string>;
}

export interface CreateMirrorPlan {
  readonly mirror: string;
  readonly sourceBootstrap: string;
  readonly config: ReadonlyMap<string, string>;
  readonly sourceClusterId: string | null;
  readonly sourceConnection: ConnectionConfig | null;
  readonly sourceConnectionProblem: SettingsError | null;
  readonly warnings: readonly string[];
}

export interface CreateMirrorResult {
  /**
   * @minLength 1
   * @maxLength 249
   * @pattern ^[A-Za-z0-9._-]+$
   */
  readonly mirror: string;
  /** @minLength 1 */
  readonly sourceBootstrap: string;
  /** @minLength 1 */
  readonly sourceClusterId: string;
  /** The configs sent (or that would be sent), secrets masked. */
  readonly config: Record<string, string>;
  /** With mirror.topics.include: whether the source mirrors a matching topic from this cluster. */
  readonly loopCheck: LoopCheck | null;
  readonly dryRun: boolean;
}

export function sourceBootstrapProblem(value: string): true | string {
  try {
    checkConfigValue(BOOTSTRAP_KEY, value, { allowUnknown: false, origin: '--source-bootstrap' });
    return true;
  } catch (err) {
    return err instanceof Error ? err.message.replace(/^--source-bootstrap: (bootstrap\.servers: )?/, '') : String(err);
  }
}

function fileOrigin(file: string, entry: PropertyEntry): string {
  return `--source-config '${file}' line ${entry.line}`;
}

function joinPatterns(flag: string, patterns: readonly string[], warnings: string[]): string {
  for (const pattern of patterns) warnings.push(...checkPattern(pattern, flag));
  return [...new Set(patterns)].join(',');
}

export async function planCreateMirror(input: CreateMirrorInput): Promise<CreateMirrorPlan> {
  validateMirrorName(input.mirror);
  const warnings: string[] = [];
  const config = new Map<string, string>();
  const origins = new Map<string, string>();

  for (const [key, value] of input.baseConfig?.config ?? []) {
    const origin = `${input.baseConfig?.origin ?? 'settings'} (${key})`;
    warnings.push(
      ...checkConfigValue(key, value, { allowUnknown: input.allowUnknownConfig, origin, storesUnknown: true }),
    );
    config.set(key, value);
    origins.set(key, origin);
  }
  let fileEntries = new Map<string, PropertyEntry>();
  if (input.sourceConfigFile !== undefined) {
    fileEntries = readPropertiesFile(input.sourceConfigFile, '--source-config');
    for (const [key, entry] of fileEntries) {
      const origin = fileOrigin(input.sourceConfigFile, entry);
      warnings.push(
        ...checkConfigValue(key, entry.value, { allowUnknown: input.allowUnknownConfig, origin, storesUnknown: true }),
      );
      warnings.push(...replacedDefaultWarnings(key, entry.value, origin));
      config.set(key, entry.value);
      origins.set(key, origin);
    }
  }
  const fromFlags = new Set<string>();
  for (const text of input.config) {
    const { key, value } = parseKeyValue(text, '--config');
    if (fromFlags.has(key))
      throw new InvalidInputError(`--config ${key} is given twice`, { hint: 'give each key once' });
    fromFlags.add(key);
    warnings.push(
      ...checkConfigValue(key, value, {
        allowUnknown: input.allowUnknownConfig,
        origin: '--config',
        storesUnknown: true,
      }),
    );
    warnings.push(...replacedDefaultWarnings(key, value, '--config'));
    config.set(key, value);
    origins.set(key, `--config ${key}`);
  }

  for (const [flag, key, patterns] of [
    ['--include', 'mirror.topics.include', input.include],
    ['--exclude', 'mirror.topics.exclude', input.exclude],
  ] as const) {
    if (patterns.length === 0) continue;
    if (fromFlags.has(key))
      throw new InvalidInputError(`${flag} and --config ${key} both set ${key}`, {
        hint: `use one of them (${flag} can be repeated)`,
      });
    config.set(key, joinPatterns(flag, patterns, warnings));
    origins.set(key, flag);
  }

  const conflict = (flag: string, key: string, value: string | undefined): void => {
    const other = config.get(key);
    if (value !== undefined && other !== undefined && other.trim() !== value.trim()) {
      throw new InvalidInputError(
        `${flag} '${value}' disagrees with ${key}=${other} from ${origins.get(key) ?? 'the config'}`,
        { hint: `give ${key} once` },
      );
    }
  };
  conflict('--source-bootstrap', BOOTSTRAP_KEY, input.sourceBootstrap);
  conflict('--source-cluster-id', SOURCE_CLUSTER_ID_KEY, input.sourceClusterId);

  let sourceBootstrap = input.sourceBootstrap ?? config.get(BOOTSTRAP_KEY);
  if (sourceBootstrap === undefined) sourceBootstrap = await input.askSourceBootstrap();
  const bootstrapProblem = sourceBootstrapProblem(sourceBootstrap);
  if (bootstrapProblem !== true)
    throw new InvalidInputError(`--source-bootstrap: ${bootstrapProblem}`, {
      hint: 'give the SOURCE cluster brokers as host:port[,host:port…]',
    });
  sourceBootstrap = sourceBootstrap.trim();
  if (!origins.has(BOOTSTRAP_KEY)) origins.set(BOOTSTRAP_KEY, '--source-bootstrap');
  config.set(BOOTSTRAP_KEY, sourceBootstrap);

  let sourceClusterId: string | null = input.sourceClusterId ?? config.get(SOURCE_CLUSTER_ID_KEY) ?? null;
  if (sourceClusterId !== null) {
    sourceClusterId = sourceClusterId.trim();
    if (sourceClusterId === '')
      throw new InvalidInputError('--source-cluster-id is empty', {
        hint: 'leave it out and kmirror reads the id from the source cluster',
      });
    config.set(SOURCE_CLUSTER_ID_KEY, sourceClusterId);
  }

  // A given id is checked against the source too; settings unusable here only block that check (--force).
  let sourceConnection: ConnectionConfig | null = null;
  let sourceConnectionProblem: SettingsError | null = null;
  try {
    sourceConnection = await sourceConnectionFor(config, origins, fileEntries, warnings);
  } catch (err) {
    if (sourceClusterId === null || !(err instanceof SettingsError)) throw err;
    sourceConnectionProblem = err;
  }
  return {
    mirror: input.mirror,
    sourceBootstrap,
    config,
    sourceClusterId,
    sourceConnection,
    sourceConnectionProblem,
    warnings,
  };
}

/** The mirror's own security settings, as the Java Admin builds its second client from the same map. */
async function sourceConnectionFor(
  config: ReadonlyMap<string, string>,
  origins: ReadonlyMap<string, string>,
  fileEntries: ReadonlyMap<string, PropertyEntry>,
  warnings: string[],
): Promise<ConnectionConfig> {
  const entries = new Map<string, PropertyEntry>();
  for (const [key, value] of config) {
    if (key.startsWith('mirror.')) continue;
    entries.set(key, { key, value, line: fileEntries.get(key)?.line ?? 0, origin: origins.get(key) ?? key });
  }
  // The mirror's sasl.mechanism defaults to PLAIN (PROTOCOL.md §11.1), not to Kafka's GSSAPI.
  const protocol = config.get('security.protocol')?.trim().toUpperCase();
  if ((protocol === 'SASL_SSL' || protocol === 'SASL_PLAINTEXT') && !entries.has('sasl.mechanism')) {
    const mechanism = mirrorConfigKey('sasl.mechanism')?.default ?? 'PLAIN';
    entries.set('sasl.mechanism', {
      key: 'sasl.mechanism',
      value: mechanism,
      line: 0,
      origin: 'the mirror default of sasl.mechanism',
    });
  }
  try {
    // No KMIRROR_* secrets: those belong to the destination connection.
    return await connectionFromProperties(entries, 'the source settings', {
      env: {},
      warn: (message) => warnings.push(`source cluster: ${message}`),
    });
  } catch (err) {
    if (err instanceof SettingsError) {
      throw new SettingsError(`cannot connect to the source cluster to read its id: ${err.message}`, {
        hint:
          `${err.hint ? `${err.hint}; ` : ''}or pass --source-cluster-id ID --force so kmirror need not ` +
          `connect to the source (the brokers still use these settings)`,
      });
    }
    throw err;
  }
}

export function maskedConfig(config: ReadonlyMap<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...config.keys()].sort()) {
    const value = config.get(key) ?? '';
    out[key] = isSensitiveMirrorKey(key) && value !== '' ? REDACTED : value;
  }
  return out;
}

/** Codes Create returns after the mirror config was committed (PROTOCOL.md §3 step 6). */
const STATE_TOPIC_FAILURES = new Set([29, 38]);

/** A mirror of that name with another source is someone else's, not this create's. */
function createdMirror(client: KafkaClient, mirror: string, config: ReadonlyMap<string, string>): ReadBack<null> {
  return {
    readWith: 'ListClusterMirrors and DescribeConfigs',
    checkWith: `kmirror list and kmirror config get ${mirror}`,
    read: async () => {
      if (!(await mirrorListed(client, mirror))) return notApplied(`mirror '${mirror}' is not listed`);
      const stored = await describeMirrorConfigs(client, mirror);
      const differs = [BOOTSTRAP_KEY, SOURCE_CLUSTER_ID_KEY].filter((k) => stored.get(k) !== config.get(k));
      if (differs.length > 0)
        return conflict(
          new MirrorError(
            `a mirror named '${mirror}' exists, but its ` +
              `${differs.map((k) => `${k} (${stored.get(k) ?? 'unset'})`).join(' and ')} is not what kmirror ` +
              `sent`,
            'failed',
            { hint: 'it is not the mirror this command created; pick another name, or kmirror delete it first' },
          ),
        );
      return applied(null);
    },
  };
}

export async function sendCreateMirror(
  client: KafkaClient,
  mirror: string,
  config: ReadonlyMap<string, string>,
  warn: (message: string) => void = () => undefined,
): Promise<void> {
  const request = { MirrorName: mirror, Config: [...config].map(([Name, Value]) => ({ Name, Value })) };
  const response = await sendOrReadBack(
    () => client.send(CreateClusterMirror, request),
    createdMirror(client, mirror, config),
    warn,
  );
  if (response === null) return;
  const code = response.ErrorCode;
  if (code === 0) return;
  const said = response.ErrorMessage?.trim() ? `: ${response.ErrorMessage.trim()}` : '';
  if (STATE_TOPIC_FAILURES.has(code)) {
    const info = kafkaError(code);
    const replicationCause =
      'mirror.state.topic.replication.factor (default 3) is more than the live brokers: ' +
      'lower it in the broker config or add brokers';
    const authorizationCause =
      'your principal may not create topics: grant CREATE on the cluster or on topic __mirror_state, ' +
      'or let an admin create __mirror_state';
    throw new MirrorError(
      `the mirror '${mirror}' WAS created, but the broker could not create __mirror_state: ${info.name} ` +
        `(${info.message})${said}`,
      'failed',
      {
        hint:
          `do not retry create (it would say 'already exists'); fix the cause ` +
          `(${code === errors.INVALID_REPLICATION_FACTOR.code ? replicationCause : authorizationCause}) ` +
          `and continue with kmirror add-topics ${mirror}`,
        kafkaError: { code, name: info.name },
      },
    );
  }
  if (code === errors.INVALID_REQUEST.code) {
    throw new MirrorError(
      `the broker refused to create mirror '${mirror}' as an invalid request (INVALID_REQUEST)${said}: it ` +
        `requires bootstrap.servers and mirror.source.cluster.id, and kmirror sent both ` +
        (`(bootstrap.servers=${config.get(BOOTSTRAP_KEY) ?? '?'}, ` +
          `mirror.source.cluster.id=${config.get(SOURCE_CLUSTER_ID_KEY) ?? '?'}), so the broker disagrees ` +
          `about one of them`),
      'failed',
      {
        hint:
          'the reason is only in the controller log; check that the broker build implements ' +
          'CreateClusterMirror as the prototype does',
        kafkaError: { code, name: kafkaError(code).name },
      },
    );
  }
  throw new KafkaResponseError(code, response.ErrorMessage, { api: 'CreateClusterMirror', mirror });
}

export function createResult(
  plan: CreateMirrorPlan,
  config: ReadonlyMap<string, string>,
  sourceClusterId: string,
  dryRun: boolean,
  loopCheck: LoopCheck | null = null,
): CreateMirrorResult {
  return {
    mirror: plan.mirror,
    sourceBootstrap: plan.sourceBootstrap,
    sourceClusterId,
    config: maskedConfig(config),
    loopCheck,
    dryRun,
  };
}

export function withSourceClusterId(config: ReadonlyMap<string, string>, sourceClusterId: string): Map<string, string> {
  const out = new Map(config);
  out.set(SOURCE_CLUSTER_ID_KEY, sourceClusterId);
  return out;
}
