import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/EndTxn{Request,Response}.json.
// v2 may answer PRODUCER_FENCED, v3 is flexible, v4 may answer TRANSACTION_ABORTABLE; v5 (KIP-890) is left out.
export const EndTxn = defineApi({
  name: 'EndTxn',
  apiKey: 26,
  route: 'leader',
  request: {
    type: 'request',
    name: 'EndTxnRequest',
    listeners: ['broker'],
    validVersions: '0-4',
    flexibleVersions: '3+',
    fields: [
      { name: 'TransactionalId', type: 'string', versions: '0+', entityType: 'transactionalId' },
      { name: 'ProducerId', type: 'int64', versions: '0+', entityType: 'producerId' },
      { name: 'ProducerEpoch', type: 'int16', versions: '0+' },
      { name: 'Committed', type: 'bool', versions: '0+' },
    ],
  },
  response: {
    type: 'response',
    name: 'EndTxnResponse',
    validVersions: '0-4',
    flexibleVersions: '3+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
    ],
  },
});
