// CreateTopics (key 19) v2 up to the prototype's v8 (v7 on an old broker), whose MirrorInfo
// pre-creates a mirror topic under the source topic's id. Validation and messages follow Kafka's
// controller; any node answers because a broker would forward the request to the controller unchanged.

import { CreateTopics } from '../../kafka/messages/index.js';
import { ZERO_UUID } from '../../kafka/wire/uuid.js';
import { CLUSTER_RESOURCE_NAME } from '../state/acl.js';
import { ConfigSource, parseTypedValue, TOPIC_CONFIGS } from '../state/config-tables.js';
import type { BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';
import { errors } from '../../kafka/error-codes.js';

const MAX_TOPIC_NAME = 249;

/** Kafka's Topic.validate messages; undefined when the name is legal. */
export function topicNameProblem(name: string): string | undefined {
  if (name === '') return "Topic name is illegal, it can't be empty";
  if (name === '.' || name === '..') return 'Topic name cannot be "." or ".."';
  if (name.length > MAX_TOPIC_NAME)
    return `Topic name is illegal, it can't be longer than ${MAX_TOPIC_NAME} characters, topic name: ${name}`;
  if (!/^[a-zA-Z0-9._-]+$/.test(name)) {
    return `Topic name "${name}" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`;
  }
  return undefined;
}

const TOPIC_CONFIG_BY_NAME = new Map(TOPIC_CONFIGS.map((d) => [d.name, d]));

interface Failure {
  readonly code: number;
  readonly message: string | null;
}

export function createTopicsHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: CreateTopics,
    handle(ctx, body) {
      const cluster = broker.cluster;
      const principal = ctx.session.principal;
      const mayCreateAll = cluster.authorizer.authorize(principal, 'CLUSTER', CLUSTER_RESOURCE_NAME, 'CREATE');
      const counts = new Map<string, number>();
      for (const t of body.Topics) counts.set(t.Name, (counts.get(t.Name) ?? 0) + 1);
      const duplicates = [...counts].filter(([, n]) => n > 1).map(([name]) => name);

      const results = body.Topics.map((t) => {
        const failure = (f: Failure) => ({
          Name: t.Name,
          TopicId: ZERO_UUID,
          ErrorCode: f.code,
          ErrorMessage: f.message,
        });
        if (duplicates.includes(t.Name)) {
          return failure({
            code: errors.INVALID_REQUEST.code,
            message:
              `Create topics request from client \`${ctx.clientId ?? ''}\` contains multiple entries ` +
              `for the following topics: ${duplicates.join(', ')}`,
          });
        }
        if (!mayCreateAll && !cluster.authorizer.authorize(principal, 'TOPIC', t.Name, 'CREATE')) {
          return failure({ code: errors.TOPIC_AUTHORIZATION_FAILED.code, message: 'Authorization failed.' });
        }
        const nameProblem = topicNameProblem(t.Name);
        if (nameProblem) return failure({ code: errors.INVALID_TOPIC_EXCEPTION.code, message: nameProblem });
        if (cluster.topics.has(t.Name))
          return failure({ code: errors.TOPIC_ALREADY_EXISTS.code, message: `Topic '${t.Name}' already exists.` });

        const live = cluster.liveNodeIds().length;
        let numPartitions = t.NumPartitions;
        let replicationFactor = t.ReplicationFactor;
        if (t.Assignments.length > 0) {
          if (numPartitions !== -1 || replicationFactor !== -1) {
            return failure({
              code: errors.INVALID_REQUEST.code,
              message:
                'Both numPartitions or replicationFactor and replicasAssignments were set. Both cannot be ' +
                'used at the same time.',
            });
          }
          const sorted = [...t.Assignments].sort((a, b) => a.PartitionIndex - b.PartitionIndex);
          if (sorted.some((a, i) => a.PartitionIndex !== i)) {
            return failure({
              code: errors.INVALID_REPLICA_ASSIGNMENT.code,
              message: 'Partitions should be a consecutive 0-based integer sequence',
            });
          }
          const unknown = sorted.flatMap((a) => a.BrokerIds).find((id) => !cluster.isUp(id));
          if (unknown !== undefined)
            return failure({
              code: errors.INVALID_REPLICA_ASSIGNMENT.code,
              message: `The manual partition assignment includes broker ${unknown}, but no such broker is registered.`,
            });
          numPartitions = sorted.length;
          replicationFactor = sorted[0]?.BrokerIds.length ?? 0;
        }
        if (numPartitions === -1) numPartitions = cluster.brokerConfigs.number('num.partitions', 1);
        if (replicationFactor === -1) replicationFactor = cluster.brokerConfigs.number('default.replication.factor', 1);
        if (numPartitions <= 0)
          return failure({
            code: errors.INVALID_PARTITIONS.code,
            message: 'Number of partitions was set to an invalid non-positive value.',
          });
        if (replicationFactor <= 0) {
          return failure({
            code: errors.INVALID_REPLICATION_FACTOR.code,
            message: 'Replication factor must be larger than 0, or -1 to use the default value.',
          });
        }
        if (replicationFactor > live) {
          return failure({
            code: errors.INVALID_REPLICATION_FACTOR.code,
            message:
              `Unable to replicate the partition ${replicationFactor} time(s): The target replication ` +
              `factor of ${replicationFactor} cannot be reached because only ${live} broker(s) are ` +
              `registered.`,
          });
        }

        const configs = new Map<string, string>();
        for (const c of t.Configs) {
          const definition = TOPIC_CONFIG_BY_NAME.get(c.Name);
          if (!definition)
            return failure({ code: errors.INVALID_CONFIG.code, message: `Unknown topic config name: ${c.Name}` });
          if (c.Value === null)
            return failure({
              code: errors.INVALID_CONFIG.code,
              message: `Null value not supported for topic configs: ${c.Name}`,
            });
          const problem = parseTypedValue(c.Name, definition.type, c.Value);
          if (problem) return failure({ code: errors.INVALID_CONFIG.code, message: problem });
          configs.set(c.Name, c.Value);
        }

        let topicId: string | undefined;
        const mirrorId = t.MirrorInfo?.TopicId;
        if (mirrorId !== undefined && mirrorId !== ZERO_UUID) {
          const holder = cluster.topics.getById(mirrorId);
          if (holder)
            return failure({
              code: errors.TOPIC_ALREADY_EXISTS.code,
              message: `Topic id ${mirrorId} is already used by topic '${holder.name}'.`,
            });
          topicId = mirrorId;
        }

        let createdId = ZERO_UUID;
        if (!body.validateOnly) {
          const topic = cluster.addTopic(t.Name, topicId ?? cluster.newTopicId(), numPartitions, replicationFactor, {
            configs: Object.fromEntries(configs),
            growthPerSec: broker.newTopicGrowthPerSec,
          });
          createdId = topic.id;
        }
        return {
          Name: t.Name,
          TopicId: createdId,
          ErrorCode: 0,
          ErrorMessage: null,
          NumPartitions: numPartitions,
          ReplicationFactor: replicationFactor,
          Configs: TOPIC_CONFIGS.map((d) => {
            const given = configs.get(d.name);
            return {
              Name: d.name,
              Value: given ?? d.default,
              ReadOnly: false,
              ConfigSource: given !== undefined ? ConfigSource.DYNAMIC_TOPIC_CONFIG : ConfigSource.DEFAULT_CONFIG,
              IsSensitive: false,
            };
          }),
        };
      });
      return { ThrottleTimeMs: 0, Topics: results };
    },
    errorResponse(body, _version, code, message) {
      return {
        ThrottleTimeMs: 0,
        Topics: body.Topics.map((t) => ({ Name: t.Name, ErrorCode: code, ErrorMessage: message })),
      };
    },
  });
}
