// Stop/Pause/ResumeMirrorTopics (PROTOCOL.md §3): per-topic errors stay in Topics[], listed as the prototype does.

import type {
  MirrorTopicResult,
  MirrorTopicsResponseBody,
  PauseMirrorTopicsRequestBody,
  StopMirrorTopicsRequestBody,
} from '../state/message-bodies.js';
import type { RequestContext } from '../state/types.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import { errors } from '../../kafka/error-codes.js';
import type { DesiredState, MirrorStateName } from '../state/partition-state.js';
import { updatePatternsAndStopExcluded } from '../state/pattern-updates.js';
import {
  brokerPrevalidate,
  controllerGate,
  topicsAlterable,
  topicsResponse,
  uniqueNames,
} from '../state/rpc-common.js';
import type { Topic } from '../state/topics.js';
import { PauseMirrorTopics, ResumeMirrorTopics, StopMirrorTopics } from '../../kafka/messages/index.js';
import { engineContext, type BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

interface Gates {
  readonly desired: readonly MirrorStateName[];
  readonly partitions: readonly MirrorStateName[];
}

function brokerSide(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  mirrorName: string,
  names: readonly string[],
  gates: Gates,
): MirrorTopicsResponseBody | null {
  if (ctx.isController) return null;
  if (!cluster.mirroringEnabled()) return topicsResponse(errors.UNSUPPORTED_VERSION.code);
  return brokerPrevalidate(cluster, mirrorName, names, { ...gates, missingTopicsPass: false, memberOf: mirrorName });
}

function controllerSide(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  mirrorName: string,
  names: readonly string[],
): MirrorTopicsResponseBody | null {
  const gate = controllerGate(cluster, ctx, mirrorName);
  if (gate !== errors.NONE.code) return topicsResponse(gate);
  if (!topicsAlterable(cluster, ctx, names)) return topicsResponse(errors.TOPIC_AUTHORIZATION_FAILED.code);
  return null;
}

const STOP_GATES: Gates = { desired: ['MIRRORING', 'PAUSED'], partitions: ['MIRRORING', 'PAUSED'] };
const PAUSE_GATES: Gates = { desired: ['MIRRORING'], partitions: ['MIRRORING'] };
const RESUME_GATES: Gates = { desired: ['PAUSED'], partitions: ['PAUSED'] };

function topicNames(body: { readonly Topics: readonly { readonly TopicName: string }[] }): string[] {
  return uniqueNames(body.Topics, (t) => t.TopicName);
}

export function stopMirrorTopics(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: StopMirrorTopicsRequestBody,
): MirrorTopicsResponseBody {
  return (
    brokerSide(cluster, ctx, body.MirrorName, topicNames(body), STOP_GATES) ?? stopOnController(cluster, ctx, body)
  );
}

export function pauseMirrorTopics(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: PauseMirrorTopicsRequestBody,
): MirrorTopicsResponseBody {
  return (
    brokerSide(cluster, ctx, body.MirrorName, topicNames(body), PAUSE_GATES) ?? pauseOnController(cluster, ctx, body)
  );
}

export function resumeMirrorTopics(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: PauseMirrorTopicsRequestBody,
): MirrorTopicsResponseBody {
  return (
    brokerSide(cluster, ctx, body.MirrorName, topicNames(body), RESUME_GATES) ?? resumeOnController(cluster, ctx, body)
  );
}

type Lookup = { readonly topic: Topic; readonly desired: DesiredState } | { readonly error: MirrorTopicResult };

function lookup(cluster: EmulatedCluster, mirrorName: string, name: string): Lookup {
  const topic = cluster.topics.get(name);
  if (!topic) return { error: result(name, errors.UNKNOWN_TOPIC_OR_PARTITION.code) };
  const link = topic.mirror;
  if (!link || link.name.trim() === '') return { error: result(name, errors.UNKNOWN_CLUSTER_MIRROR.code) };
  if (link.name !== mirrorName) return { error: result(name, errors.TOPIC_NOT_IN_CLUSTER_MIRROR.code) };
  return { topic, desired: link.desired };
}

function result(name: string, code: number, message: string | null = null): MirrorTopicResult {
  return { Name: name, ErrorCode: code, ErrorMessage: message };
}

type Found = Exclude<Lookup, { readonly error: MirrorTopicResult }>;

/** The controller half the three share; `decide` returns a topic's entry, or null where the prototype omits it. */
function perTopic(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: PauseMirrorTopicsRequestBody,
  decide: (name: string, found: Found, now: number) => MirrorTopicResult | null,
  beforeTopics?: () => MirrorTopicsResponseBody | null,
): MirrorTopicsResponseBody {
  const names = topicNames(body);
  const refused = controllerSide(cluster, ctx, body.MirrorName, names) ?? beforeTopics?.() ?? null;
  if (refused) return refused;
  const now = cluster.clock.now();
  const results: MirrorTopicResult[] = [];
  for (const name of names) {
    const found = lookup(cluster, body.MirrorName, name);
    const entry = 'error' in found ? found.error : decide(name, found, now);
    if (entry) results.push(entry);
  }
  return topicsResponse(errors.NONE.code, null, results);
}

/** The controller half of Stop, reachable alone only in tests (the broker pre-empts 3 with 145). */
export function stopOnController(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: StopMirrorTopicsRequestBody,
): MirrorTopicsResponseBody {
  const patterns = body.Patterns ?? [];
  // The per-topic step reads the metadata image as it was before the pattern records were written: a
  // named PAUSED topic is refused (140) even when a pattern of the same request stops it (PROTOCOL.md §18).
  const desiredBefore = new Map<string, DesiredState>();
  const applyPatterns = (): MirrorTopicsResponseBody | null => {
    if (patterns.length === 0) return null;
    for (const name of topicNames(body)) {
      const desired = cluster.topics.get(name)?.mirror?.desired;
      if (desired !== undefined) desiredBefore.set(name, desired);
    }
    const error = updatePatternsAndStopExcluded(cluster, body.MirrorName, [], (include, exclude) => {
      for (const pattern of patterns) {
        if (!include.delete(pattern)) exclude.add(pattern);
      }
    });
    return error ? topicsResponse(error.code) : null;
  };
  return perTopic(
    cluster,
    ctx,
    body,
    (name, found, now) => {
      const desired = desiredBefore.get(name) ?? found.desired;
      if (desired === 'STOPPED') return result(name, errors.NONE.code);
      if (desired === 'PAUSED') return result(name, errors.MIRROR_TOPIC_ALREADY_PAUSED.code);
      if (found.desired === 'STOPPED') return result(name, errors.NONE.code);
      cluster.mirrors.associate(found.topic, body.MirrorName, 'STOPPED', now);
      return result(name, errors.NONE.code);
    },
    applyPatterns,
  );
}

export function pauseOnController(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: PauseMirrorTopicsRequestBody,
): MirrorTopicsResponseBody {
  return perTopic(cluster, ctx, body, (name, found, now) => {
    if (found.desired === 'STOPPED')
      return result(name, errors.MIRROR_TOPIC_BEING_STOPPED.code, `Topic '${name}' is in STOPPED state`);
    if (found.desired === 'PAUSED') return result(name, errors.NONE.code);
    // A topic paused by this request is not listed: the prototype adds no result for it.
    cluster.mirrors.associate(found.topic, body.MirrorName, 'PAUSED', now);
    return null;
  });
}

export function resumeOnController(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: PauseMirrorTopicsRequestBody,
): MirrorTopicsResponseBody {
  return perTopic(cluster, ctx, body, (name, found, now) => {
    // Already mirroring: listed with the name left at its default "", as the prototype does.
    if (found.desired === 'MIRRORING') return result('', errors.NONE.code);
    if (found.desired !== 'PAUSED')
      return result(name, errors.MIRROR_TOPIC_NOT_PAUSED.code, `Topic '${name}' is in ${found.desired} state`);
    cluster.mirrors.associate(found.topic, body.MirrorName, 'MIRRORING', now);
    return null;
  });
}

export function stopPauseResumeHandlers(broker: BrokerContext): RegisteredHandler[] {
  const cluster = broker.cluster;
  return [
    defineHandler({
      api: StopMirrorTopics,
      handle: (ctx, body) => stopMirrorTopics(cluster, engineContext(ctx), body),
    }),
    defineHandler({
      api: PauseMirrorTopics,
      handle: (ctx, body) => pauseMirrorTopics(cluster, engineContext(ctx), body),
    }),
    defineHandler({
      api: ResumeMirrorTopics,
      handle: (ctx, body) => resumeMirrorTopics(cluster, engineContext(ctx), body),
    }),
  ];
}
