// A small picture of one cluster behind the fake client, for the switchover services (promote,
// failback): topics with end offsets, mirrors with their configs and per-partition states, the last
// mirrored epochs and where each epoch ends. Tests change the picture between calls (a stop lands,
// producers write); every partition is led by node 1. Only the APIs the services send are answered.

import {
  CreateClusterMirror,
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
  ListOffsets,
  Metadata,
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

export interface FakeClusterState {
  readonly clusterId: string;
  readonly topics: Map<string, FakeTopicState>;
  readonly mirrors: Map<string, FakeMirrorState>;
  /** Called after a StopMirrorTopics or StartMirrorTopics request was applied. */
  onStop?: (topics: string[]) => void;
  onStart?: (mirror: string, topics: string[]) => void;
}

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
      const name = body.Resources?.[0]?.ResourceName ?? '';
      return mirrorConfigsAnswer(state.mirrors.get(name)?.configs ?? {})(body);
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
