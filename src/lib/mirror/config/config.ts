// mirror/config/: configs as resources of type 64 (CLUSTER_MIRROR, PROTOCOL.md §7). The prototype returns stored
// keys only, in clear text, flagged non-sensitive, ignores the key filter, answers an unknown name with an
// empty success and creates entries when one is altered: kmirror masks, filters and checks existence itself.

import { InvalidInputError, KafkaResponseError, MirrorError, NotFoundError } from '../core/errors.js';
import { REDACTED } from '../../connection/redact.js';
import type { BrokerInfo, KafkaClient } from '../../kafka/client.js';
import { DescribeConfigs, IncrementalAlterConfigs, ListClusterMirrors } from '../../kafka/messages/index.js';
import { CONFIG_APIS } from '../core/apis.js';
import { MIRROR_CONFIG_KEYS, type MirrorConfigType, mirrorConfigKey } from './config-keys.js';
import { AnswerLostError } from '../../kafka/errors.js';
import { type ReadBack, applied, notApplied, sendOrReadBack } from '../core/read-back.js';
import {
  checkConfigValue,
  deleteProblem,
  isSensitiveMirrorKey,
  parseKeyValue,
  replacedDefaultWarnings,
  suggestMirrorKey,
} from './config-validation.js';
import { errors } from '../../kafka/error-codes.js';
import type { LoopCheck } from '../describe/loop-check.js';
import { splitListValue } from '../core/list-value.js';

export const CLUSTER_MIRROR_RESOURCE_TYPE = 64;

export interface MirrorConfigEntry {
  /** @minLength 1 */
  readonly name: string;
  /** Masked unless secrets were asked for; null when a default is null. */
  readonly value: string | null;
  /** `mirror`: stored for this mirror; `default`: not stored, the broker's default applies. */
  readonly source: 'mirror' | 'default';
  readonly sensitive: boolean;
  /** From kmirror's key table; null for a stored key the table does not know. */
  readonly type: MirrorConfigType | null;
}

export interface MirrorConfigs {
  readonly mirror: string;
  readonly configs: MirrorConfigEntry[];
}

/** The prototype does not gate type 64 on mirror.version, so a disabled feature is only a warning. */
export async function requireMirrorConfigApis(
  client: KafkaClient,
  warn: (message: string) => void,
): Promise<BrokerInfo> {
  const info = await client.requireMirroring([...CONFIG_APIS, ListClusterMirrors], { allowDisabled: true });
  if (client.mirroringLevel(info) < 1) {
    warn(
      'Cluster Mirroring is disabled on this cluster (feature mirror.version is not finalized at 1); mirror ' +
        'configs can still be read and changed, but no mirror runs until it is enabled',
    );
  }
  return info;
}

export async function readStoredConfigs(client: KafkaClient, mirror: string): Promise<Map<string, string | null>> {
  const response = await client.send(DescribeConfigs, {
    Resources: [{ ResourceType: CLUSTER_MIRROR_RESOURCE_TYPE, ResourceName: mirror, ConfigurationKeys: null }],
    IncludeSynonyms: false,
    IncludeDocumentation: false,
  });
  const result =
    response.Results.find((r) => r.ResourceType === CLUSTER_MIRROR_RESOURCE_TYPE && r.ResourceName === mirror) ??
    response.Results[0];
  if (!result)
    throw new KafkaResponseError(
      errors.UNKNOWN_SERVER_ERROR.code,
      'the broker answered DescribeConfigs without a result',
      {
        api: 'DescribeConfigs',
        mirror,
      },
    );
  if (result.ErrorCode !== 0)
    throw new KafkaResponseError(result.ErrorCode, result.ErrorMessage, { api: 'DescribeConfigs', mirror });
  // An unknown name is an empty success on the prototype; every mirror has at least bootstrap.servers.
  if (result.Configs.length === 0) throw new NotFoundError('mirror', mirror);
  return new Map(result.Configs.map((c) => [c.Name, c.Value]));
}

function entry(
  name: string,
  value: string | null,
  source: MirrorConfigEntry['source'],
  showSecrets: boolean,
): MirrorConfigEntry {
  const sensitive = isSensitiveMirrorKey(name);
  return {
    name,
    value: sensitive && !showSecrets && value !== null && value !== '' ? REDACTED : value,
    source,
    sensitive,
    type: mirrorConfigKey(name)?.type ?? null,
  };
}

export interface ConfigViewOptions {
  readonly all?: boolean;
  readonly keys?: readonly string[];
  readonly showSecrets?: boolean;
}

