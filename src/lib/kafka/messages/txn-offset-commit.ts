import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/TxnOffsetCommit{Request,Response}.json.
// v2 adds the committed leader epoch, v3 the group member fields (KIP-447); v4 and v5 (transactions v2) are left out.
export const TxnOffsetCommit = defineApi({
  name: 'TxnOffsetCommit',
  apiKey: 28,
  route: 'leader',
  request: {
    type: 'request',
    name: 'TxnOffsetCommitRequest',
    listeners: ['broker'],
    validVersions: '0-3',
    flexibleVersions: '3+',
    fields: [
      { name: 'TransactionalId', type: 'string', versions: '0+', entityType: 'transactionalId' },
      { name: 'GroupId', type: 'string', versions: '0+', entityType: 'groupId' },
      { name: 'ProducerId', type: 'int64', versions: '0+', entityType: 'producerId' },
      { name: 'ProducerEpoch', type: 'int16', versions: '0+' },
      { name: 'GenerationId', type: 'int32', versions: '3+', default: '-1' },
      { name: 'MemberId', type: 'string', versions: '3+', default: '' },
      { name: 'GroupInstanceId', type: 'string', versions: '3+', nullableVersions: '3+', default: 'null' },
      {
        name: 'Topics',
        type: '[]TxnOffsetCommitRequestTopic',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]TxnOffsetCommitRequestPartition',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'CommittedOffset', type: 'int64', versions: '0+' },
              { name: 'CommittedLeaderEpoch', type: 'int32', versions: '2+', default: '-1', ignorable: true },
              { name: 'CommittedMetadata', type: 'string', versions: '0+', nullableVersions: '0+' },
            ],
          },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'TxnOffsetCommitResponse',
    validVersions: '0-3',
    flexibleVersions: '3+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      {
        name: 'Topics',
        type: '[]TxnOffsetCommitResponseTopic',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]TxnOffsetCommitResponsePartition',
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
