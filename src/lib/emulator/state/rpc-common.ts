// Checks shared by the mirror RPCs, in the prototype's order: the broker's feature gate and
// partition-state pre-validation, then the controller's ALTER / feature / forwarded / topic ACL.

import type { AclOperationName } from './acl.js';
import type { MirrorTopicResult, MirrorTopicsResponseBody } from './message-bodies.js';
import type { RequestContext } from './types.js';
import type { EmulatedCluster } from './cluster-model.js';
import { errors } from '../../kafka/error-codes.js';
import type { MirrorStateName } from './partition-state.js';
import type { Topic } from './topics.js';

/** Broker-internal requests (discovery, exclude enforcement) run as this principal; never denied. */
export const INTERNAL_PRINCIPAL = 'User:__emulated-broker';

export function topicsResponse(
  errorCode: number,
  errorMessage: string | null = null,
  topics: MirrorTopicResult[] = [],
): MirrorTopicsResponseBody {
  return { ThrottleTimeMs: 0, ErrorCode: errorCode, ErrorMessage: errorMessage, Topics: topics };
}

export function authorizeMirror(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  mirrorName: string,
  op: AclOperationName,
): boolean {
  return cluster.authorizer.authorize(ctx.principal, 'CLUSTER_MIRROR', mirrorName, op);
}

export function desiredOf(topic: Topic): MirrorStateName {
  return topic.mirror?.desired ?? 'UNKNOWN';
}

export function statesAllowed(
  topic: Topic,
  desired: readonly MirrorStateName[],
  partitions: readonly MirrorStateName[],
): boolean {
  if (!desired.includes(desiredOf(topic))) return false;
  return topic.partitions.every((p) => partitions.includes(p.mirror?.state ?? 'UNKNOWN'));
}

export interface BrokerValidation {
  readonly desired: readonly MirrorStateName[];
  readonly partitions: readonly MirrorStateName[];
  readonly missingTopicsPass: boolean;
  readonly memberOf?: string;
}

/** The broker's pre-validation: 145 for every state conflict, so the controller's 137-141 never reach a client. */
export function brokerPrevalidate(
  cluster: EmulatedCluster,
  mirrorName: string,
  topicNames: Iterable<string>,
  rule: BrokerValidation,
): MirrorTopicsResponseBody | null {
  if (!cluster.mirrors.exists(mirrorName)) return invalidStates();
  for (const name of topicNames) {
    const topic = cluster.topics.get(name);
    if (!topic) {
      if (rule.missingTopicsPass) continue;
      return invalidStates();
    }
    if (!statesAllowed(topic, rule.desired, rule.partitions)) return invalidStates();
    if (rule.memberOf !== undefined && topic.mirror?.name !== rule.memberOf) return invalidStates();
  }
  return null;
}

function invalidStates(): MirrorTopicsResponseBody {
  return topicsResponse(errors.INVALID_CLUSTER_MIRROR_STATES.code, errors.INVALID_CLUSTER_MIRROR_STATES.brokerMessage);
}

/** Controller checks of Start/Stop/Pause/Resume (ALTER for Delete): ALTER 144, feature 35, forwarded 42. */
export function controllerGate(cluster: EmulatedCluster, ctx: RequestContext, mirrorName: string): number {
  if (!authorizeMirror(cluster, ctx, mirrorName, 'ALTER')) return errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code;
  if (!cluster.mirroringEnabled()) return errors.UNSUPPORTED_VERSION.code;
  if (ctx.isController) return errors.INVALID_REQUEST.code;
  return errors.NONE.code;
}

export function topicsAlterable(cluster: EmulatedCluster, ctx: RequestContext, topicNames: Iterable<string>): boolean {
  for (const name of topicNames) {
    if (!cluster.authorizer.authorize(ctx.principal, 'TOPIC', name, 'ALTER_CONFIGS')) return false;
  }
  return true;
}

export function uniqueNames<T>(items: readonly T[], nameOf: (item: T) => string): string[] {
  return [...new Set(items.map(nameOf))];
}
