import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/AddPartitionsToTxn{Request,Response}.json.
// Only the client versions (0-3): v4+ is the brokers' batched verification (KIP-890), which no client sends.
export const AddPartitionsToTxn = defineApi({
  name: 'AddPartitionsToTxn',
  apiKey: 24,
  route: 'leader',
  request: {
    type: 'request',
    name: 'AddPartitionsToTxnRequest',
    listeners: ['broker'],
    validVersions: '0-3',
    flexibleVersions: '3+',
    fields: [
      { name: 'V3AndBelowTransactionalId', type: 'string', versions: '0-3', entityType: 'transactionalId' },
      { name: 'V3AndBelowProducerId', type: 'int64', versions: '0-3', entityType: 'producerId' },
      { name: 'V3AndBelowProducerEpoch', type: 'int16', versions: '0-3' },
      {
        name: 'V3AndBelowTopics',
        type: '[]AddPartitionsToTxnTopic',
        versions: '0-3',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          { name: 'Partitions', type: '[]int32', versions: '0+' },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'AddPartitionsToTxnResponse',
    validVersions: '0-3',
    flexibleVersions: '3+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      {
        name: 'ResultsByTopicV3AndBelow',
        type: '[]AddPartitionsToTxnTopicResult',
        versions: '0-3',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'ResultsByPartition',
            type: '[]AddPartitionsToTxnPartitionResult',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'PartitionErrorCode', type: 'int16', versions: '0+' },
            ],
          },
        ],
      },
    ],
  },
});
