// ListOffsets: log-end and log-start offsets for lag figures. Only the partition's leader answers,
// as in Kafka; the others say NOT_LEADER_OR_FOLLOWER so the client refreshes its metadata.

import { ListOffsets } from '../../kafka/messages/index.js';
import type { BrokerContext } from './broker-context.js';
import { defineHandler, type RegisteredHandler } from './handler.js';

const UNKNOWN_TOPIC_OR_PARTITION = 3;
const NOT_LEADER_OR_FOLLOWER = 6;
const TOPIC_AUTHORIZATION_FAILED = 29;
const FENCED_LEADER_EPOCH = 74;
const UNKNOWN_LEADER_EPOCH = 75;

const LATEST = -1n;
const EARLIEST = -2n;
const MAX_TIMESTAMP = -3n;
const EARLIEST_LOCAL = -4n;

export function listOffsetsHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: ListOffsets,
    handle(ctx, body) {
      const cluster = broker.cluster;
      const now = cluster.clock.now();
      return {
        ThrottleTimeMs: 0,
        Topics: body.Topics.map((t) => {
          const topic = cluster.topics.get(t.Name);
          const authorized = cluster.authorizer.authorize(ctx.session.principal, 'TOPIC', t.Name, 'DESCRIBE');
          return {
            Name: t.Name,
            Partitions: t.Partitions.map((req) => {
              const answer = (ErrorCode: number, Offset = -1n, Timestamp = -1n, LeaderEpoch = -1) => ({
                PartitionIndex: req.PartitionIndex,
                ErrorCode,
                Timestamp,
                Offset,
                LeaderEpoch,
              });
              if (!authorized) return answer(TOPIC_AUTHORIZATION_FAILED);
              const p = topic?.partitions[req.PartitionIndex];
              if (!topic || !p) return answer(UNKNOWN_TOPIC_OR_PARTITION);
              if (p.leader !== broker.nodeId) return answer(NOT_LEADER_OR_FOLLOWER);
              if (req.CurrentLeaderEpoch >= 0 && req.CurrentLeaderEpoch < p.leaderEpoch)
                return answer(FENCED_LEADER_EPOCH);
              if (req.CurrentLeaderEpoch > p.leaderEpoch) return answer(UNKNOWN_LEADER_EPOCH);
              const end = cluster.endOffset(topic.name, p.index);
              switch (req.Timestamp) {
                case LATEST:
                  return answer(0, end, -1n, p.leaderEpoch);
                case EARLIEST:
                case EARLIEST_LOCAL:
                  // Nothing is ever deleted by retention here, so the log starts at 0.
                  return answer(0, 0n, -1n, p.leaderEpoch);
                case MAX_TIMESTAMP:
                  return end > 0n
                    ? answer(0, end - 1n, BigInt(Math.floor(now)), p.leaderEpoch)
                    : answer(0, -1n, -1n, p.leaderEpoch);
                default:
                  // Record timestamps are not modelled: no record is found (Kafka's "none" answer),
                  // and tiered-storage lookups (-5, -6) find nothing either.
                  return answer(0, -1n, -1n, p.leaderEpoch);
              }
            }),
          };
        }),
      };
    },
  });
}
