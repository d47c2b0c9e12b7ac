// Metadata (key 3, v0-13): live brokers with their addresses, the cluster id, the controller, and topics with
// leaders and replicas from the engine. Topic selection follows Kafka's per-version rules.

import { Metadata } from '../../kafka/messages/index.js';
import { ZERO_UUID } from '../../kafka/wire/uuid.js';
import { type AclOperationName, AUTHORIZED_OPERATIONS_OMITTED, CLUSTER_RESOURCE_NAME } from '../state/acl.js';
import type { Topic } from '../state/topics.js';
import type { BrokerContext } from '../server/broker-context.js';
import { CloseConnection, defineHandler, type RegisteredHandler } from '../server/handler.js';
import { errors } from '../../kafka/error-codes.js';

export const TOPIC_OPERATIONS: readonly AclOperationName[] = [
  'READ',
  'WRITE',
  'CREATE',
  'DELETE',
  'ALTER',
  'DESCRIBE',
  'DESCRIBE_CONFIGS',
  'ALTER_CONFIGS',
];
export const CLUSTER_OPERATIONS: readonly AclOperationName[] = [
  'CREATE',
  'ALTER',
  'DESCRIBE',
  'CLUSTER_ACTION',
  'DESCRIBE_CONFIGS',
  'ALTER_CONFIGS',
  'IDEMPOTENT_WRITE',
];

export function metadataHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: Metadata,
    handle(ctx, body, version) {
      const cluster = broker.cluster;
      const principal = ctx.session.principal;
      const canDescribe = (name: string): boolean => cluster.authorizer.authorize(principal, 'TOPIC', name, 'DESCRIBE');

      const describeTopic = (topic: Topic) => ({
        ErrorCode: 0,
        Name: topic.name,
        TopicId: topic.id,
        IsInternal: topic.internal,
        Partitions: topic.partitions.map((p) => {
          const live = p.replicas.filter((id) => cluster.isUp(id));
          return {
            ErrorCode: p.leader < 0 ? errors.LEADER_NOT_AVAILABLE.code : 0,
            PartitionIndex: p.index,
            LeaderId: p.leader,
            LeaderEpoch: p.leaderEpoch,
            ReplicaNodes: [...p.replicas],
            IsrNodes: live,
            OfflineReplicas: p.replicas.filter((id) => !cluster.isUp(id)),
          };
        }),
        TopicAuthorizedOperations: body.IncludeTopicAuthorizedOperations
          ? cluster.authorizer.authorizedOperations(principal, 'TOPIC', topic.name, TOPIC_OPERATIONS)
          : AUTHORIZED_OPERATIONS_OMITTED,
      });
      const failed = (name: string | null, topicId: string, code: number) => ({
        ErrorCode: code,
        Name: name,
        TopicId: topicId,
        IsInternal: false,
        Partitions: [],
        TopicAuthorizedOperations: AUTHORIZED_OPERATIONS_OMITTED,
      });

      // v0: an empty list means every topic; v1+: null means every topic and [] means none.
      const requested = body.Topics;
      const allTopics = requested === null || (version === 0 && requested.length === 0);
      let topics;
      if (allTopics) {
        // Unauthorized topics are left out silently, as Kafka does for "all topics".
        topics = [...cluster.topics.values()].filter((t) => canDescribe(t.name)).map(describeTopic);
      } else {
        topics = requested.map((wanted) => {
          const byId = wanted.TopicId !== ZERO_UUID;
          if (version < 12 && (wanted.Name === null || byId)) {
            // Kafka rejects ids and null names below v12 with INVALID_REQUEST, which closes.
            throw new CloseConnection(`Metadata v${version} cannot look topics up by id`);
          }
          const topic = byId ? cluster.topics.getById(wanted.TopicId) : cluster.topics.get(wanted.Name ?? '');
          if (!topic)
            return byId
              ? failed(null, wanted.TopicId, errors.UNKNOWN_TOPIC_ID.code)
              : failed(wanted.Name, ZERO_UUID, errors.UNKNOWN_TOPIC_OR_PARTITION.code);
          if (!canDescribe(topic.name))
            return failed(
              byId ? null : topic.name,
              byId ? wanted.TopicId : ZERO_UUID,
              errors.TOPIC_AUTHORIZATION_FAILED.code,
            );
          return describeTopic(topic);
        });
      }

      const brokers = broker
        .endpoints()
        .filter((e) => cluster.isUp(e.nodeId))
        .map((e) => ({ NodeId: e.nodeId, Host: e.host, Port: e.port, Rack: e.rack }));
      return {
        ThrottleTimeMs: 0,
        Brokers: brokers,
        ClusterId: cluster.clusterId,
        ControllerId: cluster.controllerId,
        Topics: topics,
        ClusterAuthorizedOperations: body.IncludeClusterAuthorizedOperations
          ? cluster.authorizer.authorizedOperations(principal, 'CLUSTER', CLUSTER_RESOURCE_NAME, CLUSTER_OPERATIONS)
          : AUTHORIZED_OPERATIONS_OMITTED,
        ErrorCode: 0,
      };
    },
  });
}
