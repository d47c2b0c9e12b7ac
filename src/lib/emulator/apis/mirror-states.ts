// The broker-internal mirror RPCs (PROTOCOL.md §3): Read/WriteMirrorStates and BumpLeaderEpochs, never sent by
// kmirror, answered as the prototype does.

import { CLUSTER_RESOURCE_NAME } from '../state/acl.js';
import type { RequestContext } from '../state/types.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import { errors } from '../../kafka/error-codes.js';
import type * as I from '../state/message-bodies.js';
import { MirrorState, type MirrorStateName } from '../state/partition-state.js';
import { coordinatorOf } from '../state/mirror-coordinators.js';
import { materialize } from '../state/topics.js';
import { BumpLeaderEpochs, ReadMirrorStates, WriteMirrorStates } from '../../kafka/messages/index.js';
import { engineContext, type BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';
import { bumpLeaderEpoch } from '../state/epoch-war.js';

const NAME_OF_BYTE = new Map<number, MirrorStateName>(
  Object.entries(MirrorState).map(([name, byte]) => [byte, name as MirrorStateName]),
);

function refusal(cluster: EmulatedCluster, ctx: RequestContext): { code: number; message: string | null } | null {
  if (!cluster.mirroringEnabled())
    return { code: errors.UNSUPPORTED_VERSION.code, message: errors.UNSUPPORTED_VERSION.brokerMessage };
  if (!cluster.authorizer.authorize(ctx.principal, 'CLUSTER', CLUSTER_RESOURCE_NAME, 'CLUSTER_ACTION')) {
    return {
      code: errors.CLUSTER_AUTHORIZATION_FAILED.code,
      message: errors.CLUSTER_AUTHORIZATION_FAILED.brokerMessage,
    };
  }
  // The controller registers no handler for these two.
  if (ctx.isController) return { code: errors.UNKNOWN_SERVER_ERROR.code, message: null };
  return null;
}

export function readMirrorStates(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: I.ReadMirrorStatesRequestBody,
): I.ReadMirrorStatesResponseBody {
  const refused = refusal(cluster, ctx);
  if (refused) return { ThrottleTimeMs: 0, ErrorCode: refused.code, ErrorMessage: refused.message, Topics: [] };
  const topics = body.Topics.map((t) => {
    const topic = cluster.topics.get(t.Name);
    return {
      Name: t.Name,
      Partitions: t.Partitions.map(({ PartitionIndex }): I.ReadMirrorStatesPartitionResult => {
        if (!topic || coordinatorOf(cluster, body.MirrorName, topic.id, PartitionIndex) !== ctx.nodeId) {
          return {
            PartitionIndex: 0,
            LastMirrorEpoch: -1,
            State: 0,
            ErrorCode: errors.NOT_COORDINATOR.code,
            PreviousState: 16,
            RetryAttempt: 0,
            ErrorMessage: errors.NOT_COORDINATOR.brokerMessage,
          };
        }
        const m = topic.mirror?.name === body.MirrorName ? topic.partitions[PartitionIndex]?.mirror : undefined;
        return {
          PartitionIndex,
          LastMirrorEpoch: m?.lastMirrorEpoch ?? -1,
          State: MirrorState[m?.state ?? 'UNKNOWN'],
          ErrorCode: errors.NONE.code,
          PreviousState: m?.failure ? MirrorState[m.preFailureState] : -1,
          RetryAttempt: m?.failure?.retryAttempt ?? 0,
          ErrorMessage: m?.failure?.message ?? null,
        };
      }),
    };
  });
  return { ThrottleTimeMs: 0, ErrorCode: errors.NONE.code, ErrorMessage: null, Topics: topics };
}

export function writeMirrorStates(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: I.WriteMirrorStatesRequestBody,
): I.WriteMirrorStatesResponseBody {
  const refused = refusal(cluster, ctx);
  if (refused) return { ThrottleTimeMs: 0, ErrorCode: refused.code, ErrorMessage: refused.message, Topics: [] };
  const now = cluster.clock.now();
  const topics = body.Topics.map((t) => {
    const topic = cluster.topics.get(t.Name);
    for (const part of t.Partitions) {
      const p = topic?.partitions[part.PartitionIndex];
      if (!topic || !p?.mirror) continue;
      if ((part.LastMirrorEpoch ?? -1) !== -1) p.mirror.lastMirrorEpoch = part.LastMirrorEpoch ?? -1;
      const state = part.State === -1 ? undefined : NAME_OF_BYTE.get(part.State);
      if (!state) continue;
      materialize(topic, p, now);
      p.mirror.state = state;
      p.mirror.processedAt = now;
      p.mirror.fetchedAt = now;
      const phase: Partial<Record<MirrorStateName, number>> = {
        LOG_TRUNCATION: cluster.timing.logTruncationMs,
        PAUSING: cluster.timing.pausingMs,
        STOPPING: cluster.timing.stoppingMs,
        FAILED: cluster.brokerConfigs.number('mirror.failed.retry.initial.backoff.ms', 1000),
      };
      p.mirror.deadline = now + (phase[state] ?? Infinity);
      if (state === 'LOG_TRUNCATION' || state === 'PAUSED' || state === 'STOPPED') p.mirror.failure = null;
    }
    return {
      Name: t.Name,
      Partitions: t.Partitions.map((x) => ({
        PartitionIndex: x.PartitionIndex,
        ErrorCode: errors.NONE.code,
        ErrorMessage: null,
      })),
    };
  });
  return { ThrottleTimeMs: 0, ErrorCode: errors.NONE.code, ErrorMessage: null, Topics: topics };
}

/** Needs CLUSTER_ACTION, not mirror.version; sets MinLeaderEpoch + 1 (PartitionChangeBuilder.computeLeaderEpoch). */
export function bumpLeaderEpochs(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: I.BumpLeaderEpochsRequestBody,
): I.BumpLeaderEpochsResponseBody {
  if (!cluster.authorizer.authorize(ctx.principal, 'CLUSTER', CLUSTER_RESOURCE_NAME, 'CLUSTER_ACTION')) {
    return {
      ThrottleTimeMs: 0,
      ErrorCode: errors.CLUSTER_AUTHORIZATION_FAILED.code,
      ErrorMessage: errors.CLUSTER_AUTHORIZATION_FAILED.brokerMessage,
      Topics: [],
    };
  }
  const topics = body.Topics.map((t) => {
    const topic = cluster.topics.getById(t.TopicId);
    return {
      TopicName: topic?.name ?? '',
      Partitions: t.Partitions.map(({ PartitionIndex, MinLeaderEpoch }) => {
        const p = topic?.partitions[PartitionIndex];
        if (!p || !topic)
          return { PartitionIndex, ErrorCode: errors.UNKNOWN_TOPIC_OR_PARTITION.code, ErrorMessage: null };
        materialize(topic, p, cluster.clock.now());
        bumpLeaderEpoch(p, MinLeaderEpoch ?? -1);
        return { PartitionIndex, ErrorCode: errors.NONE.code, ErrorMessage: null };
      }),
    };
  });
  return { ThrottleTimeMs: 0, ErrorCode: errors.NONE.code, ErrorMessage: null, Topics: topics };
}

export function mirrorStateHandlers(broker: BrokerContext): RegisteredHandler[] {
  const cluster = broker.cluster;
  return [
    defineHandler({
      api: ReadMirrorStates,
      handle: (ctx, body) => readMirrorStates(cluster, engineContext(ctx), body),
    }),
    defineHandler({
      api: WriteMirrorStates,
      handle: (ctx, body) => writeMirrorStates(cluster, engineContext(ctx), body),
    }),
    defineHandler({
      api: BumpLeaderEpochs,
      handle: (ctx, body) => bumpLeaderEpochs(cluster, engineContext(ctx), body),
    }),
  ];
}
