// Answers for the fake client built from a small picture of the destination: which mirrors exist,
// their topics (listed = desired MIRRORING/PAUSED) and each partition's state on its leader broker.

import type { BrokerAddress } from '../../../src/lib/kafka/transport.js';
import type {
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
  Metadata,
} from '../../../src/lib/kafka/messages/index.js';
import { BROKERS } from './fake-client.js';
import type { RequestInput, ResponseOf } from '../../../src/lib/kafka/message-types.js';

export interface FakePartition {
  readonly state: string;
  /** Node id of the broker that reports it (its leader). */
  readonly leader: number;
  readonly lag?: bigint;
}

export interface FakeTopic {
  readonly name: string;
  /** In ListClusterMirrors' TopicNames (desired state MIRRORING or PAUSED). */
  readonly listed: boolean;
  readonly partitions: readonly FakePartition[];
}

export interface FakeMirror {
  readonly name: string;
  readonly topics: readonly FakeTopic[];
  /** Kafka ACL operation codes the principal holds on the mirror (e.g. 6 DELETE, 7 ALTER, 8 DESCRIBE). */
  readonly operations?: readonly number[];
  /** Per-mirror error code in DescribeClusterMirrors (e.g. 144). */
  readonly describeError?: number;
}

export function listAnswer(mirrors: readonly FakeMirror[]): () => ResponseOf<typeof ListClusterMirrors> {
  return () => ({
    ThrottleTimeMs: 0,
    ErrorCode: 0,
    ErrorMessage: null,
    Mirrors: mirrors
      .filter((m) => m.describeError === undefined)
      .map((m) => ({
        MirrorName: m.name,
        SourceBootstrap: 'src:9092',
        SourceClusterId: 'source-id',
        TopicCount: m.topics.length,
        TopicNames: m.topics.filter((t) => t.listed).map((t) => t.name),
      })),
  });
}

/** Each broker reports the partitions it leads; a mirror with a describeError is answered with that code. */
export function describeAnswer(
  mirrors: readonly FakeMirror[],
): (
  body: RequestInput<typeof DescribeClusterMirrors>,
  broker: BrokerAddress | undefined,
) => ResponseOf<typeof DescribeClusterMirrors> {
  return (body, broker) => {
    const names = body.MirrorNames ?? [];
    const wanted = mirrors.filter((m) => names.length === 0 || names.includes(m.name));
    return {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Mirrors: wanted.map((m) => ({
        ErrorCode: m.describeError ?? 0,
        MirrorName: m.name,
        AuthorizedOperations: body.IncludeAuthorizedOperations
          ? (m.operations ?? []).reduce((bits, op) => bits | (1 << op), 0)
          : -2147483648,
        Topics:
          m.describeError === undefined
            ? m.topics.map((t) => ({
                TopicName: t.name,
                Partitions: t.partitions.flatMap((p, PartitionIndex) =>
                  p.leader === broker?.nodeId
                    ? [
                        {
                          PartitionIndex,
                          SourceOffset: p.lag === undefined ? -1n : 100n,
                          DestinationOffset: p.lag === undefined ? -1n : 100n - p.lag,
                          Lag: p.lag ?? -1n,
                          StateValue: p.state,
                          RetryAttempt: 0,
                          ErrorMessage: null,
                        },
                      ]
                    : [],
                ),
              }))
            : [],
      })),
      LookupResults: [],
    };
  };
}

export type MetadataTopic = ResponseOf<typeof Metadata>['Topics'][number];

/** A topic with one partition per leader given; the id is fixed unless given. */
export function metadataTopic(
  name: string,
  leaders: readonly number[],
  errorCode = 0,
  topicId = 'AAAAAAAAAAAAAAAAAAAAAA',
): MetadataTopic {
  return {
    ErrorCode: errorCode,
    Name: name,
    TopicId: topicId,
    IsInternal: false,
    Partitions: leaders.map((LeaderId, PartitionIndex) => ({
      ErrorCode: 0,
      PartitionIndex,
      LeaderId,
      LeaderEpoch: 0,
      ReplicaNodes: [LeaderId],
      IsrNodes: [LeaderId],
      OfflineReplicas: [],
    })),
    TopicAuthorizedOperations: -2147483648,
  };
}

export function metadata(topics: MetadataTopic[]): ResponseOf<typeof Metadata> {
  return {
    ThrottleTimeMs: 0,
    Brokers: BROKERS.map((b) => ({ NodeId: b.nodeId ?? 0, Host: b.host, Port: b.port, Rack: null })),
    ClusterId: 'fake-cluster',
    ControllerId: 1,
    Topics: topics,
    ClusterAuthorizedOperations: -2147483648,
    ErrorCode: 0,
  };
}

/** DescribeConfigs of a mirror (resource type 64) holding `configs`. */
export function mirrorConfigsAnswer(
  configs: Readonly<Record<string, string>>,
): (body: RequestInput<typeof DescribeConfigs>) => ResponseOf<typeof DescribeConfigs> {
  return (body) => ({
    ThrottleTimeMs: 0,
    Results: (body.Resources ?? []).map((r) => ({
      ErrorCode: 0,
      ErrorMessage: null,
      ResourceType: r.ResourceType ?? 64,
      ResourceName: r.ResourceName ?? '',
      Configs: Object.entries(configs).map(([Name, Value]) => ({
        Name,
        Value,
        ReadOnly: false,
        ConfigSource: 1,
        IsSensitive: false,
        Synonyms: [],
        ConfigType: 2,
        Documentation: null,
      })),
    })),
  });
}
