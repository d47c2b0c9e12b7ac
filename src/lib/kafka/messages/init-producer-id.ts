import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/InitProducerId{Request,Response}.json.
// v3 adds the producer id and epoch to bump (KIP-360); v5 and v6 (transactions v2, two-phase commit) are left out.
export const InitProducerId = defineApi({
  name: 'InitProducerId',
  apiKey: 22,
  route: 'any',
  request: {
    type: 'request',
    name: 'InitProducerIdRequest',
    listeners: ['broker'],
    validVersions: '0-4',
    flexibleVersions: '2+',
    fields: [
      {
        name: 'TransactionalId',
        type: 'string',
        versions: '0+',
        nullableVersions: '0+',
        entityType: 'transactionalId',
      },
      { name: 'TransactionTimeoutMs', type: 'int32', versions: '0+' },
      { name: 'ProducerId', type: 'int64', versions: '3+', default: '-1', entityType: 'producerId' },
      { name: 'ProducerEpoch', type: 'int16', versions: '3+', default: '-1' },
    ],
  },
  response: {
    type: 'response',
    name: 'InitProducerIdResponse',
    validVersions: '0-4',
    flexibleVersions: '2+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+', ignorable: true },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'ProducerId', type: 'int64', versions: '0+', entityType: 'producerId', default: '-1' },
      { name: 'ProducerEpoch', type: 'int16', versions: '0+' },
    ],
  },
});
