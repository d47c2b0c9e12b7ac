// Client-side checks of what kmirror is about to store in a mirror (PROTOCOL.md §11.1). The prototype checks
// none of this on Create and only keys and numbers on IncrementalAlterConfigs, so a bad value would surface
// later as a broken mirror.

import { closestKey } from '../../kafka/closest-key.js';
import { InvalidInputError } from '../core/errors.js';
import { parseBootstrapServers } from '../../connection/connection-config.js';
import { isSensitiveKey } from '../../connection/redact.js';
import { MIRROR_CONFIG_KEYS, type MirrorConfigKey, mirrorConfigKey, parseMirrorConfigValue } from './config-keys.js';
import { checkPattern } from '../patterns/pattern-check.js';
import { splitListValue } from '../core/list-value.js';

export const MAX_MIRROR_NAME_LENGTH = 249;

export function mirrorNameProblem(name: string): string | null {
  if (name === '') return 'the mirror name is empty';
  if (name === '.' || name === '..') return `the mirror name cannot be '${name}'`;
  if (name.length > MAX_MIRROR_NAME_LENGTH)
    return `the mirror name is ${name.length} characters long; at most ${MAX_MIRROR_NAME_LENGTH} are allowed`;
  const bad = [...new Set(name.replace(/[A-Za-z0-9._-]/g, ''))];
  if (bad.length > 0) {
    return (
      `the mirror name '${name}' contains ${bad.map((c) => JSON.stringify(c)).join(', ')}; only ASCII ` +
      `letters, digits, '.', '_' and '-' are allowed`
    );
  }
  if (name.endsWith('.removed')) return `the mirror name '${name}' ends in '.removed', which KIP-1279 reserves`;
  return null;
}

export function validateMirrorName(name: string): void {
  const problem = mirrorNameProblem(name);
  if (problem) {
    throw new InvalidInputError(problem, {
      hint: 'name mirrors like topics: letters, digits, ".", "_" and "-", at most 249 characters, e.g. eu-west-orders',
    });
  }
}

export function parseKeyValue(text: string, origin: string): { key: string; value: string } {
  const at = text.indexOf('=');
  const key = at === -1 ? '' : text.slice(0, at).trim();
  if (at === -1 || key === '') {
    throw new InvalidInputError(`${origin}: '${text}' is not KEY=VALUE`, {
      hint: 'write the key, an equals sign and the value, e.g. request.timeout.ms=60000',
    });
  }
  return { key, value: text.slice(at + 1) };
}

export const PATTERN_KEYS: ReadonlySet<string> = new Set([
  'mirror.topics.include',
  'mirror.topics.exclude',
  'mirror.groups.include',
  'mirror.groups.exclude',
]);

const REQUIRED_KEYS: ReadonlySet<string> = new Set(MIRROR_CONFIG_KEYS.filter((k) => k.required).map((k) => k.name));

/** Sensitive by the key table (PASSWORD type) or by name (the prototype flags nothing as sensitive). */
export function isSensitiveMirrorKey(name: string): boolean {
  return mirrorConfigKey(name)?.sensitive === true || isSensitiveKey(name);
}

export function suggestMirrorKey(name: string): string | undefined {
  return closestKey(
    name,
    MIRROR_CONFIG_KEYS.map((k) => k.name),
    3,
  );
}

/** Not offered for a config change: IncrementalAlterConfigs refuses unknown keys, only Create stores them. */
function unknownKeyError(key: string, options: CheckOptions): InvalidInputError {
  const suggestion = suggestMirrorKey(key);
  const list = 'kmirror config get MIRROR --all lists every key with its default';
  const hint = suggestion
    ? `use ${suggestion}; ${list}`
    : options.storesUnknown === true
      ? `${list}; --allow-unknown-config sends it anyway (CreateClusterMirror stores keys it does not know)`
      : `${list}; a config change cannot add a key the broker does not know`;
  return new InvalidInputError(
    `${options.origin}: '${key}' is not a mirror config key${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`,
    { hint },
  );
}

const TYPE_WORDS: Readonly<Record<MirrorConfigKey['type'], string>> = {
  INT: 'a whole number from -2147483648 to 2147483647',
  LONG: 'a whole number (64-bit)',
  LIST: 'a comma-separated list',
  STRING: 'a string',
  PASSWORD: 'a string (kept secret)',
};

const LARGEST: Partial<Record<MirrorConfigKey['type'], string>> = { INT: '2147483647', LONG: '9223372036854775807' };

function expected(spec: MirrorConfigKey): string {
  if (spec.oneOf) return `one of ${spec.oneOf.join(', ')}`;
  const largest = LARGEST[spec.type];
  const words =
    spec.min !== undefined && largest !== undefined
      ? `a whole number from ${spec.min} to ${largest}`
      : `${TYPE_WORDS[spec.type]}${spec.min !== undefined ? `, at least ${spec.min}` : ''}`;
  const fallback = spec.default !== null && spec.default !== '' ? ` (default ${spec.default})` : '';
  return `${words}${fallback}`;
}

export interface CheckOptions {
  readonly allowUnknown: boolean;
  readonly origin: string;
  readonly storesUnknown?: boolean;
}

/**
 * Keys of the destination's BROKER configuration that look like mirror keys (PROTOCOL.md §11.2). The
 * prototype stores such a key on a mirror when Create is given it, and never reads it there.
 */
