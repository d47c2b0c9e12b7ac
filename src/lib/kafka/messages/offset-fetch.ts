import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/OffsetFetch{Request,Response}.json
// at 0ce4683d1a / 00a194abe1. Kafka 4.0 dropped v0; v9 (topic ids) is left out. Null Topics (v2+): every topic.
export const OffsetFetch = defineApi({
  name: 'OffsetFetch',
  apiKey: 9,
  route: 'leader',
  request: {
    type: 'request',
    name: 'OffsetFetchRequest',
    listeners: ['broker'],
    validVersions: '1-8',
    flexibleVersions: '6+',
    fields: [
      { name: 'GroupId', type: 'string', versions: '0-7', entityType: 'groupId' },
      {
        name: 'Topics',
        type: '[]OffsetFetchRequestTopic',
        versions: '0-7',
        nullableVersions: '2-7',
        fields: [
          { name: 'Name', type: 'string', versions: '0-7', entityType: 'topicName' },
          { name: 'PartitionIndexes', type: '[]int32', versions: '0-7' },
        ],
      },
      {
        name: 'Groups',
        type: '[]OffsetFetchRequestGroup',
        versions: '8+',
        fields: [
          // Kafka spells this one field in lower camel case; the wire does not care, the name stays Kafka's.
          { name: 'groupId', type: 'string', versions: '8+', entityType: 'groupId' },
          {
            name: 'Topics',
            type: '[]OffsetFetchRequestTopics',
            versions: '8+',
            nullableVersions: '8+',
            fields: [
              { name: 'Name', type: 'string', versions: '8+', entityType: 'topicName' },
              { name: 'PartitionIndexes', type: '[]int32', versions: '8+' },
            ],
          },
        ],
      },
      { name: 'RequireStable', type: 'bool', versions: '7+', default: 'false' },
    ],
  },
  response: {
    type: 'response',
    name: 'OffsetFetchResponse',
    validVersions: '1-8',
    flexibleVersions: '6+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '3+', ignorable: true },
      {
        name: 'Topics',
        type: '[]OffsetFetchResponseTopic',
        versions: '0-7',
        fields: [
          { name: 'Name', type: 'string', versions: '0-7', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]OffsetFetchResponsePartition',
            versions: '0-7',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0-7' },
              // -1 when the group has no offset for the partition.
              { name: 'CommittedOffset', type: 'int64', versions: '0-7' },
              { name: 'CommittedLeaderEpoch', type: 'int32', versions: '5-7', default: '-1', ignorable: true },
              { name: 'Metadata', type: 'string', versions: '0-7', nullableVersions: '0-7' },
              { name: 'ErrorCode', type: 'int16', versions: '0-7' },
            ],
          },
        ],
      },
      { name: 'ErrorCode', type: 'int16', versions: '2-7', default: '0', ignorable: true },
      {
        name: 'Groups',
        type: '[]OffsetFetchResponseGroup',
        versions: '8+',
        fields: [
          { name: 'groupId', type: 'string', versions: '8+', entityType: 'groupId' },
          {
            name: 'Topics',
            type: '[]OffsetFetchResponseTopics',
            versions: '8+',
            fields: [
              { name: 'Name', type: 'string', versions: '8+', entityType: 'topicName' },
              {
                name: 'Partitions',
                type: '[]OffsetFetchResponsePartitions',
                versions: '8+',
                fields: [
                  { name: 'PartitionIndex', type: 'int32', versions: '8+' },
                  { name: 'CommittedOffset', type: 'int64', versions: '8+' },
                  { name: 'CommittedLeaderEpoch', type: 'int32', versions: '8+', default: '-1', ignorable: true },
                  { name: 'Metadata', type: 'string', versions: '8+', nullableVersions: '8+' },
                  { name: 'ErrorCode', type: 'int16', versions: '8+' },
                ],
              },
            ],
          },
          { name: 'ErrorCode', type: 'int16', versions: '8+', default: '0', ignorable: true },
        ],
      },
    ],
  },
});
