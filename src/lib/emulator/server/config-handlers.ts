// DescribeConfigs and IncrementalAlterConfigs, delegated to the engine for TOPIC, BROKER and
// CLUSTER_MIRROR (64). An old broker does not know type 64 and answers it as an unknown type.

import { DescribeConfigs, IncrementalAlterConfigs } from '../../kafka/messages/index.js';
import { ResourceType } from '../state/config-tables.js';
import { engineContext, type BrokerContext } from './broker-context.js';
import { defineHandler, type RegisteredHandler } from './handler.js';
import { errors } from '../../kafka/error-codes.js';

export function configHandlers(broker: BrokerContext): RegisteredHandler[] {
  const old = broker.software === 'old';
  const unknownType = (type: number): string => `Unsupported resource type: ${type}`;

  const describe = defineHandler({
    api: DescribeConfigs,
    handle(ctx, body) {
      const known = old ? body.Resources.filter((r) => r.ResourceType !== ResourceType.CLUSTER_MIRROR) : body.Resources;
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
    api: IncrementalAlterConfigs,
    handle(ctx, body) {
      const known = old ? body.Resources.filter((r) => r.ResourceType !== ResourceType.CLUSTER_MIRROR) : body.Resources;
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
