import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/AddOffsetsToTxn{Request,Response}.json.
// v2 may answer PRODUCER_FENCED, v3 is flexible; v4 (transactions v2) is left out. Sent to the transaction coordinator.
export const AddOffsetsToTxn = defineApi({
  name: 'AddOffsetsToTxn',
  apiKey: 25,
  route: 'leader',
  request: {
    type: 'request',
    name: 'AddOffsetsToTxnRequest',
    listeners: ['broker'],
    validVersions: '0-3',
    flexibleVersions: '3+',
    fields: [
      { name: 'TransactionalId', type: 'string', versions: '0+', entityType: 'transactionalId' },
      { name: 'ProducerId', type: 'int64', versions: '0+', entityType: 'producerId' },
      { name: 'ProducerEpoch', type: 'int16', versions: '0+' },
      { name: 'GroupId', type: 'string', versions: '0+', entityType: 'groupId' },
    ],
  },
  response: {
    type: 'response',
    name: 'AddOffsetsToTxnResponse',
    validVersions: '0-3',
    flexibleVersions: '3+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
    ],
  },
});
