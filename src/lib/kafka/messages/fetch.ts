import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/Fetch{Request,Response}.json.
// Kafka 4.0 removed v0-3; v12 is the first flexible version; kafkajs 2.2.4 and librdkafka 2.0.2 stop at v11, as this.
export const Fetch = defineApi({
  name: 'Fetch',
  apiKey: 1,
  route: 'leader',
  request: {
    type: 'request',
    name: 'FetchRequest',
    listeners: ['broker'],
    validVersions: '4-11',
    flexibleVersions: 'none',
    fields: [
      // -1 for a consumer.
      { name: 'ReplicaId', type: 'int32', versions: '0+', entityType: 'brokerId', default: '-1' },
      { name: 'MaxWaitMs', type: 'int32', versions: '0+' },
      { name: 'MinBytes', type: 'int32', versions: '0+' },
      { name: 'MaxBytes', type: 'int32', versions: '3+', default: '0x7fffffff', ignorable: true },
      // 0 READ_UNCOMMITTED, 1 READ_COMMITTED.
      { name: 'IsolationLevel', type: 'int8', versions: '4+', default: '0', ignorable: true },
      { name: 'SessionId', type: 'int32', versions: '7+', default: '0', ignorable: true },
      { name: 'SessionEpoch', type: 'int32', versions: '7+', default: '-1', ignorable: true },
      {
        name: 'Topics',
        type: '[]FetchTopic',
        versions: '0+',
        fields: [
          { name: 'Topic', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]FetchPartition',
            versions: '0+',
            fields: [
              { name: 'Partition', type: 'int32', versions: '0+' },
              { name: 'CurrentLeaderEpoch', type: 'int32', versions: '9+', default: '-1', ignorable: true },
              { name: 'FetchOffset', type: 'int64', versions: '0+' },
              { name: 'LogStartOffset', type: 'int64', versions: '5+', default: '-1', ignorable: true },
              { name: 'PartitionMaxBytes', type: 'int32', versions: '0+' },
            ],
          },
        ],
      },
      {
        name: 'ForgottenTopicsData',
        type: '[]ForgottenTopic',
        versions: '7+',
        ignorable: false,
        fields: [
          { name: 'Topic', type: 'string', versions: '7+', entityType: 'topicName' },
          { name: 'Partitions', type: '[]int32', versions: '7+' },
        ],
      },
      { name: 'RackId', type: 'string', versions: '11+', default: '', ignorable: true },
    ],
  },
  response: {
    type: 'response',
    name: 'FetchResponse',
    validVersions: '4-11',
    flexibleVersions: 'none',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '1+', ignorable: true },
      { name: 'ErrorCode', type: 'int16', versions: '7+', ignorable: true },
      { name: 'SessionId', type: 'int32', versions: '7+', default: '0', ignorable: false },
      {
        name: 'Responses',
        type: '[]FetchableTopicResponse',
        versions: '0+',
        fields: [
          { name: 'Topic', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]PartitionData',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'ErrorCode', type: 'int16', versions: '0+' },
              { name: 'HighWatermark', type: 'int64', versions: '0+' },
              { name: 'LastStableOffset', type: 'int64', versions: '4+', default: '-1', ignorable: true },
              { name: 'LogStartOffset', type: 'int64', versions: '5+', default: '-1', ignorable: true },
              {
                name: 'AbortedTransactions',
                type: '[]AbortedTransaction',
                versions: '4+',
                nullableVersions: '4+',
                ignorable: true,
                fields: [
                  { name: 'ProducerId', type: 'int64', versions: '4+', entityType: 'producerId' },
                  { name: 'FirstOffset', type: 'int64', versions: '4+' },
                ],
              },
              {
                name: 'PreferredReadReplica',
                type: 'int32',
                versions: '11+',
                default: '-1',
                ignorable: false,
                entityType: 'brokerId',
              },
              { name: 'Records', type: 'records', versions: '0+', nullableVersions: '0+' },
            ],
          },
        ],
      },
    ],
  },
});
