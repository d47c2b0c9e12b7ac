// The mirror RPCs as the seed KIP prints them (`--protocol kip-draft`), translated to the prototype's state
// changes; where the seed is silent the prototype's behaviour stands (SKIPPED.md lists both).

import { DRAFT_STATE_OF_PROTOTYPE } from '../../kafka/dialects/kip-draft-states.js';
import { errors } from '../../kafka/error-codes.js';
import type { RequestBody } from '../../kafka/message-types.js';
import {
  AddTopicsToMirror,
  CreateMirror,
  DescribeMirrors,
  LastMirroredOffsets,
  ListMirrors,
  ReadMirrorStates,
  WriteMirrorStates,
} from '../../kafka/messages/kip-draft/index.js';
import { mirrorNameProblem } from '../../mirror/config/config-validation.js';
import { mirrorCoordinatorOf } from '../state/mirror-coordinators.js';
import type * as B from '../state/message-bodies.js';
import { authorizeMirror } from '../state/rpc-common.js';
import { sourceStatus } from '../state/source-link.js';
import { endOffset } from '../state/topics.js';
import { engineContext, type BrokerContext } from '../server/broker-context.js';
import { createClusterMirror, listClusterMirrors } from './cluster-mirrors.js';
import { describeClusterMirrors } from './describe-cluster-mirrors.js';
import { readMirrorStates, writeMirrorStates } from './mirror-states.js';
import { startMirrorTopics } from './start-mirror-topics.js';
import { defineHandler, type RegisteredHandler, type ResponseInput } from '../server/handler.js';

type AddTopicsBody = RequestBody<typeof AddTopicsToMirror>;
type AddTopicsAnswer = ResponseInput<typeof AddTopicsToMirror>;

export function kipDraftHandlers(broker: BrokerContext): RegisteredHandler[] {
  const cluster = broker.cluster;
  return [
    defineHandler({
      api: CreateMirror,
      handle(ctx, body) {
        // The seed: the broker checks the name (in use, characters, `.removed`) before forwarding.
        const problem = body.MirrorName === null ? 'the mirror name is null' : mirrorNameProblem(body.MirrorName);
        if (problem) return { ThrottleTimeMs: 0, ErrorCode: errors.INVALID_REQUEST.code, ErrorMessage: problem };
        return createClusterMirror(cluster, engineContext(ctx), {
          MirrorName: body.MirrorName ?? '',
          Config: body.Config,
        });
      },
    }),
    defineHandler({ api: AddTopicsToMirror, handle: (ctx, body) => addTopicsToMirror(broker, ctx, body) }),
    defineHandler({
      api: ListMirrors,
      handle(ctx, body) {
        const listed = listClusterMirrors(cluster, engineContext(ctx), body);
        return {
          ThrottleTimeMs: listed.ThrottleTimeMs,
          ErrorCode: listed.ErrorCode,
          Mirrors: listed.Mirrors.map((m) => ({
            MirrorName: m.MirrorName,
            SourceBootstrap: m.SourceBootstrap,
            TopicCount: m.TopicCount,
          })),
        };
      },
    }),
    defineHandler({
      api: DescribeMirrors,
      handle(ctx, body) {
        // No top-level error in the seed: a disabled cluster answers with no mirrors.
        const described = describeClusterMirrors(cluster, engineContext(ctx), body);
        return {
          ThrottleTimeMs: described.ThrottleTimeMs,
          Mirrors: described.Mirrors.map((m) => ({
            ErrorCode: m.ErrorCode,
            MirrorName: m.MirrorName,
            Topics: m.Topics.map((t) => ({
              TopicName: t.TopicName,
              Partitions: t.Partitions.map((p) => ({
                PartitionIndex: p.PartitionIndex,
                SourceOffset: p.SourceOffset,
                DestinationOffset: p.DestinationOffset,
                Lag: p.Lag,
                State: DRAFT_STATE_OF_PROTOTYPE[p.StateValue] ?? p.StateValue,
              })),
            })),
            AuthorizedOperations: m.AuthorizedOperations,
          })),
        };
      },
    }),
    defineHandler({ api: LastMirroredOffsets, handle: (ctx, body) => lastMirroredOffsets(broker, ctx, body) }),
    defineHandler({
      api: ReadMirrorStates,
      handle: (ctx, body) => readMirrorStates(cluster, engineContext(ctx), body),
    }),
    defineHandler({
      api: WriteMirrorStates,
      handle(ctx, body) {
        const answer = writeMirrorStates(cluster, engineContext(ctx), {
          MirrorName: body.MirrorName,
          Topics: body.Topics.map((t) => ({
            Name: t.Name,
            Partitions: t.Partitions.map((p) => ({ PartitionIndex: p.PartitionIndex, State: p.State })),
          })),
          StoppedTopics: body.RemovedTopics,
        });
        if (answer.ErrorCode === errors.NONE.code) {
          // The seed keeps an offset where the prototype keeps an epoch.
          for (const t of body.Topics) {
            const topic = cluster.topics.get(t.Name);
            for (const part of t.Partitions) {
              const m = topic?.partitions[part.PartitionIndex]?.mirror;
              if (m && part.LastMirroredOffset >= 0n) m.lastMirroredOffset = part.LastMirroredOffset;
            }
          }
        }
        return answer;
      },
    }),
  ];
}

