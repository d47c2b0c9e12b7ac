// OffsetForLeaderEpoch (key 23, v2-4): where one leader epoch's records end, from the partition's epoch history
// (state/epoch-history.ts). Only the leader answers, as in Kafka; a consumer needs DESCRIBE on the topic.

import { OffsetForLeaderEpoch } from '../../kafka/messages/index.js';
import { errors } from '../../kafka/error-codes.js';
import { endOffsetForEpoch, epochsAt } from '../state/epoch-history.js';
import { isFrozen } from '../state/topics.js';
import type { BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

export function offsetForLeaderEpochHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: OffsetForLeaderEpoch,
    handle(ctx, body) {
      const cluster = broker.cluster;
      return {
        ThrottleTimeMs: 0,
        Topics: body.Topics.map((t) => {
          const topic = cluster.topics.get(t.Topic);
          const authorized = cluster.authorizer.authorize(ctx.session.principal, 'TOPIC', t.Topic, 'DESCRIBE');
          return {
            Topic: t.Topic,
            Partitions: t.Partitions.map((req) => {
              const answer = (ErrorCode: number, LeaderEpoch = -1, EndOffset = -1n) => ({
                ErrorCode,
                Partition: req.Partition,
                LeaderEpoch,
                EndOffset,
              });
              if (!authorized) return answer(errors.TOPIC_AUTHORIZATION_FAILED.code);
              const p = topic?.partitions[req.Partition];
              if (!topic || !p) return answer(errors.UNKNOWN_TOPIC_OR_PARTITION.code);
              if (p.leader !== broker.nodeId) return answer(errors.NOT_LEADER_OR_FOLLOWER.code);
              if (req.CurrentLeaderEpoch >= 0 && req.CurrentLeaderEpoch < p.leaderEpoch)
                return answer(errors.FENCED_LEADER_EPOCH.code);
              if (req.CurrentLeaderEpoch > p.leaderEpoch) return answer(errors.UNKNOWN_LEADER_EPOCH.code);
              const logEnd = cluster.endOffset(topic.name, p.index);
              const found = endOffsetForEpoch(epochsAt(p, logEnd, !isFrozen(p)), req.LeaderEpoch, logEnd);
              return answer(errors.NONE.code, found.epoch, found.endOffset);
            }),
          };
        }),
      };
    },
  });
}
