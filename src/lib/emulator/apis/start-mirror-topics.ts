// StartMirrorTopics (PROTOCOL.md §3): the first per-topic error is copied to the top level.

import type {
  MirrorTopicResult,
  StartMirrorTopicsRequestBody,
  StartMirrorTopicsResponseBody,
} from '../state/message-bodies.js';
import type { RequestContext } from '../state/types.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import { errors } from '../../kafka/error-codes.js';
import { javaHashMapOrder } from '../state/java-hash-map.js';
import { updatePatternsAndStopExcluded } from '../state/pattern-updates.js';
import { brokerPrevalidate, controllerGate, topicsAlterable, topicsResponse } from '../state/rpc-common.js';
import type { Topic } from '../state/topics.js';
import { ZERO_UUID } from '../../kafka/wire/uuid.js';
import { StartMirrorTopics } from '../../kafka/messages/index.js';
import { engineContext, type BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

type StartTopic = StartMirrorTopicsRequestBody['Topics'][number];

export function startMirrorTopics(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: StartMirrorTopicsRequestBody,
): StartMirrorTopicsResponseBody {
  const topics = firstPerName(body.Topics);
  const names = topics.map((t) => t.TopicName);
  if (!ctx.isController) {
    if (!cluster.mirroringEnabled()) return topicsResponse(errors.UNSUPPORTED_VERSION.code);
    const refused = brokerPrevalidate(cluster, body.MirrorName, names, {
      desired: ['STOPPED', 'UNKNOWN'],
      partitions: ['STOPPED', 'UNKNOWN'],
      missingTopicsPass: true,
    });
    if (refused) return refused;
  }
  return startOnController(cluster, ctx, body);
}

/** The controller half of Start; tests call it alone to reach codes the broker pre-empts. */
export function startOnController(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: StartMirrorTopicsRequestBody,
): StartMirrorTopicsResponseBody {
  const topics = firstPerName(body.Topics);
  const names = topics.map((t) => t.TopicName);
  const gate = controllerGate(cluster, ctx, body.MirrorName);
  if (gate !== errors.NONE.code) return topicsResponse(gate);
  if (!topicsAlterable(cluster, ctx, names)) return topicsResponse(errors.TOPIC_AUTHORIZATION_FAILED.code);

  const mirrorName = body.MirrorName;
  // The controller collects names into a HashSet, so they join the include list in its iteration order.
  const patternError = updatePatternsAndStopExcluded(cluster, mirrorName, names, (include, exclude) => {
    for (const name of javaHashMapOrder(names)) {
      include.add(name);
      exclude.delete(name);
    }
    for (const pattern of body.IncludePatterns ?? []) {
      include.add(pattern);
      exclude.delete(pattern);
    }
    for (const pattern of body.ExcludePatterns ?? []) {
      exclude.add(pattern);
      include.delete(pattern);
    }
  });
  // The prototype's controller copies only the code of this error into the response.
  if (patternError) return topicsResponse(patternError.code);

  const results = topics.map((t) => startOne(cluster, mirrorName, t));
  const firstError = results.find((r) => r.ErrorCode !== errors.NONE.code);
  return topicsResponse(firstError?.ErrorCode ?? errors.NONE.code, firstError?.ErrorMessage ?? null, results);
}

function startOne(cluster: EmulatedCluster, mirrorName: string, request: StartTopic): MirrorTopicResult {
  const name = request.TopicName;
  const result: MirrorTopicResult = { Name: name, ErrorCode: errors.NONE.code, ErrorMessage: null };
  const existing = cluster.topics.get(name);
  const hasId = request.TopicId !== ZERO_UUID;
  const byId = hasId ? cluster.topics.getById(request.TopicId) : undefined;

  // Recorded and processing goes on, as in the prototype (whose record names the wrong topic id; none here).
  let idConflict = false;
  if (existing && hasId && existing.id !== request.TopicId) {
    idConflict = true;
    setError(
      result,
      errors.INCONSISTENT_TOPIC_ID.code,
      `Topic id ${request.TopicId} in the request doesn't match the existing topic id ${existing.id} for topic ${name}`,
    );
  }
  if (byId && byId.name !== name) {
    idConflict = true;
    setError(
      result,
      errors.TOPIC_ALREADY_EXISTS.code,
      `Topic id ${request.TopicId} with topic name ${name} in the request is already used by topic name ${byId.name}`,
    );
  }
  const link = existing?.mirror ?? null;
  if (link && link.name !== '' && link.name !== mirrorName && link.desired !== 'STOPPED') {
    return setError(
      result,
      errors.TOPIC_ALREADY_IN_CLUSTER_MIRROR.code,
      `Topic '${name}' is already in mirror '${link.name}' in ${link.desired} state`,
    );
  }
  // Unknown partition count: the next periodic sync discovers the topic from the include list.
  if (!existing && request.NumPartitions <= 0) return result;

  let topic: Topic | undefined = existing;
  if (!existing && request.NumPartitions > 0) {
    const created = createMirrorTopic(
      cluster,
      name,
      hasId ? request.TopicId : cluster.newTopicId(),
      request.NumPartitions,
    );
    if (typeof created === 'number') {
      if (created !== errors.TOPIC_ALREADY_EXISTS.code) result.ErrorCode = created;
      return result;
    }
    topic = created;
  }
  if (!topic) return result;
  if (link && link.name === mirrorName) {
    if (link.desired === 'MIRRORING') return result;
    if (link.desired !== 'STOPPED') {
      return setError(result, errors.MIRROR_TOPIC_NOT_STOPPED.code, `Topic '${name}' is in ${link.desired} state`);
    }
  }
  if (!idConflict) {
    // A STOPPED topic started again is truncated to 0 and copied again, as on the prototype.
    if (link?.desired === 'STOPPED') for (const p of topic.partitions) if (p.mirror) p.mirror.fetched = false;
    cluster.mirrors.associate(topic, mirrorName, 'MIRRORING', cluster.clock.now());
  }
  return result;
}

/** The controller's mirror-topic creation: source id and partition count, `default.replication.factor`. */
export function createMirrorTopic(
  cluster: EmulatedCluster,
  name: string,
  id: string,
  numPartitions: number,
): Topic | number {
  if (cluster.topics.has(name)) return errors.TOPIC_ALREADY_EXISTS.code;
  if (cluster.topics.getById(id)) return errors.TOPIC_ALREADY_EXISTS.code;
  const rf = cluster.brokerConfigs.number('default.replication.factor', 1);
  if (rf > cluster.liveNodeIds().length) return errors.INVALID_REPLICATION_FACTOR.code;
  return cluster.addTopic(name, id, numPartitions, rf);
}

function setError(result: MirrorTopicResult, code: number, message: string | null): MirrorTopicResult {
  result.ErrorCode = code;
  result.ErrorMessage = message;
  return result;
}

function firstPerName(topics: StartMirrorTopicsRequestBody['Topics']): StartTopic[] {
  const byName = new Map<string, StartTopic>();
  for (const t of topics) if (!byName.has(t.TopicName)) byName.set(t.TopicName, t);
  return [...byName.values()];
}

export function startMirrorTopicsHandlers(broker: BrokerContext): RegisteredHandler[] {
  const cluster = broker.cluster;
  return [
    defineHandler({
      api: StartMirrorTopics,
      handle: (ctx, body) => startMirrorTopics(cluster, engineContext(ctx), body),
    }),
  ];
}
