import { defineApi } from '../definition.js';

// Source: the prototype's FindCoordinator{Request,Response}.json (reference/kip-1279-schemas), as apache/kafka 4.x.
// kafkajs and librdkafka send v0-2; v4+ batches keys (KIP-699). KeyType 0: a group, 1: a transactional id.
export const FindCoordinator = defineApi({
  name: 'FindCoordinator',
  apiKey: 10,
  route: 'any',
  request: {
    type: 'request',
    name: 'FindCoordinatorRequest',
    listeners: ['broker'],
    validVersions: '0-6',
    flexibleVersions: '3+',
    fields: [
      { name: 'Key', type: 'string', versions: '0-3' },
      // 0 group, 1 transaction, 2 share.
      { name: 'KeyType', type: 'int8', versions: '1+', default: '0', ignorable: false },
      { name: 'CoordinatorKeys', type: '[]string', versions: '4+' },
    ],
  },
  response: {
    type: 'response',
    name: 'FindCoordinatorResponse',
    validVersions: '0-6',
    flexibleVersions: '3+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '1+', ignorable: true },
      { name: 'ErrorCode', type: 'int16', versions: '0-3' },
      { name: 'ErrorMessage', type: 'string', versions: '1-3', nullableVersions: '1-3', ignorable: true },
      { name: 'NodeId', type: 'int32', versions: '0-3', entityType: 'brokerId' },
      { name: 'Host', type: 'string', versions: '0-3' },
      { name: 'Port', type: 'int32', versions: '0-3' },
      {
        name: 'Coordinators',
        type: '[]Coordinator',
        versions: '4+',
        fields: [
          { name: 'Key', type: 'string', versions: '4+' },
          { name: 'NodeId', type: 'int32', versions: '4+', entityType: 'brokerId' },
          { name: 'Host', type: 'string', versions: '4+' },
          { name: 'Port', type: 'int32', versions: '4+' },
          { name: 'ErrorCode', type: 'int16', versions: '4+' },
          { name: 'ErrorMessage', type: 'string', versions: '4+', nullableVersions: '4+', ignorable: true },
        ],
      },
    ],
  },
});
