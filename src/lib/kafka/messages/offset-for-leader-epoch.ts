import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/OffsetForLeaderEpoch{Request,Response}.json
// (Kafka 4.0 removed v0-1; the response file still says 0-4, but no broker answers below 2).
export const OffsetForLeaderEpoch = defineApi({
  name: 'OffsetForLeaderEpoch',
  apiKey: 23,
  route: 'leader',
  request: {
    type: 'request',
    name: 'OffsetForLeaderEpochRequest',
    listeners: ['broker'],
    validVersions: '2-4',
    flexibleVersions: '4+',
    fields: [
      // -1 for a consumer; -2 (the default) is the debug consumer that may look past the high watermark.
      { name: 'ReplicaId', type: 'int32', versions: '3+', default: '-2', ignorable: true, entityType: 'brokerId' },
      {
        name: 'Topics',
        type: '[]OffsetForLeaderTopic',
        versions: '0+',
        fields: [
          { name: 'Topic', type: 'string', versions: '0+', entityType: 'topicName', mapKey: true },
          {
            name: 'Partitions',
            type: '[]OffsetForLeaderPartition',
            versions: '0+',
            fields: [
              { name: 'Partition', type: 'int32', versions: '0+' },
              // -1 skips the fencing check against the broker's current epoch.
              { name: 'CurrentLeaderEpoch', type: 'int32', versions: '2+', default: '-1', ignorable: true },
              { name: 'LeaderEpoch', type: 'int32', versions: '0+' },
            ],
          },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'OffsetForLeaderEpochResponse',
    validVersions: '2-4',
    flexibleVersions: '4+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '2+', ignorable: true },
      {
        name: 'Topics',
        type: '[]OffsetForLeaderTopicResult',
        versions: '0+',
        fields: [
          { name: 'Topic', type: 'string', versions: '0+', entityType: 'topicName', mapKey: true },
          {
            name: 'Partitions',
            type: '[]OffsetForLeaderPartitionResult',
            versions: '0+',
            fields: [
              { name: 'ErrorCode', type: 'int16', versions: '0+' },
              { name: 'Partition', type: 'int32', versions: '0+' },
              // The largest epoch at or below the one asked for that wrote records; -1 when none.
              { name: 'LeaderEpoch', type: 'int32', versions: '1+', default: '-1', ignorable: true },
              // Where that epoch's records end (the log end for the latest epoch); -1 when unknown.
              { name: 'EndOffset', type: 'int64', versions: '0+' },
            ],
          },
        ],
      },
    ],
  },
});
