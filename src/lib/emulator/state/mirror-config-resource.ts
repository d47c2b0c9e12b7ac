// DescribeConfigs / IncrementalAlterConfigs on resource type 64 (CLUSTER_MIRROR), PROTOCOL.md §7.

import { mirrorConfigKey, parseMirrorConfigValue } from '../../mirror/config/config-keys.js';
import { errors } from '../../kafka/error-codes.js';
import type * as B from './message-bodies.js';
import type { RequestContext } from './types.js';
import type { EmulatedCluster } from './cluster-model.js';
import { applyListOperation, ConfigSource, ConfigType, OPERATION_NAMES } from './config-tables.js';
import { advanceMirrors, bounceMirror } from './engine-tick.js';
import { javaHashMapOrder } from './java-hash-map.js';

type Outcome = { readonly code: number; readonly message: string | null };

export function describeMirrorConfigs(
  cluster: EmulatedCluster,
  name: string,
  includeDocumentation: boolean,
): { code: number; message: string | null; configs: B.DescribeConfigsResourceResult[] } {
  if (name === '') return { code: errors.INVALID_REQUEST.code, message: 'Cluster name must not be empty', configs: [] };
  // The broker reads the keys out of a Java HashMap, so they come in its iteration order.
  const stored = cluster.mirrors.configsOf(name) ?? new Map<string, string>();
  const configs = javaHashMapOrder([...stored.keys()]).map((key): B.DescribeConfigsResourceResult => ({
    Name: key,
    Value: stored.get(key) ?? null,
    ReadOnly: false,
    ConfigSource: ConfigSource.DYNAMIC_BROKER_CONFIG,
    IsSensitive: false,
    Synonyms: [],
    ConfigType: ConfigType.STRING,
    // Asked for documentation, the prototype has none for these keys and sends "".
    Documentation: includeDocumentation ? '' : null,
  }));
  return { code: errors.NONE.code, message: '', configs };
}

export function alterMirrorConfigs(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  resource: B.AlterConfigsResource,
  validateOnly: boolean,
): Outcome {
  const name = resource.ResourceName;
  for (const config of resource.Configs) {
    if (!mirrorConfigKey(config.Name))
      return { code: errors.INVALID_CONFIG.code, message: `Unknown mirror configuration: ${config.Name}` };
  }
  for (const config of resource.Configs) {
    // The broker puts every value into a Properties map; a null DELETE value makes that throw.
    if (config.Value === null) return { code: errors.UNKNOWN_SERVER_ERROR.code, message: null };
    // The broker parses the values with the mirror's ConfigDef; its ConfigException is no ApiException, so the
    // answer is UNKNOWN_SERVER_ERROR without a message (ApiError.fromThrowable; seen on a prototype build).
    const parsed = parseMirrorConfigValue(config.Name, config.Value);
    if (!parsed.ok) return { code: errors.UNKNOWN_SERVER_ERROR.code, message: null };
  }
  // Controller: ALTER_CONFIGS on the mirror; no existence check, so this may create a mirror.
  if (!cluster.authorizer.authorize(ctx.principal, 'CLUSTER_MIRROR', name, 'ALTER_CONFIGS')) {
    return {
      code: errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code,
      message: errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.brokerMessage,
    };
  }
  const updates = new Map<string, string | null>();
  for (const config of resource.Configs) {
    const op = OPERATION_NAMES[config.ConfigOperation];
    const spec = mirrorConfigKey(config.Name);
    const current = updates.has(config.Name)
      ? (updates.get(config.Name) ?? null)
      : (cluster.mirrors.config(name, config.Name) ?? null);
    if (op === 'SET') updates.set(config.Name, config.Value);
    else if (op === 'DELETE') updates.set(config.Name, null);
    else if (op === 'APPEND' || op === 'SUBTRACT') {
      if (spec?.type !== 'LIST') {
        return {
          code: errors.INVALID_CONFIG.code,
          message: `Can't ${op} to key ${config.Name} because its type is not LIST.`,
        };
      }
      updates.set(config.Name, applyListOperation(current ?? spec.default, op, config.Value ?? ''));
    } else {
      return { code: errors.INVALID_REQUEST.code, message: `Unknown config operation type ${config.ConfigOperation}` };
    }
  }
  if (validateOnly) return { code: errors.NONE.code, message: null };
  const now = cluster.clock.now();
  advanceMirrors(cluster, now);
  for (const [key, value] of updates) cluster.mirrors.setConfig(name, key, value);
  bounceMirror(cluster, name, now);
  return { code: errors.NONE.code, message: null };
}
