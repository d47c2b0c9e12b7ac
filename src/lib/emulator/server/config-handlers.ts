// DescribeConfigs and IncrementalAlterConfigs, delegated to the engine for TOPIC, BROKER and
// CLUSTER_MIRROR (64). An old broker does not know type 64 and answers it as an unknown type. A
// broker speaking the seed KIP serves both up to the bumped versions (--api-versions) and knows type
// 64 only from those versions on: below them it answers as an old broker does.

import type { ApiDefinition } from '../../kafka/definition.js';
import { parseVersions } from '../../kafka/definition.js';
import type { Dialect } from '../../kafka/dialect.js';
import { DescribeConfigs, IncrementalAlterConfigs } from '../../kafka/messages/index.js';
import { ResourceType } from '../state/config-tables.js';
import { engineContext, type BrokerContext } from './broker-context.js';
import { defineHandler, type RegisteredHandler } from './handler.js';
import { errors } from '../../kafka/error-codes.js';

/** The definition served, and the first version that knows mirror resources. */
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
      const answer = broker.cluster.describeConfigs(engineContext(ctx), { ...body, Resources: known });
      if (known.length === body.Resources.length) return answer;
      // Keep the request's order: engine answers for known types, errors for type 64.
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
      const answer = broker.cluster.incrementalAlterConfigs(engineContext(ctx), { ...body, Resources: known });
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
    // A retriable error must not change anything, so this one is built from the request alone.
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
