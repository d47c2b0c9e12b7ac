import { defineApi, layoutOf } from '../../definition.js';
import { TBD } from '../../mirror-api-keys.js';
import { WriteMirrorStates as PrototypeWriteMirrorStates } from '../write-mirror-states.js';

// As the seed prints the request: the last mirrored OFFSET per partition (the prototype keeps an epoch) and
// `RemovedTopics` (the prototype's StoppedTopics). Broker-internal; the emulator serves it.
export const WriteMirrorStates = defineApi({
  name: 'WriteMirrorStates',
  apiKey: TBD,
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
        type: '[]TopicData',
        versions: '0',
        fields: [
          { name: 'Name', type: 'string', versions: '0', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]PartitionData',
            versions: '0',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0' },
              { name: 'LastMirroredOffset', type: 'int64', versions: '0' },
              { name: 'State', type: 'int8', versions: '0+' },
            ],
          },
        ],
      },
      { name: 'RemovedTopics', type: '[]string', versions: '0+' },
    ],
  },
  response: layoutOf(PrototypeWriteMirrorStates.response, 'WriteMirrorStatesResponse'),
  assumed: {
    response:
      'KIP-1279 revision 57 prints no WriteMirrorStatesResponse; this is the prototype WriteMirrorStatesResponse',
  },
});
