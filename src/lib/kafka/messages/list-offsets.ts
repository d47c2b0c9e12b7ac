import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/ListOffsets{Request,Response}.json at 8d93d1096c.
// Kafka 4.0 removed v0 (MaxNumOffsets, OldStyleOffsets); v11 only adds the timestamp -6.
export const ListOffsets = defineApi({
  name: 'ListOffsets',
  apiKey: 2,
  route: 'leader',
  request: {
    type: 'request',
    name: 'ListOffsetsRequest',
    listeners: ['broker'],
    validVersions: '1-11',
    flexibleVersions: '6+',
    latestVersionUnstable: false,
    fields: [
      // -1 for an ordinary client.
      { name: 'ReplicaId', type: 'int32', versions: '0+', entityType: 'brokerId' },
      // 0 READ_UNCOMMITTED, 1 READ_COMMITTED.
      { name: 'IsolationLevel', type: 'int8', versions: '2+' },
      {
        name: 'Topics',
        type: '[]ListOffsetsTopic',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]ListOffsetsPartition',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'CurrentLeaderEpoch', type: 'int32', versions: '4+', default: '-1', ignorable: true },
              { name: 'Timestamp', type: 'int64', versions: '0+' },
            ],
          },
        ],
      },
      { name: 'TimeoutMs', type: 'int32', versions: '10+', ignorable: true },
    ],
  },
  response: {
    type: 'response',
    name: 'ListOffsetsResponse',
    validVersions: '1-11',
    flexibleVersions: '6+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '2+', ignorable: true },
      {
        name: 'Topics',
        type: '[]ListOffsetsTopicResponse',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]ListOffsetsPartitionResponse',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'ErrorCode', type: 'int16', versions: '0+' },
              { name: 'Timestamp', type: 'int64', versions: '1+', default: '-1', ignorable: false },
              { name: 'Offset', type: 'int64', versions: '1+', default: '-1', ignorable: false },
              { name: 'LeaderEpoch', type: 'int32', versions: '4+', default: '-1' },
            ],
          },
        ],
      },
    ],
  },
});
