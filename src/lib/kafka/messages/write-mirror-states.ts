import { defineApi } from '../definition.js';
import { DEFAULT_MIRROR_API_KEYS } from '../mirror-api-keys.js';

// WriteMirrorStates: broker-internal write of per-partition mirror state to the mirror coordinator.
export const WriteMirrorStates = defineApi({
  name: 'WriteMirrorStates',
  apiKey: DEFAULT_MIRROR_API_KEYS.WriteMirrorStates,
  route: 'any',
  request: {
    type: 'request',
    name: 'WriteMirrorStatesRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'MirrorName', type: 'string', versions: '0+', entityType: 'mirrorName' },
      {
        name: 'Topics',
        type: '[]TopicMetadata',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]PartitionData',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'LastMirrorEpoch', type: 'int32', versions: '0+', default: '-1' },
              { name: 'State', type: 'int8', versions: '0+' },
            ],
          },
        ],
      },
      // The prototype sends it but its handler ignores it (PROTOCOL.md §2.1).
      { name: 'StoppedTopics', type: '[]string', versions: '0+' },
    ],
  },
  response: {
    type: 'response',
    name: 'WriteMirrorStatesResponse',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
      {
        name: 'Topics',
        type: '[]TopicResult',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]PartitionResult',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'ErrorCode', type: 'int16', versions: '0+' },
              { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
            ],
          },
        ],
      },
    ],
  },
});
