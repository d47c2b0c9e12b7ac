// ListOffsets: only the partition's leader answers, as in Kafka; the others say NOT_LEADER_OR_FOLLOWER.

import { ListOffsets } from '../../kafka/messages/index.js';
import type { BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';
import { errors } from '../../kafka/error-codes.js';
import { recordLog, stableOffset } from '../state/record-store.js';

const LATEST = -1n;
const EARLIEST = -2n;
const MAX_TIMESTAMP = -3n;
const EARLIEST_LOCAL = -4n;
const READ_COMMITTED = 1;

export function listOffsetsHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: ListOffsets,
    // The prototype broker (a 4.2 snapshot) serves ListOffsets up to v10, not v11.
    maxVersion: 10,
    handle(ctx, body) {
      const cluster = broker.cluster;
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
              if (!authorized) return answer(errors.TOPIC_AUTHORIZATION_FAILED.code);
              const p = topic?.partitions[req.PartitionIndex];
              if (!topic || !p) return answer(errors.UNKNOWN_TOPIC_OR_PARTITION.code);
              if (p.leader !== broker.nodeId) return answer(errors.NOT_LEADER_OR_FOLLOWER.code);
              if (req.CurrentLeaderEpoch >= 0 && req.CurrentLeaderEpoch < p.leaderEpoch)
                return answer(errors.FENCED_LEADER_EPOCH.code);
              if (req.CurrentLeaderEpoch > p.leaderEpoch) return answer(errors.UNKNOWN_LEADER_EPOCH.code);
              const end = cluster.endOffset(topic.name, p.index);
              // read_committed stops at the last stable offset, a timestamp lookup too, as Kafka's does.
              const fetchable = body.IsolationLevel === READ_COMMITTED ? stableOffset(cluster, topic, p) : end;
              const readable = <T extends { offset: bigint }>(found: T | null): T | null =>
                found && found.offset < fetchable ? found : null;
              switch (req.Timestamp) {
                case LATEST:
                  return answer(0, fetchable, -1n, p.leaderEpoch);
                case EARLIEST:
                case EARLIEST_LOCAL:
                  return answer(0, recordLog(cluster, topic, p).start, -1n, p.leaderEpoch);
                case MAX_TIMESTAMP: {
                  const found = readable(recordLog(cluster, topic, p).maxTimestamp());
                  return found
                    ? answer(0, found.offset, found.timestamp, p.leaderEpoch)
                    : answer(0, -1n, -1n, p.leaderEpoch);
                }
                default: {
                  // Tiered-storage lookups (-5, -6) find nothing: there is no remote tier.
                  const found = readable(
                    req.Timestamp >= 0n ? recordLog(cluster, topic, p).offsetForTimestamp(req.Timestamp) : null,
                  );
                  return found
                    ? answer(0, found.offset, found.timestamp, p.leaderEpoch)
                    : answer(0, -1n, -1n, p.leaderEpoch);
                }
              }
            }),
          };
        }),
      };
    },
  });
}
