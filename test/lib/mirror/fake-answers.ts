// Answers for the fake client built from a small picture of the destination: which mirrors exist,
// their topics (listed = desired MIRRORING/PAUSED) and each partition's state on its leader broker.

import type { BrokerAddress } from '../../../src/lib/kafka/transport.js';
import type { DescribeClusterMirrors, ListClusterMirrors } from '../../../src/lib/kafka/messages/index.js';
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
