import { defineApi } from '../definition.js';

// Metadata: brokers, controller id and partition leaders, for routing and topic checks.
export const Metadata = defineApi({
  name: 'Metadata',
  apiKey: 3,
  route: 'any',
  request: {
    type: 'request',
    name: 'MetadataRequest',
    listeners: ['broker'],
    validVersions: '0-13',
    flexibleVersions: '9+',
    fields: [
      // v0: empty array means all topics; v1+: null means all, empty means none.
      {
        name: 'Topics',
        type: '[]MetadataRequestTopic',
        versions: '0+',
        nullableVersions: '1+',
        fields: [
          { name: 'TopicId', type: 'uuid', versions: '10+', ignorable: true },
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName', nullableVersions: '10+' },
        ],
      },
      { name: 'AllowAutoTopicCreation', type: 'bool', versions: '4+', default: 'true', ignorable: false },
      { name: 'IncludeClusterAuthorizedOperations', type: 'bool', versions: '8-10' },
      { name: 'IncludeTopicAuthorizedOperations', type: 'bool', versions: '8+' },
    ],
  },
  response: {
    type: 'response',
    name: 'MetadataResponse',
    validVersions: '0-13',
    flexibleVersions: '9+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '3+', ignorable: true },
      {
        name: 'Brokers',
        type: '[]MetadataResponseBroker',
        versions: '0+',
        fields: [
          { name: 'NodeId', type: 'int32', versions: '0+', mapKey: true, entityType: 'brokerId' },
          { name: 'Host', type: 'string', versions: '0+' },
          { name: 'Port', type: 'int32', versions: '0+' },
          {
            name: 'Rack',
            type: 'string',
            versions: '1+',
            nullableVersions: '1+',
            ignorable: true,
            default: 'null',
          },
        ],
      },
      {
        name: 'ClusterId',
        type: 'string',
        nullableVersions: '2+',
        versions: '2+',
        ignorable: true,
        default: 'null',
      },
      {
        name: 'ControllerId',
        type: 'int32',
        versions: '1+',
        default: '-1',
        ignorable: true,
        entityType: 'brokerId',
      },
      {
        name: 'Topics',
        type: '[]MetadataResponseTopic',
        versions: '0+',
        fields: [
          { name: 'ErrorCode', type: 'int16', versions: '0+' },
          {
            name: 'Name',
            type: 'string',
            versions: '0+',
            mapKey: true,
            entityType: 'topicName',
            nullableVersions: '12+',
          },
          { name: 'TopicId', type: 'uuid', versions: '10+', ignorable: true },
          { name: 'IsInternal', type: 'bool', versions: '1+', default: 'false', ignorable: true },
          {
            name: 'Partitions',
            type: '[]MetadataResponsePartition',
            versions: '0+',
            fields: [
              { name: 'ErrorCode', type: 'int16', versions: '0+' },
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'LeaderId', type: 'int32', versions: '0+', entityType: 'brokerId' },
              { name: 'LeaderEpoch', type: 'int32', versions: '7+', default: '-1', ignorable: true },
              { name: 'ReplicaNodes', type: '[]int32', versions: '0+', entityType: 'brokerId' },
              { name: 'IsrNodes', type: '[]int32', versions: '0+', entityType: 'brokerId' },
              {
                name: 'OfflineReplicas',
                type: '[]int32',
                versions: '5+',
                ignorable: true,
                entityType: 'brokerId',
              },
            ],
          },
          { name: 'TopicAuthorizedOperations', type: 'int32', versions: '8+', default: '-2147483648' },
        ],
      },
      { name: 'ClusterAuthorizedOperations', type: 'int32', versions: '8-10', default: '-2147483648' },
      { name: 'ErrorCode', type: 'int16', versions: '13+', ignorable: true },
    ],
  },
});
