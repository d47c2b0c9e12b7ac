import { defineApi } from '../definition.js';

// CreateTopics up to the prototype's v8, which adds the nullable struct MirrorInfo so a topic can
// be pre-created as a mirror of a source topic id (PROTOCOL.md §2). Sent to the controller because
// brokers only forward it.
export const CreateTopics = defineApi({
  name: 'CreateTopics',
  apiKey: 19,
  route: 'controller',
  request: {
    type: 'request',
    name: 'CreateTopicsRequest',
    listeners: ['broker', 'controller'],
    validVersions: '2-8',
    flexibleVersions: '5+',
    fields: [
      {
        name: 'Topics',
        type: '[]CreatableTopic',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', mapKey: true, entityType: 'topicName' },
          { name: 'NumPartitions', type: 'int32', versions: '0+' },
          { name: 'ReplicationFactor', type: 'int16', versions: '0+' },
          {
            name: 'Assignments',
            type: '[]CreatableReplicaAssignment',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+', mapKey: true },
              { name: 'BrokerIds', type: '[]int32', versions: '0+', entityType: 'brokerId' },
            ],
          },
          {
            name: 'Configs',
            type: '[]CreatableTopicConfig',
            versions: '0+',
            fields: [
              { name: 'Name', type: 'string', versions: '0+', mapKey: true },
              { name: 'Value', type: 'string', versions: '0+', nullableVersions: '0+' },
            ],
          },
          {
            name: 'MirrorInfo',
            type: 'MirrorInfo',
            versions: '8+',
            nullableVersions: '8+',
            ignorable: true,
            fields: [{ name: 'TopicId', type: 'uuid', versions: '8+' }],
          },
        ],
      },
      // Lower-case names are the schema's own spelling.
      { name: 'timeoutMs', type: 'int32', versions: '0+', default: '60000' },
      { name: 'validateOnly', type: 'bool', versions: '1+', default: 'false', ignorable: false },
    ],
  },
  response: {
    type: 'response',
    name: 'CreateTopicsResponse',
    validVersions: '2-8',
    flexibleVersions: '5+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '2+', ignorable: true },
      {
        name: 'Topics',
        type: '[]CreatableTopicResult',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', mapKey: true, entityType: 'topicName' },
          { name: 'TopicId', type: 'uuid', versions: '7+', ignorable: true },
          { name: 'ErrorCode', type: 'int16', versions: '0+' },
          { name: 'ErrorMessage', type: 'string', versions: '1+', nullableVersions: '0+', ignorable: true },
          {
            name: 'TopicConfigErrorCode',
            type: 'int16',
            versions: '5+',
            tag: 0,
            taggedVersions: '5+',
            ignorable: true,
          },
          { name: 'NumPartitions', type: 'int32', versions: '5+', default: '-1', ignorable: true },
          { name: 'ReplicationFactor', type: 'int16', versions: '5+', default: '-1', ignorable: true },
          {
            name: 'Configs',
            type: '[]CreatableTopicConfigs',
            versions: '5+',
            nullableVersions: '5+',
            ignorable: true,
            fields: [
              { name: 'Name', type: 'string', versions: '5+' },
              { name: 'Value', type: 'string', versions: '5+', nullableVersions: '5+' },
              { name: 'ReadOnly', type: 'bool', versions: '5+' },
              { name: 'ConfigSource', type: 'int8', versions: '5+', default: '-1', ignorable: true },
              { name: 'IsSensitive', type: 'bool', versions: '5+' },
            ],
          },
        ],
      },
    ],
  },
});
