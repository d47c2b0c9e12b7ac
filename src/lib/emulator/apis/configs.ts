// DescribeConfigs and IncrementalAlterConfigs for TOPIC, BROKER and CLUSTER_MIRROR (64), with stock Kafka's
// checks and messages (ConfigHelper, ConfigAdminManager, ConfigurationControlManager); old brokers lack type 64.

import { CLUSTER_RESOURCE_NAME } from '../state/acl.js';
import type * as B from '../state/message-bodies.js';
import type { RequestContext } from '../state/types.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import {
  applyListOperation,
  ConfigSource,
  ConfigType,
  OPERATION_NAMES,
  parseTypedValue,
  ResourceType,
  TOPIC_BROKER_SYNONYMS,
  TOPIC_CONFIGS,
  type ConfigDefinition,
} from '../state/config-tables.js';
import { errors } from '../../kafka/error-codes.js';
import { alterMirrorConfigs, describeMirrorConfigs } from '../state/mirror-config-resource.js';
import type { ApiDefinition } from '../../kafka/definition.js';
import { parseVersions } from '../../kafka/definition.js';
import type { Dialect } from '../../kafka/dialect.js';
import { DescribeConfigs, IncrementalAlterConfigs } from '../../kafka/messages/index.js';
import { engineContext, type BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

type Outcome = { readonly code: number; readonly message: string | null };
const TOPIC_DEFS = new Map(TOPIC_CONFIGS.map((d) => [d.name, d]));

function result(
  r: { ResourceType: number; ResourceName: string },
  code: number,
  message: string | null,
  configs: B.DescribeConfigsResourceResult[] = [],
): B.DescribeConfigsResult {
  return {
    ErrorCode: code,
    ErrorMessage: message,
    ResourceType: r.ResourceType,
    ResourceName: r.ResourceName,
    Configs: configs,
  };
}

export function describeConfigs(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: B.DescribeConfigsRequestBody,
): B.DescribeConfigsResponseBody {
  const authorized: B.DescribeConfigsResult[] = [];
  const refused: B.DescribeConfigsResult[] = [];
  const auth = cluster.authorizer;
  for (const r of body.Resources) {
    const name = r.ResourceName;
    if (r.ResourceType === ResourceType.TOPIC) {
      if (!auth.authorize(ctx.principal, 'TOPIC', name, 'DESCRIBE_CONFIGS'))
        refused.push(
          result(r, errors.TOPIC_AUTHORIZATION_FAILED.code, errors.TOPIC_AUTHORIZATION_FAILED.brokerMessage),
        );
      else authorized.push(describeTopic(cluster, r, body.IncludeSynonyms ?? false));
    } else if (r.ResourceType === ResourceType.BROKER) {
      if (!auth.authorize(ctx.principal, 'CLUSTER', CLUSTER_RESOURCE_NAME, 'DESCRIBE_CONFIGS'))
        refused.push(
          result(r, errors.CLUSTER_AUTHORIZATION_FAILED.code, errors.CLUSTER_AUTHORIZATION_FAILED.brokerMessage),
        );
      else authorized.push(describeBroker(cluster, ctx, r, body.IncludeSynonyms ?? false));
    } else if (r.ResourceType === ResourceType.CLUSTER_MIRROR) {
      if (!auth.authorize(ctx.principal, 'CLUSTER_MIRROR', name, 'DESCRIBE_CONFIGS')) {
        refused.push(
          result(
            r,
            errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code,
            errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.brokerMessage,
          ),
        );
      } else {
        const described = describeMirrorConfigs(cluster, name, body.IncludeDocumentation ?? false);
        authorized.push(result(r, described.code, described.message, described.configs));
      }
    } else {
      authorized.push(result(r, errors.INVALID_REQUEST.code, `Unsupported resource type: ${r.ResourceType}`));
    }
  }
  // Kafka answers the authorized resources first, then the refused ones.
  return { ThrottleTimeMs: 0, Results: [...authorized, ...refused] };
}

type Synonym = B.DescribeConfigsResourceResult['Synonyms'][number];

function entry(
  def: ConfigDefinition,
  value: string | null,
  source: number,
  readOnly: boolean,
  synonyms: Synonym[] | null,
): B.DescribeConfigsResourceResult {
  return {
    Name: def.name,
    Value: value,
    ReadOnly: readOnly,
    ConfigSource: source,
    IsSensitive: def.type === 'PASSWORD',
    Synonyms: synonyms ?? [],
    ConfigType: ConfigType[def.type],
    Documentation: null,
  };
}

function brokerSynonyms(cluster: EmulatedCluster, name: string, fallbackDefault: string | null): Synonym[] {
  if (!cluster.brokerConfigs.definition(name))
    return fallbackDefault === null
      ? []
      : [{ Name: name, Value: fallbackDefault, Source: ConfigSource.DEFAULT_CONFIG }];
  return cluster.brokerConfigs.layers(name).map((l) => ({ Name: name, Value: l.value, Source: l.source }));
}

function topicEntry(
  cluster: EmulatedCluster,
  def: ConfigDefinition,
  override: string | undefined,
  synonyms: boolean,
): B.DescribeConfigsResourceResult {
  const brokerName = TOPIC_BROKER_SYNONYMS[def.name];
  const inherited = brokerName === undefined ? [] : brokerSynonyms(cluster, brokerName, def.default);
  const own: Synonym[] =
    override === undefined ? [] : [{ Name: def.name, Value: override, Source: ConfigSource.DYNAMIC_TOPIC_CONFIG }];
  const chain = [...own, ...inherited];
  const first = chain[0];
  const value = first ? first.Value : def.default;
  const source = first ? first.Source : ConfigSource.DEFAULT_CONFIG;
  return entry(def, value, source, false, synonyms ? chain : null);
}

function wanted(keys: readonly string[] | null, name: string): boolean {
  return keys === null || keys.length === 0 || keys.includes(name);
}

/** Kafka's Topic.validate messages (InvalidTopicException, 17). */
export function topicNameError(name: string): string | null {
  if (name.length === 0) return "Topic name is illegal, it can't be empty";
  if (name === '.' || name === '..') return 'Topic name cannot be "." or ".."';
  if (name.length > 249) return `Topic name is illegal, it can't be longer than 249 characters, topic name: ${name}`;
  if (!/^[a-zA-Z0-9._-]+$/.test(name)) {
    return `Topic name "${name}" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`;
  }
  return null;
}

function describeTopic(
  cluster: EmulatedCluster,
  r: B.DescribeConfigsRequestBody['Resources'][number],
  synonyms: boolean,
): B.DescribeConfigsResult {
  const invalid = topicNameError(r.ResourceName);
  if (invalid) return result(r, errors.INVALID_TOPIC_EXCEPTION.code, invalid);
  const topic = cluster.topics.get(r.ResourceName);
  // Kafka sets only the code here, so the message is the schema's "" default.
  if (!topic) return result(r, errors.UNKNOWN_TOPIC_OR_PARTITION.code, '');
  const configs: B.DescribeConfigsResourceResult[] = [];
  for (const def of TOPIC_CONFIGS) {
    if (!wanted(r.ConfigurationKeys, def.name)) continue;
    configs.push(topicEntry(cluster, def, topic.configs.get(def.name), synonyms));
  }
  for (const [name, value] of topic.configs) {
    if (TOPIC_DEFS.has(name) || !wanted(r.ConfigurationKeys, name)) continue;
    const own = [{ Name: name, Value: value, Source: ConfigSource.DYNAMIC_TOPIC_CONFIG }];
    configs.push(
      entry(
        { name, type: 'STRING', default: null },
        value,
        ConfigSource.DYNAMIC_TOPIC_CONFIG,
        false,
        synonyms ? own : null,
      ),
    );
  }
  return result(r, errors.NONE.code, '', configs);
}

function describeBroker(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  r: B.DescribeConfigsRequestBody['Resources'][number],
  synonyms: boolean,
): B.DescribeConfigsResult {
  const name = r.ResourceName;
  const perNode = name !== '';
  if (perNode && !/^-?\d+$/.test(name))
    return result(r, errors.INVALID_REQUEST.code, `Broker id must be an integer, but it is: ${name}`);
  if (perNode && Number(name) !== ctx.nodeId) {
    return result(
      r,
      errors.INVALID_REQUEST.code,
      `Unexpected broker id, expected ${ctx.nodeId} or empty string, but received ${name}`,
    );
  }
  const configs: B.DescribeConfigsResourceResult[] = [];
  if (perNode) {
    for (const key of ['broker.id', 'node.id']) {
      const value = String(ctx.nodeId);
      const own = [{ Name: key, Value: value, Source: ConfigSource.STATIC_BROKER_CONFIG }];
      if (wanted(r.ConfigurationKeys, key))
        configs.push(
          entry(
            { name: key, type: 'INT', default: null },
            value,
            ConfigSource.STATIC_BROKER_CONFIG,
            true,
            synonyms ? own : null,
          ),
        );
    }
  }
  for (const def of cluster.brokerConfigs.definitions) {
    if (!wanted(r.ConfigurationKeys, def.name)) continue;
    const effective = cluster.brokerConfigs.effective(def.name);
    if (!effective) continue;
    // The cluster-default resource ("") lists only keys set as dynamic cluster defaults.
    if (!perNode && effective.source !== ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG) continue;
    configs.push(
      entry(
        def,
        effective.value,
        effective.source,
        !def.dynamic,
        synonyms ? brokerSynonyms(cluster, def.name, def.default) : null,
      ),
    );
  }
  return result(r, errors.NONE.code, '', configs);
}

export function incrementalAlterConfigs(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: B.IncrementalAlterConfigsRequestBody,
): B.IncrementalAlterConfigsResponseBody {
  const validateOnly = body.ValidateOnly ?? false;
  const responses = body.Resources.map((r): B.AlterConfigsResourceResponse => {
    const outcome = alterOne(cluster, ctx, r, validateOnly);
    return {
      ErrorCode: outcome.code,
      ErrorMessage: outcome.message,
      ResourceType: r.ResourceType,
      ResourceName: r.ResourceName,
    };
  });
  return { ThrottleTimeMs: 0, Responses: responses };
}

function alterOne(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  r: B.AlterConfigsResource,
  validateOnly: boolean,
): Outcome {
  // ConfigAdminManager.preprocess refuses null values before anything else, for every type.
  const nulls = r.Configs.filter((c) => c.ConfigOperation !== 1 && c.Value === null).map((c) => c.Name);
  if (nulls.length > 0)
    return { code: errors.INVALID_REQUEST.code, message: `Null value not supported for : ${nulls.join(', ')}` };
  const badOp = r.Configs.find((c) => OPERATION_NAMES[c.ConfigOperation] === undefined);
  if (badOp)
    return { code: errors.INVALID_REQUEST.code, message: `Unknown config operation type ${badOp.ConfigOperation}` };
  if (r.ResourceType === ResourceType.CLUSTER_MIRROR) return alterMirrorConfigs(cluster, ctx, r, validateOnly);
  if (r.ResourceType === ResourceType.TOPIC) return alterTopic(cluster, ctx, r, validateOnly);
  if (r.ResourceType === ResourceType.BROKER) return alterBroker(cluster, ctx, r, validateOnly);
  return {
    code: errors.INVALID_REQUEST.code,
    message: `Unexpected resource type ${r.ResourceType} for resource ${r.ResourceName}`,
  };
}

function computeUpdates(
  r: B.AlterConfigsResource,
  defs: ReadonlyMap<string, ConfigDefinition>,
  current: (key: string) => string | null,
): Map<string, string | null> | Outcome {
  const updates = new Map<string, string | null>();
  for (const c of r.Configs) {
    const op = OPERATION_NAMES[c.ConfigOperation];
    const def = defs.get(c.Name);
    const now = updates.has(c.Name) ? (updates.get(c.Name) ?? null) : current(c.Name);
    if (op === 'SET') updates.set(c.Name, c.Value);
    else if (op === 'DELETE') updates.set(c.Name, null);
    else if (op === 'APPEND' || op === 'SUBTRACT') {
      if (def?.type !== 'LIST')
        return {
          code: errors.INVALID_CONFIG.code,
          message: `Can't ${op} to key ${c.Name} because its type is not LIST.`,
        };
      updates.set(c.Name, applyListOperation(now ?? def.default, op, c.Value ?? ''));
    }
  }
  return updates;
}

function alterTopic(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  r: B.AlterConfigsResource,
  validateOnly: boolean,
): Outcome {
  const name = r.ResourceName;
  if (!cluster.authorizer.authorize(ctx.principal, 'TOPIC', name, 'ALTER_CONFIGS'))
    return { code: errors.TOPIC_AUTHORIZATION_FAILED.code, message: null };
  const topic = cluster.topics.get(name);
  const updates = computeUpdates(r, TOPIC_DEFS, (key) => topic?.configs.get(key) ?? null);
  if (!(updates instanceof Map)) return updates;
  if (name === '') return { code: errors.INVALID_REQUEST.code, message: 'Default topic resources are not allowed.' };
  const invalidName = topicNameError(name);
  if (invalidName) return { code: errors.INVALID_TOPIC_EXCEPTION.code, message: invalidName };
  for (const [key, value] of updates) {
    const def = TOPIC_DEFS.get(key);
    if (!def) return { code: errors.INVALID_CONFIG.code, message: `Unknown topic config name: ${key}` };
    const parseError = value === null ? null : parseTypedValue(key, def.type, value);
    if (parseError) return { code: errors.INVALID_CONFIG.code, message: parseError };
  }
  if (!topic) return { code: errors.UNKNOWN_TOPIC_OR_PARTITION.code, message: `The topic '${name}' does not exist.` };
  if (!validateOnly) {
    for (const [key, value] of updates) {
      if (value === null) topic.configs.delete(key);
      else topic.configs.set(key, value);
    }
  }
  return { code: errors.NONE.code, message: null };
}

function alterBroker(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  r: B.AlterConfigsResource,
  validateOnly: boolean,
): Outcome {
  const name = r.ResourceName;
  if (!cluster.authorizer.authorize(ctx.principal, 'CLUSTER', CLUSTER_RESOURCE_NAME, 'ALTER_CONFIGS'))
    return { code: errors.CLUSTER_AUTHORIZATION_FAILED.code, message: null };
  if (name !== '' && (!/^\d+$/.test(name) || !cluster.nodeIds.includes(Number(name)))) {
    return {
      code: errors.INVALID_REQUEST.code,
      message: `Unexpected broker id, expected ${ctx.nodeId} or empty string, but received ${name}`,
    };
  }
  const defs = new Map(cluster.brokerConfigs.definitions.map((d) => [d.name, d]));
  const updates = computeUpdates(r, defs, (key) => cluster.brokerConfigs.get(key) ?? null);
  if (!(updates instanceof Map)) return updates;
  const fixed = [...updates.keys()].filter((key) => !defs.get(key)?.dynamic);
  if (fixed.length > 0)
    return {
      code: errors.INVALID_REQUEST.code,
      message: `Cannot update these configs dynamically: Set(${fixed.join(', ')})`,
    };
  for (const [key, value] of updates) {
    const def = defs.get(key);
    const parseError = def && value !== null ? parseTypedValue(key, def.type, value) : null;
    if (parseError) return { code: errors.INVALID_CONFIG.code, message: parseError };
  }
  if (!validateOnly) for (const [key, value] of updates) cluster.brokerConfigs.setDynamic(key, value, name !== '');
  return { code: errors.NONE.code, message: null };
}

function served<A extends ApiDefinition>(api: A, dialect: Dialect | undefined): { api: A; mirrorsFrom: number } {
  const own = parseVersions(api.request.validVersions);
  const bumped = dialect?.name === 'kip-draft' ? dialect.mirrorConfigApis.find((a) => a.name === api.name) : undefined;
  if (!bumped || bumped === api) return { api, mirrorsFrom: own.min };
  const from = parseVersions(bumped.request.validVersions).min;
  const validVersions = `${own.min}-${Math.max(own.max, from)}`;
  return {
    api: { ...api, request: { ...api.request, validVersions }, response: { ...api.response, validVersions } },
    mirrorsFrom: from,
  };
}

export function configHandlers(broker: BrokerContext, dialect?: Dialect): RegisteredHandler[] {
  const old = broker.software === 'old';
  const unknownType = (type: number): string => `Unsupported resource type: ${type}`;
  const describeApi = served(DescribeConfigs, dialect);
  const alterApi = served(IncrementalAlterConfigs, dialect);
  const knowsMirrors = (version: number, from: number) => !old && version >= from;

  const describe = defineHandler({
    api: describeApi.api,
    handle(ctx, body, version) {
      const known = !knowsMirrors(version, describeApi.mirrorsFrom)
        ? body.Resources.filter((r) => r.ResourceType !== ResourceType.CLUSTER_MIRROR)
        : body.Resources;
      const answer = describeConfigs(broker.cluster, engineContext(ctx), { ...body, Resources: known });
      if (known.length === body.Resources.length) return answer;
      const results = [...answer.Results];
      return {
        ...answer,
        Results: body.Resources.map((r) =>
          r.ResourceType === ResourceType.CLUSTER_MIRROR
            ? {
                ErrorCode: errors.INVALID_REQUEST.code,
                ErrorMessage: unknownType(r.ResourceType),
                ResourceType: r.ResourceType,
                ResourceName: r.ResourceName,
                Configs: [],
              }
            : (results.shift() ?? {
                ErrorCode: errors.INVALID_REQUEST.code,
                ErrorMessage: null,
                ResourceType: r.ResourceType,
                ResourceName: r.ResourceName,
                Configs: [],
              }),
        ),
      };
    },
  });

  const alter = defineHandler({
    api: alterApi.api,
    handle(ctx, body, version) {
      const known = !knowsMirrors(version, alterApi.mirrorsFrom)
        ? body.Resources.filter((r) => r.ResourceType !== ResourceType.CLUSTER_MIRROR)
        : body.Resources;
      const answer = incrementalAlterConfigs(broker.cluster, engineContext(ctx), { ...body, Resources: known });
      if (known.length === body.Resources.length) return answer;
      const responses = [...answer.Responses];
      return {
        ...answer,
        Responses: body.Resources.map((r) =>
          r.ResourceType === ResourceType.CLUSTER_MIRROR
            ? {
                ErrorCode: errors.INVALID_REQUEST.code,
                ErrorMessage: unknownType(r.ResourceType),
                ResourceType: r.ResourceType,
                ResourceName: r.ResourceName,
              }
            : (responses.shift() ?? {
                ErrorCode: errors.INVALID_REQUEST.code,
                ErrorMessage: null,
                ResourceType: r.ResourceType,
                ResourceName: r.ResourceName,
              }),
        ),
      };
    },
    errorResponse(body, _version, code, message) {
      return {
        ThrottleTimeMs: 0,
        Responses: body.Resources.map((r) => ({
          ErrorCode: code,
          ErrorMessage: message,
          ResourceType: r.ResourceType,
          ResourceName: r.ResourceName,
        })),
      };
    },
  });

  return [describe, alter];
}
