import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/Produce{Request,Response}.json.
// Kafka 4.0 removed v0-2; v9 is the first flexible one; kafkajs 2.2.4 and librdkafka 2.0.2 send v7, so it stops at v9.
export const Produce = defineApi({
  name: 'Produce',
  apiKey: 0,
  route: 'leader',
  request: {
    type: 'request',
    name: 'ProduceRequest',
    listeners: ['broker'],
    validVersions: '3-9',
    flexibleVersions: '9+',
    fields: [
      {
        name: 'TransactionalId',
        type: 'string',
        versions: '3+',
        nullableVersions: '3+',
        default: 'null',
        entityType: 'transactionalId',
      },
      // 0: no answer, 1: the leader's, -1: the whole ISR's.
      { name: 'Acks', type: 'int16', versions: '0+' },
      { name: 'TimeoutMs', type: 'int32', versions: '0+' },
      {
        name: 'TopicData',
        type: '[]TopicProduceData',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName', mapKey: true },
          {
            name: 'PartitionData',
            type: '[]PartitionProduceData',
            versions: '0+',
            fields: [
              { name: 'Index', type: 'int32', versions: '0+' },
              { name: 'Records', type: 'records', versions: '0+', nullableVersions: '0+' },
            ],
          },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'ProduceResponse',
    validVersions: '3-9',
    flexibleVersions: '9+',
    fields: [
      {
        name: 'Responses',
        type: '[]TopicProduceResponse',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName', mapKey: true },
          {
            name: 'PartitionResponses',
            type: '[]PartitionProduceResponse',
            versions: '0+',
            fields: [
              { name: 'Index', type: 'int32', versions: '0+' },
              { name: 'ErrorCode', type: 'int16', versions: '0+' },
              { name: 'BaseOffset', type: 'int64', versions: '0+' },
              { name: 'LogAppendTimeMs', type: 'int64', versions: '2+', default: '-1', ignorable: true },
              { name: 'LogStartOffset', type: 'int64', versions: '5+', default: '-1', ignorable: true },
              {
                name: 'RecordErrors',
                type: '[]BatchIndexAndErrorMessage',
                versions: '8+',
                ignorable: true,
                fields: [
                  { name: 'BatchIndex', type: 'int32', versions: '8+' },
                  {
                    name: 'BatchIndexErrorMessage',
                    type: 'string',
                    versions: '8+',
                    nullableVersions: '8+',
                    default: 'null',
                  },
                ],
              },
              {
                name: 'ErrorMessage',
                type: 'string',
                versions: '8+',
                nullableVersions: '8+',
                default: 'null',
                ignorable: true,
              },
            ],
          },
        ],
      },
      { name: 'ThrottleTimeMs', type: 'int32', versions: '1+', ignorable: true, default: '0' },
    ],
  },
});
