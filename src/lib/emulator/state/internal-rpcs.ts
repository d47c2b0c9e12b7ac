// The broker-internal mirror RPCs (PROTOCOL.md §3): ReadMirrorStates / WriteMirrorStates against
// the coordinator cache (here: the engine's partition records) and BumpLeaderEpochs. kmirror never
// sends them; they exist so the emulator answers every key it advertises the way the prototype does.

import { CLUSTER_RESOURCE_NAME } from './acl.js';
import type { RequestContext } from './request-context.js';
import type { EmulatedCluster } from './cluster.js';
import { errors } from '../../kafka/error-codes.js';
import type * as I from './message-bodies.js';
import { MIRROR_STATE_TOPIC } from './mirror-lifecycle.js';
import { MirrorState, type MirrorStateName } from './partition-state.js';
import { materialize } from './topics.js';
import { bumpLeaderEpoch } from './epoch-war.js';

const NAME_OF_BYTE = new Map<number, MirrorStateName>(
  Object.entries(MirrorState).map(([name, byte]) => [byte, name as MirrorStateName]),
);

/** Java's String.hashCode over UTF-16 code units. */
export function javaStringHash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return h;
}

/** The node coordinating one partition's mirror state; -1 when `__mirror_state` is missing or offline. */
export function coordinatorOf(
  cluster: EmulatedCluster,
  mirrorName: string,
  topicId: string,
  partition: number,
): number {
  const stateTopic = cluster.topics.get(MIRROR_STATE_TOPIC);
  if (!stateTopic || stateTopic.partitions.length === 0) return -1;
  const hash = javaStringHash(`${mirrorName}:${topicId}:${partition}`);
  // Kafka's Utils.abs maps Integer.MIN_VALUE to 0 rather than leaving it negative.
  const index = (hash === -2147483648 ? 0 : Math.abs(hash)) % stateTopic.partitions.length;
  return stateTopic.partitions[index]?.leader ?? -1;
}

/**
 * The node coordinating a whole mirror (the prototype's periodic-sync coordinator, and what the seed's
 * FindCoordinator key type MIRROR names): the leader of `abs(hash(name)) % partitions` of `__mirror_state`.
 */
export function mirrorCoordinatorOf(cluster: EmulatedCluster, mirrorName: string): number {
  const stateTopic = cluster.topics.get(MIRROR_STATE_TOPIC);
  if (!stateTopic || stateTopic.partitions.length === 0) return -1;
  const hash = javaStringHash(mirrorName);
  const index = (hash === -2147483648 ? 0 : Math.abs(hash)) % stateTopic.partitions.length;
  return stateTopic.partitions[index]?.leader ?? -1;
}

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
      // Only partitions the engine tracks can hold a state; other writes are accepted and dropped.
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

/**
 * Not gated by mirror.version; requires CLUSTER_ACTION. The controller sets MinLeaderEpoch + 1 unless
 * the epoch is already above MinLeaderEpoch (PartitionChangeBuilder.computeLeaderEpoch).
 */
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
