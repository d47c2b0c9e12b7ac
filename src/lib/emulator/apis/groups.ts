// The group coordinator's offset APIs (FindCoordinator, OffsetCommit, OffsetFetch, ListGroups, DescribeGroups)
// with Kafka 4's order of checks: group ACL, topic ACL and existence, then the coordinator's generation rules.

import { errors } from '../../kafka/error-codes.js';
import type { RequestBody, ResponseOf } from '../../kafka/message-types.js';
import { DescribeGroups, FindCoordinator, ListGroups, OffsetCommit, OffsetFetch } from '../../kafka/messages/index.js';
import { AUTHORIZED_OPERATIONS_OMITTED, CLUSTER_RESOURCE_NAME } from '../state/acl.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import { type CommitRefusal, type ConsumerGroup, groupCoordinator, groupState } from '../state/groups.js';
import type { RequestContext } from '../state/types.js';
import { engineContext, type BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

const NO_OFFSET = -1n;

/** FindCoordinator's key types (CoordinatorType); the prototype has no MIRROR type 3 (PROTOCOL.md §15). */
export const CoordinatorKeyType = { GROUP: 0, TRANSACTION: 1, SHARE: 2 } as const;

export interface CoordinatorAnswer {
  readonly nodeId: number;
  readonly errorCode: number;
  readonly errorMessage: string | null;
}

export function findCoordinator(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  keyType: number,
  key: string,
): CoordinatorAnswer {
  const refused = (code: number, errorMessage: string | null): CoordinatorAnswer => ({
    nodeId: -1,
    errorCode: code,
    errorMessage,
  });
  if (keyType === CoordinatorKeyType.SHARE) {
    // Share groups are not modelled; a client keeps asking, as for a coordinator still loading.
    return refused(errors.COORDINATOR_NOT_AVAILABLE.code, errors.COORDINATOR_NOT_AVAILABLE.brokerMessage);
  }
  if (keyType === CoordinatorKeyType.TRANSACTION) {
    if (key === '') return refused(errors.INVALID_REQUEST.code, 'Transactional id must not be empty');
  } else if (keyType !== CoordinatorKeyType.GROUP) {
    return refused(errors.INVALID_REQUEST.code, `Unknown coordinator type received: ${keyType}`);
  } else if (!cluster.authorizer.authorize(ctx.principal, 'GROUP', key, 'DESCRIBE')) {
    return refused(errors.GROUP_AUTHORIZATION_FAILED.code, errors.GROUP_AUTHORIZATION_FAILED.brokerMessage);
  }
  const nodeId = groupCoordinator(cluster, key);
  if (nodeId < 0) return refused(errors.COORDINATOR_NOT_AVAILABLE.code, errors.COORDINATOR_NOT_AVAILABLE.brokerMessage);
  return { nodeId, errorCode: errors.NONE.code, errorMessage: null };
}

const REFUSAL_CODES: Readonly<Record<CommitRefusal, number>> = {
  UNKNOWN_MEMBER_ID: errors.UNKNOWN_MEMBER_ID.code,
  ILLEGAL_GENERATION: errors.ILLEGAL_GENERATION.code,
};

type OffsetCommitResponse = ResponseOf<typeof OffsetCommit>;

export function offsetCommit(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: RequestBody<typeof OffsetCommit>,
): OffsetCommitResponse {
  const groupId = body.GroupId;
  const answer = (code: (topic: string, partition: number) => number): OffsetCommitResponse => ({
    ThrottleTimeMs: 0,
    Topics: body.Topics.map((t) => ({
      Name: t.Name,
      Partitions: t.Partitions.map((p) => ({
        PartitionIndex: p.PartitionIndex,
        ErrorCode: code(t.Name, p.PartitionIndex),
      })),
    })),
  });
  if (!cluster.authorizer.authorize(ctx.principal, 'GROUP', groupId, 'READ'))
    return answer(() => errors.GROUP_AUTHORIZATION_FAILED.code);
  if (groupId === '') return answer(() => errors.INVALID_GROUP_ID.code);

  let coordinatorCode: number = errors.NONE.code;
  if (groupCoordinator(cluster, groupId) !== ctx.nodeId) coordinatorCode = errors.NOT_COORDINATOR.code;
  else {
    const refusal = cluster.groups.refusal(groupId, {
      generation: body.GenerationId ?? -1,
      memberId: body.MemberId,
      groupInstanceId: body.GroupInstanceId ?? null,
    });
    if (refusal) coordinatorCode = REFUSAL_CODES[refusal];
  }
  const codeOf = (topic: string, partition: number): number => {
    if (!cluster.authorizer.authorize(ctx.principal, 'TOPIC', topic, 'READ'))
      return errors.TOPIC_AUTHORIZATION_FAILED.code;
    if (!cluster.topics.get(topic)?.partitions[partition]) return errors.UNKNOWN_TOPIC_OR_PARTITION.code;
    return coordinatorCode;
  };
  const now = cluster.clock.now();
  for (const t of body.Topics) {
    for (const p of t.Partitions) {
      if (codeOf(t.Name, p.PartitionIndex) !== errors.NONE.code) continue;
      cluster.groups.commit(groupId, t.Name, p.PartitionIndex, {
        offset: p.CommittedOffset,
        leaderEpoch: p.CommittedLeaderEpoch ?? -1,
        metadata: p.CommittedMetadata,
        committedAt: now,
      });
    }
  }
  return answer(codeOf);
}

type OffsetFetchResponse = ResponseOf<typeof OffsetFetch>;
type FetchedTopic = OffsetFetchResponse['Topics'][number];

interface GroupFetch {
  readonly errorCode: number;
  readonly topics: FetchedTopic[];
}

export function offsetFetch(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: RequestBody<typeof OffsetFetch>,
  version: number,
): OffsetFetchResponse {
  if (version >= 8) {
    return {
      ThrottleTimeMs: 0,
      Topics: [],
      ErrorCode: errors.NONE.code,
      Groups: (body.Groups ?? []).map((g) => {
        const fetched = fetchGroup(cluster, ctx, g.groupId, g.Topics);
        return { groupId: g.groupId, Topics: fetched.topics, ErrorCode: fetched.errorCode };
      }),
    };
  }
  const fetched = fetchGroup(cluster, ctx, body.GroupId ?? '', body.Topics ?? null);
  if (version >= 2) return { ThrottleTimeMs: 0, Topics: fetched.topics, ErrorCode: fetched.errorCode, Groups: [] };
  const topics =
    fetched.errorCode === errors.NONE.code
      ? fetched.topics
      : (body.Topics ?? []).map((t) => ({
          Name: t.Name,
          Partitions: t.PartitionIndexes.map((p) => noOffset(p, fetched.errorCode)),
        }));
  return { ThrottleTimeMs: 0, Topics: topics, ErrorCode: errors.NONE.code, Groups: [] };
}

function noOffset(partition: number, errorCode: number = errors.NONE.code): FetchedTopic['Partitions'][number] {
  return {
    PartitionIndex: partition,
    CommittedOffset: NO_OFFSET,
    CommittedLeaderEpoch: -1,
    Metadata: '',
    ErrorCode: errorCode,
  };
}

function fetchGroup(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  groupId: string,
  wanted: readonly { readonly Name: string; readonly PartitionIndexes: readonly number[] }[] | null,
): GroupFetch {
  if (!cluster.authorizer.authorize(ctx.principal, 'GROUP', groupId, 'DESCRIBE'))
    return { errorCode: errors.GROUP_AUTHORIZATION_FAILED.code, topics: [] };
  if (groupCoordinator(cluster, groupId) !== ctx.nodeId) return { errorCode: errors.NOT_COORDINATOR.code, topics: [] };
  const group = cluster.groups.get(groupId);
  const describable = (topic: string): boolean =>
    cluster.authorizer.authorize(ctx.principal, 'TOPIC', topic, 'DESCRIBE');
  const partitionOf = (topic: string, partition: number) => {
    const c = group?.offsets.get(topic)?.get(partition);
    if (!c) return noOffset(partition);
    return {
      PartitionIndex: partition,
      CommittedOffset: c.offset,
      CommittedLeaderEpoch: c.leaderEpoch,
      Metadata: c.metadata ?? '',
      ErrorCode: errors.NONE.code,
    };
  };
  if (wanted === null) {
    const topics = [...(group?.offsets ?? new Map<string, Map<number, unknown>>())]
      .filter(([topic]) => describable(topic))
      .map(([topic, partitions]) => ({
        Name: topic,
        Partitions: [...partitions.keys()].sort((a, b) => a - b).map((p) => partitionOf(topic, p)),
      }));
    return { errorCode: errors.NONE.code, topics };
  }
  return {
    errorCode: errors.NONE.code,
    topics: wanted.map((t) => ({
      Name: t.Name,
      Partitions: t.PartitionIndexes.map((p) =>
        describable(t.Name) ? partitionOf(t.Name, p) : noOffset(p, errors.TOPIC_AUTHORIZATION_FAILED.code),
      ),
    })),
  };
}

function listed(group: ConsumerGroup): boolean {
  return group.members.length > 0 || [...group.offsets.values()].some((p) => p.size > 0);
}

export function listGroups(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: RequestBody<typeof ListGroups>,
): ResponseOf<typeof ListGroups> {
  const everything = cluster.authorizer.authorize(ctx.principal, 'CLUSTER', CLUSTER_RESOURCE_NAME, 'DESCRIBE');
  const states = new Set((body.StatesFilter ?? []).map((s) => s.toLowerCase()));
  const groups = cluster.groups
    .values()
    .filter((g) => listed(g) && groupCoordinator(cluster, g.id) === ctx.nodeId)
    .filter((g) => states.size === 0 || states.has(groupState(g).toLowerCase()))
    .filter((g) => everything || cluster.authorizer.authorize(ctx.principal, 'GROUP', g.id, 'DESCRIBE'))
    .map((g) => ({ GroupId: g.id, ProtocolType: g.protocolType, GroupState: groupState(g) }));
  return { ThrottleTimeMs: 0, ErrorCode: errors.NONE.code, Groups: groups };
}

export function describeGroups(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: RequestBody<typeof DescribeGroups>,
): ResponseOf<typeof DescribeGroups> {
  const withOperations = body.IncludeAuthorizedOperations === true;
  return {
    ThrottleTimeMs: 0,
    Groups: body.Groups.map((id) => {
      const empty = {
        ErrorCode: errors.NONE.code,
        GroupId: id,
        GroupState: '',
        ProtocolType: '',
        ProtocolData: '',
        Members: [],
        AuthorizedOperations: AUTHORIZED_OPERATIONS_OMITTED,
      };
      if (!cluster.authorizer.authorize(ctx.principal, 'GROUP', id, 'DESCRIBE'))
        return { ...empty, ErrorCode: errors.GROUP_AUTHORIZATION_FAILED.code };
      if (groupCoordinator(cluster, id) !== ctx.nodeId) return { ...empty, ErrorCode: errors.NOT_COORDINATOR.code };
      const group = cluster.groups.get(id);
      // Kafka answers a group it does not know as Dead, without an error.
      if (!group || !listed(group)) return { ...empty, GroupState: 'Dead' };
      return {
        ...empty,
        GroupState: groupState(group),
        ProtocolType: group.protocolType,
        ProtocolData: group.protocol,
        Members: group.members.map((m) => ({
          MemberId: m.memberId,
          GroupInstanceId: m.groupInstanceId,
          ClientId: m.clientId,
          ClientHost: m.clientHost,
          MemberMetadata: Buffer.alloc(0),
          MemberAssignment: Buffer.alloc(0),
        })),
        AuthorizedOperations: withOperations
          ? cluster.authorizer.authorizedOperations(ctx.principal, 'GROUP', id, ['READ', 'DELETE', 'DESCRIBE'])
          : AUTHORIZED_OPERATIONS_OMITTED,
      };
    }),
  };
}

export interface ExtraCoordinator {
  readonly keyType: number;
  nodeOf(key: string): number;
}

export function groupHandlers(broker: BrokerContext, extra?: ExtraCoordinator): RegisteredHandler[] {
  const cluster = broker.cluster;
  const unavailable: CoordinatorAnswer = {
    nodeId: -1,
    errorCode: errors.COORDINATOR_NOT_AVAILABLE.code,
    errorMessage: errors.COORDINATOR_NOT_AVAILABLE.brokerMessage,
  };
  const extraAnswer = (key: string): CoordinatorAnswer => {
    const nodeId = extra?.nodeOf(key) ?? -1;
    const known = broker.endpoints().some((e) => e.nodeId === nodeId);
    return known && cluster.isUp(nodeId) ? { nodeId, errorCode: errors.NONE.code, errorMessage: null } : unavailable;
  };
  const locate = (nodeId: number): { Host: string; Port: number } => {
    const endpoint = broker.endpoints().find((e) => e.nodeId === nodeId);
    return endpoint ? { Host: endpoint.host, Port: endpoint.port } : { Host: '', Port: -1 };
  };
  return [
    defineHandler({
      api: FindCoordinator,
      handle(ctx, body, version) {
        const keyType = body.KeyType;
        const keys = version >= 4 ? body.CoordinatorKeys : [body.Key];
        const answers = keys.map((key) => {
          const found =
            keyType === extra?.keyType ? extraAnswer(key) : findCoordinator(cluster, engineContext(ctx), keyType, key);
          return { key, found, address: found.nodeId < 0 ? { Host: '', Port: -1 } : locate(found.nodeId) };
        });
        const first = answers[0];
        return {
          ThrottleTimeMs: 0,
          ErrorCode: first?.found.errorCode ?? 0,
          // Kafka's one-key answer spells success out as "NONE"; the batched one leaves it empty.
          ErrorMessage: first?.found.errorMessage ?? 'NONE',
          NodeId: first?.found.nodeId ?? -1,
          Host: first?.address.Host ?? '',
          Port: first?.address.Port ?? -1,
          Coordinators:
            version >= 4
              ? answers.map((a) => ({
                  Key: a.key,
                  NodeId: a.found.nodeId,
                  ...a.address,
                  ErrorCode: a.found.errorCode,
                  ErrorMessage: a.found.errorMessage ?? '',
                }))
              : [],
        };
      },
    }),
    defineHandler({
      api: OffsetCommit,
      handle: (ctx, body) => offsetCommit(cluster, engineContext(ctx), body),
      // An injected error must not commit anything, so it is built from the request alone.
      errorResponse: (body, _version, code) => ({
        ThrottleTimeMs: 0,
        Topics: body.Topics.map((t) => ({
          Name: t.Name,
          Partitions: t.Partitions.map((p) => ({ PartitionIndex: p.PartitionIndex, ErrorCode: code })),
        })),
      }),
    }),
    defineHandler({
      api: OffsetFetch,
      handle: (ctx, body, version) => offsetFetch(cluster, engineContext(ctx), body, version),
    }),
    defineHandler({ api: ListGroups, handle: (ctx, body) => listGroups(cluster, engineContext(ctx), body) }),
    defineHandler({ api: DescribeGroups, handle: (ctx, body) => describeGroups(cluster, engineContext(ctx), body) }),
  ];
}