export function configView(
  mirror: string,
  stored: ReadonlyMap<string, string | null>,
  options: ConfigViewOptions = {},
): MirrorConfigs {
  const showSecrets = options.showSecrets ?? false;
  const wanted = options.keys && options.keys.length > 0 ? new Set(options.keys) : undefined;
  for (const key of wanted ?? []) {
    if (!stored.has(key) && !mirrorConfigKey(key)) {
      const suggestion = suggestMirrorKey(key);
      throw new InvalidInputError(
        `'${key}' is not a mirror config key and is not stored for mirror ` +
          `'${mirror}'${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`,
        {
          hint: `kmirror config get ${mirror} --all lists every key`,
        },
      );
    }
  }
  const rows: MirrorConfigEntry[] = [];
  for (const [name, value] of stored)
    if (!wanted || wanted.has(name)) rows.push(entry(name, value, 'mirror', showSecrets));
  for (const spec of MIRROR_CONFIG_KEYS) {
    if (stored.has(spec.name)) continue;
    // A key asked for by name shows its default even without --all: that is the value in force.
    if (wanted ? wanted.has(spec.name) : options.all) rows.push(entry(spec.name, spec.default, 'default', showSecrets));
  }
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { mirror, configs: rows };
}

export async function getMirrorConfigs(
  client: KafkaClient,
  mirror: string,
  options: ConfigViewOptions = {},
): Promise<MirrorConfigs> {
  return configView(mirror, await readStoredConfigs(client, mirror), options);
}

export type ConfigOperation = 'SET' | 'DELETE' | 'APPEND' | 'SUBTRACT';

const OPERATION_CODES: Readonly<Record<ConfigOperation, number>> = { SET: 0, DELETE: 1, APPEND: 2, SUBTRACT: 3 };

export interface ConfigChange {
  readonly name: string;
  readonly operation: ConfigOperation;
  /** Sent as is; "" for DELETE, as kafka-configs.sh does. */
  readonly value: string;
}

export interface ConfigChangeRequest {
  readonly set: readonly string[];
  readonly delete: readonly string[];
  readonly append: readonly string[];
  readonly subtract: readonly string[];
  readonly allowUnknown: boolean;
}

export function planConfigChanges(request: ConfigChangeRequest): { changes: ConfigChange[]; warnings: string[] } {
  const changes: ConfigChange[] = [];
  const warnings: string[] = [];
  const seen = new Map<string, string>();
  const claim = (key: string, origin: string): void => {
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new InvalidInputError(`${key} is changed twice (${earlier} and ${origin})`, {
        hint: 'give each key once per command; the broker refuses duplicate keys in one request',
      });
    }
    seen.set(key, origin);
  };

  for (const text of request.set) {
    const { key, value } = parseKeyValue(text, 'argument');
    claim(key, `${key}=…`);
    warnings.push(...checkConfigValue(key, value, { allowUnknown: request.allowUnknown, origin: 'config set' }));
    warnings.push(...replacedDefaultWarnings(key, value, 'config set'));
    changes.push({ name: key, operation: 'SET', value });
  }
  for (const raw of request.delete) {
    const key = raw.trim();
    if (key === '' || key.includes('=')) {
      throw new InvalidInputError(`--delete takes a key name, not '${raw}'`, {
        hint: 'e.g. --delete mirror.groups.exclude',
      });
    }
    claim(key, `--delete ${key}`);
    if (!mirrorConfigKey(key))
      warnings.push(...checkConfigValue(key, '', { allowUnknown: request.allowUnknown, origin: '--delete' }));
    const problem = deleteProblem(key);
    if (problem) throw new InvalidInputError(problem.message, { hint: problem.hint });
    changes.push({ name: key, operation: 'DELETE', value: '' });
  }
  for (const [flag, operation, items] of [
    ['--append', 'APPEND', request.append],
    ['--subtract', 'SUBTRACT', request.subtract],
  ] as const) {
    for (const text of items) {
      const { key, value } = parseKeyValue(text, flag);
      claim(key, `${flag} ${key}=…`);
      const spec = mirrorConfigKey(key);
      if (spec && spec.type !== 'LIST') {
        throw new InvalidInputError(`${flag} works on LIST keys only; ${key} is ${spec.type}`, {
          hint: `set the whole value instead: kmirror config set MIRROR ${key}=<value>`,
        });
      }
      if (value.trim() === '')
        throw new InvalidInputError(`${flag} ${key}= has no value to ${operation === 'APPEND' ? 'add' : 'remove'}`);
      warnings.push(...checkConfigValue(key, value, { allowUnknown: request.allowUnknown, origin: flag }));
      changes.push({ name: key, operation, value });
    }
  }
  if (changes.length === 0) {
    throw new InvalidInputError('nothing to change', {
      hint: 'give KEY=VALUE arguments, --delete KEY, --append KEY=VALUE or --subtract KEY=VALUE',
    });
  }
  return { changes, warnings };
}

