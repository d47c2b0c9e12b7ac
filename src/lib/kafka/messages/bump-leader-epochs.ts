import { defineApi } from '../definition.js';
import { DEFAULT_MIRROR_API_KEYS } from '../mirror-api-keys.js';

// Broker-internal; only the active controller acts on it (brokers forward), hence the route.
export const BumpLeaderEpochs = defineApi({
  name: 'BumpLeaderEpochs',
  apiKey: DEFAULT_MIRROR_API_KEYS.BumpLeaderEpochs,
  route: 'controller',
  request: {
    type: 'request',
    name: 'BumpLeaderEpochsRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      {
        name: 'Topics',
        type: '[]TopicState',
        versions: '0+',
        fields: [
          { name: 'TopicId', type: 'uuid', versions: '0+' },
          {
            name: 'Partitions',
            type: '[]LeaderEpochState',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              // The schema writes this default as a JSON number, unlike its siblings.
              { name: 'MinLeaderEpoch', type: 'int32', versions: '0+', default: -1 },
            ],
          },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'BumpLeaderEpochsResponse',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
      {
        name: 'Topics',
        type: '[]TopicPartitions',
        versions: '0+',
        fields: [
          { name: 'TopicName', type: 'string', versions: '0+' },
          {
            name: 'Partitions',
            type: '[]PartitionDetail',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              // "0", not "0+", in the schema; identical while 0 is the only version.
              { name: 'ErrorCode', type: 'int16', versions: '0' },
              { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
            ],
          },
        ],
      },
    ],
  },
});
