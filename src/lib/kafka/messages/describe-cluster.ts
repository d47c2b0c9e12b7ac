import { defineApi } from '../definition.js';

// DescribeCluster: cluster id, controller id and brokers; answered by controllers too (KIP-919).
export const DescribeCluster = defineApi({
  name: 'DescribeCluster',
  apiKey: 60,
  route: 'any',
  request: {
    type: 'request',
    name: 'DescribeClusterRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0-2',
    flexibleVersions: '0+',
    fields: [
      { name: 'IncludeClusterAuthorizedOperations', type: 'bool', versions: '0+' },
      // 1 = brokers, 2 = controllers.
      { name: 'EndpointType', type: 'int8', versions: '1+', default: '1' },
      { name: 'IncludeFencedBrokers', type: 'bool', versions: '2+' },
    ],
  },
  response: {
    type: 'response',
    name: 'DescribeClusterResponse',
    validVersions: '0-2',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
      { name: 'EndpointType', type: 'int8', versions: '1+', default: '1' },
      { name: 'ClusterId', type: 'string', versions: '0+' },
      { name: 'ControllerId', type: 'int32', versions: '0+', default: '-1', entityType: 'brokerId' },
      {
        name: 'Brokers',
        type: '[]DescribeClusterBroker',
        versions: '0+',
        fields: [
          { name: 'BrokerId', type: 'int32', versions: '0+', mapKey: true, entityType: 'brokerId' },
          { name: 'Host', type: 'string', versions: '0+' },
          { name: 'Port', type: 'int32', versions: '0+' },
          { name: 'Rack', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
          { name: 'IsFenced', type: 'bool', versions: '2+' },
        ],
      },
      { name: 'ClusterAuthorizedOperations', type: 'int32', versions: '0+', default: '-2147483648' },
    ],
  },
});