function inPlace(change: ConfigChange, stored: ReadonlyMap<string, string | null>): boolean {
  const items = splitListValue(change.value);
  const now = splitListValue(stored.get(change.name));
  switch (change.operation) {
    case 'SET':
      return stored.get(change.name) === change.value;
    case 'DELETE':
      return !stored.has(change.name) || stored.get(change.name) === null;
    case 'APPEND':
      return items.every((item) => now.includes(item));
    case 'SUBTRACT':
      return items.every((item) => !now.includes(item));
  }
}

function changesStored(client: KafkaClient, mirror: string, changes: readonly ConfigChange[]): ReadBack<null> {
  return {
    readWith: 'DescribeConfigs',
    checkWith: `kmirror config get ${mirror}`,
    read: async () => {
      const stored = await readStoredConfigs(client, mirror);
      const missing = changes.filter((c) => !inPlace(c, stored)).map((c) => `${c.operation} ${c.name}`);
      if (missing.length === 0) return applied(null);
      return notApplied(
        missing.length === changes.length
          ? `the stored configs show none of the changes`
          : `only ${changes.length - missing.length} of ${changes.length} changes are in the stored configs ` +
              `(missing: ${missing.join(', ')})`,
      );
    },
  };
}

/** A lost answer is read back; with --validate-only there is nothing to read, only a lost verdict. */
export async function alterMirrorConfigs(
  client: KafkaClient,
  mirror: string,
  changes: readonly ConfigChange[],
  validateOnly: boolean,
  warn: (message: string) => void = () => undefined,
): Promise<void> {
  const send = () =>
    client.send(IncrementalAlterConfigs, {
      Resources: [
        {
          ResourceType: CLUSTER_MIRROR_RESOURCE_TYPE,
          ResourceName: mirror,
          Configs: changes.map((c) => ({
            Name: c.name,
            ConfigOperation: OPERATION_CODES[c.operation],
            Value: c.value,
          })),
        },
      ],
      ValidateOnly: validateOnly,
    });
  let response: Awaited<ReturnType<typeof send>> | null;
  try {
    response = validateOnly ? await send() : await sendOrReadBack(send, changesStored(client, mirror, changes), warn);
  } catch (err) {
    if (!(err instanceof AnswerLostError)) throw err;
    throw new MirrorError(`${err.message}: the broker's verdict on the changes is unknown`, 'failed', {
      hint: '--validate-only changes nothing; run it again',
      cause: err,
    });
  }
  if (response === null) return;
  const result =
    response.Responses.find((r) => r.ResourceType === CLUSTER_MIRROR_RESOURCE_TYPE && r.ResourceName === mirror) ??
    response.Responses[0];
  if (!result)
    throw new KafkaResponseError(
      errors.UNKNOWN_SERVER_ERROR.code,
      'the broker answered IncrementalAlterConfigs without a result',
      {
        api: 'IncrementalAlterConfigs',
        mirror,
      },
    );
  if (result.ErrorCode !== 0)
    throw new KafkaResponseError(result.ErrorCode, result.ErrorMessage, { api: 'IncrementalAlterConfigs', mirror });
}

export interface ConfigSetResult {
  readonly mirror: string;
  readonly validateOnly: boolean;
  /** @minItems 1 */
  readonly changes: {
    /** @minLength 1 */
    name: string;
    operation: ConfigOperation;
    /** null for DELETE; [redacted] for sensitive keys. */
    value: string | null;
  }[];
  /** The stored configs after the change (before it, unchanged, with --validate-only). */
  readonly configs: MirrorConfigEntry[];
  /** For a change that starts topics: whether the source mirrors one of them from this cluster. */
  readonly loopCheck?: LoopCheck | null;
}

export async function setMirrorConfigs(
  client: KafkaClient,
  mirror: string,
  changes: readonly ConfigChange[],
  options: { validateOnly: boolean; warn?: (message: string) => void },
): Promise<ConfigSetResult> {
  const before = await readStoredConfigs(client, mirror);
  await alterMirrorConfigs(client, mirror, changes, options.validateOnly, options.warn);
  const after = options.validateOnly ? before : await readStoredConfigs(client, mirror);
  return {
    mirror,
    validateOnly: options.validateOnly,
    changes: changes.map((c) => ({
      name: c.name,
      operation: c.operation,
      value: c.operation === 'DELETE' ? null : isSensitiveMirrorKey(c.name) ? REDACTED : c.value,
    })),
    configs: configView(mirror, after).configs,
  };
}