export const BROKER_ONLY_MIRROR_KEYS: ReadonlySet<string> = new Set([
  'mirror.metadata.refresh.interval.ms',
  'mirror.state.topic.num.partitions',
  'mirror.state.topic.replication.factor',
  'mirror.num.replica.fetchers',
  'mirror.failed.retry.initial.backoff.ms',
  'mirror.failed.retry.max.backoff.ms',
  'mirror.failed.retry.max.attempts',
  'mirror.admin.listener.name',
  'mirror.replication.throttled.rate',
]);

export function brokerConfigCommand(key: string, value = '<value>'): string {
  return (
    `kafka-configs.sh --bootstrap-server <destination> --alter --entity-type brokers --entity-default ` +
    `--add-config ${key}=${value}`
  );
}

function brokerOnlyKeyError(key: string, value: string, origin: string): InvalidInputError {
  const period = key === 'mirror.metadata.refresh.interval.ms';
  return new InvalidInputError(
    `${origin}: ${key} is a broker config of the destination cluster, not a mirror config: a mirror would store it ` +
      (`and the brokers would ignore ` +
        `it${period ? ' (the source sync keeps running at the broker-level period, 60 s by default)' : ''}`),
    {
      hint:
        `set it on the destination brokers (dynamic, every broker at once): ` +
        `${brokerConfigCommand(key, value || '<value>')}; ` +
        `or per broker in server.properties`,
    },
  );
}

const REPLACING_LISTS: ReadonlySet<string> = new Set([
  'mirror.topic.properties.exclude',
  'mirror.groups.include',
  'mirror.groups.exclude',
  'mirror.topics.exclude',
]);

/** The broker replaces the default with the stored list, it does not merge them. */
export function replacedDefaultWarnings(key: string, value: string, origin: string): string[] {
  if (!REPLACING_LISTS.has(key)) return [];
  const defaults = splitListValue(mirrorConfigKey(key)?.default);
  const kept = new Set(splitListValue(value));
  const dropped = defaults.filter((item) => !kept.has(item));
  if (dropped.length === 0) return [];
  const effect =
    key === 'mirror.topic.properties.exclude'
      ? `these topic configs are now copied from the source: ${dropped.join(', ')}`
      : key.endsWith('.exclude')
        ? `these are no longer excluded: ${dropped.join(', ')}`
        : `only what matches the new value is selected (the default ${dropped.join(',')} is gone)`;
  const keep = key.endsWith('.exclude')
    ? ` To keep the default entries, list them too: ${key}=${defaults.join(',')},<your items>`
    : '';
  return [
    `${origin}: ${key}=${value} replaces the default list (${defaults.join(',')}); it is not merged with it, so ` +
      `${effect}.${keep}`,
  ];
}

/** Judged on the name before the secret check, so `no.such.key=1` is called unknown, not a secret. */
export function requireKnownKeys(settings: readonly string[], options: CheckOptions): void {
  if (options.allowUnknown) return;
  for (const text of settings) {
    if (!text.includes('=')) continue;
    const key = text.slice(0, text.indexOf('=')).trim();
    if (!BROKER_ONLY_MIRROR_KEYS.has(key) && !mirrorConfigKey(key)) throw unknownKeyError(key, options);
  }
}

export function checkConfigValue(key: string, value: string, options: CheckOptions): string[] {
  if (BROKER_ONLY_MIRROR_KEYS.has(key)) throw brokerOnlyKeyError(key, value, options.origin);
  const spec = mirrorConfigKey(key);
  if (!spec) {
    if (!options.allowUnknown) throw unknownKeyError(key, options);
    return [`${options.origin}: '${key}' is not a mirror config key; sending it as given (--allow-unknown-config)`];
  }
  const parsed = parseMirrorConfigValue(key, value);
  if (!parsed.ok) {
    const reason = parsed.reason;
    throw new InvalidInputError(`${options.origin}: invalid value '${value}' for ${key}: ${reason}`, {
      hint: `${key} takes ${expected(spec)}`,
    });
  }
  if (key === 'bootstrap.servers') parseBootstrapServers(value, `${options.origin}: bootstrap.servers`);
  if (key === 'mirror.source.cluster.id' && value.trim() === '') {
    throw new InvalidInputError(`${options.origin}: mirror.source.cluster.id is empty`, {
      hint: 'leave it out and kmirror reads it from the source cluster, or pass the id with --source-cluster-id',
    });
  }
  if (PATTERN_KEYS.has(key)) {
    return value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .flatMap((pattern) =>
        checkPattern(pattern, options.origin.endsWith(key) ? options.origin : `${options.origin}: ${key}`),
      );
  }
  return [];
}

export function deleteProblem(key: string): { message: string; hint: string } | null {
  const spec = mirrorConfigKey(key);
  if (!spec) return null;
  if (REQUIRED_KEYS.has(key)) {
    return {
      message: `cannot delete ${key}: every mirror needs it to reach its source cluster`,
      hint: `set a new value instead: kmirror config set MIRROR ${key}=<value>`,
    };
  }
  if (spec.type === 'INT' || spec.type === 'LONG') {
    // kafka-configs.sh deletes by sending "", which the prototype parses as a number: its ConfigException comes
    // back as UNKNOWN_SERVER_ERROR (-1, no message), seen on a prototype build.
    return {
      message:
        `cannot delete ${key}: a delete is sent with an empty value, which the broker cannot parse as ` +
        `${spec.type} (it answers UNKNOWN_SERVER_ERROR)`,
      hint: `set it back to its default instead: kmirror config set MIRROR ${key}=${spec.default ?? '<value>'}`,
    };
  }
  return null;
}
