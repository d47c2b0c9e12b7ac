import { defineApi } from '../definition.js';
import { DEFAULT_MIRROR_API_KEYS } from '../mirror-api-keys.js';

// Broker-internal read of the per-partition mirror state; defined so the emulator and diagnostics speak it too.
export const ReadMirrorStates = defineApi({
  name: 'ReadMirrorStates',
  apiKey: DEFAULT_MIRROR_API_KEYS.ReadMirrorStates,
  route: 'any',
  request: {
    type: 'request',
    name: 'ReadMirrorStatesRequest',
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
            fields: [{ name: 'PartitionIndex', type: 'int32', versions: '0+' }],
          },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'ReadMirrorStatesResponse',
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
              { name: 'LastMirrorEpoch', type: 'int32', versions: '0+', default: '-1' },
              { name: 'State', type: 'int8', versions: '0+' },
              { name: 'ErrorCode', type: 'int16', versions: '0+' },
              // 16 is no valid state byte; the schema writes these two defaults as JSON numbers.
              { name: 'PreviousState', type: 'int8', versions: '0+', default: 16 },
              { name: 'RetryAttempt', type: 'int16', versions: '0+', default: 0 },
              { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
            ],
          },
        ],
      },
    ],
  },
});