function addTopicsToMirror(
  broker: BrokerContext,
  ctx: Parameters<RegisteredHandler['handle']>[0],
  body: AddTopicsBody,
): AddTopicsAnswer {
  const cluster = broker.cluster;
  const byMirror = new Map<string, AddTopicsBody['Topics'][number][]>();
  const results: B.MirrorTopicResult[] = [];
  for (const topic of body.Topics) {
    if (topic.MirrorName === null || topic.MirrorName === '') {
      results.push({ Name: topic.TopicName, ErrorCode: errors.INVALID_REQUEST.code, ErrorMessage: 'no mirror name' });
      continue;
    }
    byMirror.set(topic.MirrorName, [...(byMirror.get(topic.MirrorName) ?? []), topic]);
  }
  let first: { code: number; message: string | null } | null = null;
  for (const [mirror, topics] of byMirror) {
    // The seed sends no partition count: the broker reads it from the mirror's source.
    const source = sourceStatus(cluster, mirror);
    const answer = startMirrorTopics(cluster, engineContext(ctx), {
      MirrorName: mirror,
      Topics: topics.map((t) => ({
        TopicId: t.TopicId,
        TopicName: t.TopicName,
        NumPartitions: source.ok ? (source.cluster.topics.get(t.TopicName)?.partitions.length ?? 0) : 0,
      })),
      IncludePatterns: [],
      ExcludePatterns: [],
    });
    if (answer.ErrorCode !== errors.NONE.code && first === null)
      first = { code: answer.ErrorCode, message: answer.ErrorMessage };
    if (answer.Topics.length === 0 && answer.ErrorCode !== errors.NONE.code) {
      for (const t of topics)
        results.push({ Name: t.TopicName, ErrorCode: answer.ErrorCode, ErrorMessage: answer.ErrorMessage });
    } else results.push(...answer.Topics);
  }
  const failedTopic = results.find((r) => r.ErrorCode !== errors.NONE.code);
  return {
    ThrottleTimeMs: 0,
    ErrorCode: first?.code ?? failedTopic?.ErrorCode ?? errors.NONE.code,
    ErrorMessage: first ? first.message : (failedTopic?.ErrorMessage ?? null),
    Topics: results,
  };
}

function lastMirroredOffsets(
  broker: BrokerContext,
  ctx: Parameters<RegisteredHandler['handle']>[0],
  body: RequestBody<typeof LastMirroredOffsets>,
): ResponseInput<typeof LastMirroredOffsets> {
  const cluster = broker.cluster;
  const refuse = (code: number, message: string | null = null) => ({
    ThrottleTimeMs: 0,
    ErrorCode: code,
    ErrorMessage: message,
    Topics: [],
  });
  if (!cluster.mirroringEnabled()) return refuse(errors.UNSUPPORTED_VERSION.code);
  if (!authorizeMirror(cluster, engineContext(ctx), body.MirrorName, 'DESCRIBE'))
    return refuse(errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code);
  if (!cluster.mirrors.exists(body.MirrorName))
    return refuse(errors.UNKNOWN_CLUSTER_MIRROR.code, `Mirror '${body.MirrorName}' not found`);
  if (mirrorCoordinatorOf(cluster, body.MirrorName) !== broker.nodeId)
    return refuse(errors.NOT_COORDINATOR.code, errors.NOT_COORDINATOR.brokerMessage);
  const now = cluster.clock.now();
  return {
    ThrottleTimeMs: 0,
    ErrorCode: errors.NONE.code,
    ErrorMessage: null,
    Topics: body.Topics.map((t) => {
      const topic = cluster.topics.get(t.Name);
      return {
        Name: t.Name,
        Partitions: t.Partitions.map(({ PartitionIndex }) => {
          const p = topic?.partitions[PartitionIndex];
          if (!topic || !p)
            return { PartitionIndex, ErrorCode: errors.UNKNOWN_TOPIC_OR_PARTITION.code, LastMirroredOffset: -1n };
          if (topic.mirror?.name !== body.MirrorName || !p.mirror)
            return { PartitionIndex, ErrorCode: errors.TOPIC_NOT_IN_CLUSTER_MIRROR.code, LastMirroredOffset: -1n };
          const offset = p.mirror.state === 'STOPPED' ? p.mirror.lastMirroredOffset : endOffset(topic, p, now);
          return { PartitionIndex, ErrorCode: errors.NONE.code, LastMirroredOffset: offset };
        }),
      };
    }),
  };
}
