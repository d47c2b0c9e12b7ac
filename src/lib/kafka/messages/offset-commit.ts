import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/OffsetCommit{Request,Response}.json
// at 036b9e3292. Kafka 4.0 dropped v0-1 (KIP-896); v9 (topic ids, KIP-848) is left out.
// GenerationId -1 with an empty MemberId is the "simple" commit of a client that never joined.
export const OffsetCommit = defineApi({
  name: 'OffsetCommit',
  apiKey: 8,
  route: 'leader',
  request: {
    type: 'request',
    name: 'OffsetCommitRequest',
    listeners: ['broker'],
    validVersions: '2-8',
    flexibleVersions: '8+',
    fields: [
      { name: 'GroupId', type: 'string', versions: '0+', entityType: 'groupId' },
      { name: 'GenerationId', type: 'int32', versions: '1+', default: '-1', ignorable: true },
      { name: 'MemberId', type: 'string', versions: '1+', ignorable: true },
      { name: 'GroupInstanceId', type: 'string', versions: '7+', nullableVersions: '7+', default: 'null' },
      // Dropped in v5: retention became a broker config only.
      { name: 'RetentionTimeMs', type: 'int64', versions: '2-4', default: '-1', ignorable: true },
      {
        name: 'Topics',
        type: '[]OffsetCommitRequestTopic',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]OffsetCommitRequestPartition',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'CommittedOffset', type: 'int64', versions: '0+' },
              { name: 'CommittedLeaderEpoch', type: 'int32', versions: '6+', default: '-1', ignorable: true },
              { name: 'CommittedMetadata', type: 'string', versions: '0+', nullableVersions: '0+' },
            ],
          },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'OffsetCommitResponse',
    validVersions: '2-8',
    flexibleVersions: '8+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '3+', ignorable: true },
      {
        name: 'Topics',
        type: '[]OffsetCommitResponseTopic',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]OffsetCommitResponsePartition',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'ErrorCode', type: 'int16', versions: '0+' },
            ],
          },
        ],
      },
    ],
  },
});
