// A small picture of one cluster behind the fake client, for the switchover services (promote,
// failback): topics with end offsets, mirrors with their configs and per-partition states, the last
// mirrored epochs and where each epoch ends, consumer groups with their committed offsets, and the
// broker's sync period. Tests change the picture between calls (a stop lands, producers write, a sync
// copies offsets); every partition and every group is on node 1. Only the APIs the services send are
// answered.

import {
  CreateClusterMirror,
  DescribeClusterMirrors,
  DescribeConfigs,
  DescribeGroups,
  FindCoordinator,
  ListClusterMirrors,
  ListGroups,
  ListOffsets,
  Metadata,
  OffsetFetch,
  OffsetForLeaderEpoch,
  StartMirrorTopics,
  StopMirrorTopics,
} from '../../../src/lib/kafka/messages/index.js';
import { metadata, metadataTopic, mirrorConfigsAnswer } from './fake-answers.js';
import { BROKERS, type FakeClient, fakeClient } from './fake-client.js';

export interface FakeTopicState {
  readonly id: string;
  /** End offset per partition. */
  ends: bigint[];
  /** Epoch → its end offset per partition (OffsetForLeaderEpoch); absent epochs answer -1. */
  epochEnds?: Map<number, bigint[]>;
}

export interface FakeMirrorState {
  readonly configs: Record<string, string>;
  /** topic → state per partition. */
  readonly topics: Map<string, string[]>;
  /** topic → last mirrored epoch per partition (the DescribeClusterMirrors lookup). */
  readonly lastMirrorEpochs?: Map<string, number[]>;
}

export interface FakeGroupState {
  /** topic → partition → committed offset. */
  readonly offsets: Map<string, Map<number, bigint>>;
  /** Members on this cluster (0 or absent: Empty). */
  readonly members?: number;
}

export interface FakeClusterState {
  readonly clusterId: string;
  readonly topics: Map<string, FakeTopicState>;
  readonly mirrors: Map<string, FakeMirrorState>;
  /** Consumer groups by id; absent: none. */
  groups?: Map<string, FakeGroupState>;
  /** The broker config mirror.metadata.refresh.interval.ms; absent: not reported. */
  syncIntervalMs?: number;
  /** Called after a StopMirrorTopics or StartMirrorTopics request was applied. */
  onStop?: (topics: string[]) => void;
  onStart?: (mirror: string, topics: string[]) => void;
}

const BROKER_RESOURCE = 4;

export function fakeCluster(state: FakeClusterState): FakeClient {
  return fakeClient(BROKERS, state.clusterId)
    .answer(ListClusterMirrors, () => ({
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Mirrors: [...state.mirrors].map(([name, m]) => {
        const active = [...m.topics].filter(([, states]) => !states.every((s) => s === 'STOPPED'));
        return {
          MirrorName: name,
          SourceBootstrap: m.configs['bootstrap.servers'] ?? '',
          SourceClusterId: m.configs['mirror.source.cluster.id'] ?? '',
          TopicCount: active.length,
          TopicNames: active.map(([t]) => t),
        };
      }),
    }))
    .answer(DescribeClusterMirrors, (body, broker) => {
      const names = body.MirrorNames ?? [];
      const lookups = body.LastMirrorEpochLookups ?? [];
      const lookupResults =
        broker?.nodeId !== 1 || !body.ClusterId
          ? []
          : lookups.flatMap((lookup) => {
              const topic = [...state.topics].find(([, t]) => t.id === lookup.TopicId)?.[0];
              const mirror = [...state.mirrors.values()].find(
                (m) => m.configs['mirror.source.cluster.id'] === body.ClusterId && topic && m.topics.has(topic),
              );
              if (!topic || !mirror) return [];
              return [
                {
                  TopicId: lookup.TopicId ?? '',
                  Partitions: (lookup.Partitions ?? []).map((p) => ({
                    PartitionIndex: p,
                    LastMirrorEpoch: mirror.lastMirrorEpochs?.get(topic)?.[p] ?? -1,
                  })),
                },
              ];
            });
      return {
        ThrottleTimeMs: 0,
        ErrorCode: 0,
        ErrorMessage: null,
        Mirrors: [...state.mirrors]
          .filter(([name]) => names.length === 0 || names.includes(name))
          .map(([name, m]) => ({
            ErrorCode: 0,
            MirrorName: name,
            AuthorizedOperations: -2147483648,
            Topics:
              broker?.nodeId !== 1
                ? []
                : [...m.topics].map(([topic, states]) => ({
                    TopicName: topic,
                    Partitions: states.map((written, PartitionIndex) => {
                      // "FAILED:message" carries the failure record (retry 1).
                      const [StateValue = '', message] = written.split(/:(.*)/s);
                      const end = state.topics.get(topic)?.ends[PartitionIndex] ?? 0n;
                      const mirroring = StateValue === 'MIRRORING';
                      return {
                        PartitionIndex,
                        SourceOffset: mirroring ? end : -1n,
                        DestinationOffset: mirroring ? end : -1n,
                        Lag: mirroring ? 0n : -1n,
                        StateValue,
                        RetryAttempt: message === undefined ? 0 : 1,
                        ErrorMessage: message ?? null,
                      };
                    }),
                  })),
          })),
        LookupResults: lookupResults,
      };
    })
    .answer(DescribeConfigs, (body) => {
      const resource = body.Resources?.[0];
      if (resource?.ResourceType === BROKER_RESOURCE) {
        const interval = state.syncIntervalMs;
        return mirrorConfigsAnswer(
          interval === undefined ? {} : { 'mirror.metadata.refresh.interval.ms': String(interval) },
        )(body);
      }
      return mirrorConfigsAnswer(state.mirrors.get(resource?.ResourceName ?? '')?.configs ?? {})(body);
    })
    .answer(FindCoordinator, (body) => {
      const coordinator = { NodeId: 1, Host: 'b1', Port: 9092, ErrorCode: 0, ErrorMessage: null };
      return {
        ThrottleTimeMs: 0,
        ...coordinator,
        Coordinators: (body.CoordinatorKeys ?? []).map((Key) => ({ Key, ...coordinator })),
      };
    })
    .answer(ListGroups, (_body, broker) => ({
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      Groups:
        broker?.nodeId !== 1
          ? []
          : [...(state.groups ?? [])].map(([GroupId, g]) => ({
              GroupId,
              ProtocolType: '',
              GroupState: (g.members ?? 0) > 0 ? 'Stable' : 'Empty',
            })),
    }))
    .answer(DescribeGroups, (body) => ({
      ThrottleTimeMs: 0,
      Groups: (body.Groups ?? []).map((GroupId) => {
        const g = state.groups?.get(GroupId);
        const members = g?.members ?? 0;
        return {
          ErrorCode: 0,
          GroupId,
          GroupState: !g ? 'Dead' : members > 0 ? 'Stable' : 'Empty',
          ProtocolType: members > 0 ? 'consumer' : '',
          ProtocolData: '',
          Members: Array.from({ length: members }, (_, i) => ({
            MemberId: `member-${i}`,
            GroupInstanceId: null,
            ClientId: 'consumer',
            ClientHost: '/127.0.0.1',
            MemberMetadata: Buffer.alloc(0),
            MemberAssignment: Buffer.alloc(0),
          })),
          AuthorizedOperations: -2147483648,
        };
      }),
    }))
    .answer(OffsetFetch, (body) => {
      const groupId = body.Groups?.[0]?.groupId ?? body.GroupId ?? '';
      const offsets = state.groups?.get(groupId)?.offsets ?? new Map<string, Map<number, bigint>>();
      const Topics = [...offsets].map(([Name, partitions]) => ({
        Name,
        Partitions: [...partitions].map(([PartitionIndex, CommittedOffset]) => ({
          PartitionIndex,
          CommittedOffset,
          CommittedLeaderEpoch: -1,
          Metadata: '',
          ErrorCode: 0,
        })),
      }));
      return { ThrottleTimeMs: 0, Topics: [], ErrorCode: 0, Groups: [{ groupId, Topics, ErrorCode: 0 }] };
    })
    .answer(Metadata, (body) =>
      metadata(
        (body.Topics ?? [...state.topics.keys()].map((Name) => ({ Name })))
          .map((t) => ({ name: t.Name ?? '', topic: state.topics.get(t.Name ?? '') }))
          .map(({ name, topic }) =>
            topic
              ? metadataTopic(
                  name,
                  topic.ends.map(() => 1),
                  0,
                  topic.id,
                )
              : metadataTopic(name, [], 3),
          ),
      ),
    )
    .answer(ListOffsets, (body) => ({
      ThrottleTimeMs: 0,
      Topics: (body.Topics ?? []).map((t) => ({
        Name: t.Name ?? '',
        Partitions: (t.Partitions ?? []).map((p) => ({
          PartitionIndex: p.PartitionIndex ?? 0,
          ErrorCode: 0,
          Timestamp: -1n,
          Offset: state.topics.get(t.Name ?? '')?.ends[p.PartitionIndex ?? 0] ?? -1n,
          LeaderEpoch: 0,
        })),
      })),
    }))
    .answer(OffsetForLeaderEpoch, (body) => ({
      ThrottleTimeMs: 0,
      Topics: (body.Topics ?? []).map((t) => ({
        Topic: t.Topic ?? '',
        Partitions: (t.Partitions ?? []).map((p) => {
          const end = state.topics.get(t.Topic ?? '')?.epochEnds?.get(p.LeaderEpoch ?? -1)?.[p.Partition ?? 0];
          return {
            ErrorCode: 0,
            Partition: p.Partition ?? 0,
            LeaderEpoch: end === undefined ? -1 : (p.LeaderEpoch ?? -1),
            EndOffset: end ?? -1n,
          };
        }),
      })),
    }))
    .answer(StopMirrorTopics, (body) => {
      const names = (body.Topics ?? []).map((t) => t.TopicName ?? '');
      for (const m of state.mirrors.values())
        for (const name of names) {
          const states = m.topics.get(name);
          if (states)
            m.topics.set(
              name,
              states.map(() => 'STOPPED'),
            );
        }
      state.onStop?.(names);
      return {
        ThrottleTimeMs: 0,
        ErrorCode: 0,
        ErrorMessage: null,
        Topics: names.map((Name) => ({ Name, ErrorCode: 0, ErrorMessage: null })),
      };
    })
    .answer(CreateClusterMirror, (body) => {
      const name = body.MirrorName ?? '';
      if (state.mirrors.has(name))
        return { ThrottleTimeMs: 0, ErrorCode: 136, ErrorMessage: `Mirror '${name}' already exists` };
      const configs = Object.fromEntries((body.Config ?? []).map((c) => [c.Name ?? '', c.Value ?? '']));
      state.mirrors.set(name, { configs, topics: new Map() });
      return { ThrottleTimeMs: 0, ErrorCode: 0, ErrorMessage: '' };
    })
    .answer(StartMirrorTopics, (body) => {
      const mirror = state.mirrors.get(body.MirrorName ?? '');
      const names = (body.Topics ?? []).map((t) => t.TopicName ?? '');
      for (const name of names)
        mirror?.topics.set(
          name,
          (state.topics.get(name)?.ends ?? []).map(() => 'LOG_TRUNCATION'),
        );
      state.onStart?.(body.MirrorName ?? '', names);
      return {
        ThrottleTimeMs: 0,
        ErrorCode: 0,
        ErrorMessage: null,
        Topics: names.map((Name) => ({ Name, ErrorCode: 0, ErrorMessage: null })),
      };
    });
}
