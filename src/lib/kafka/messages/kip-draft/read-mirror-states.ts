import { defineApi, layoutOf } from '../../definition.js';
import { TBD } from '../../mirror-api-keys.js';
import { ReadMirrorStates as PrototypeReadMirrorStates } from '../read-mirror-states.js';

// As the seed prints the request (nested field versions "0", not "0+"). Broker-internal; the emulator serves it.
export const ReadMirrorStates = defineApi({
  name: 'ReadMirrorStates',
  apiKey: TBD,
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
        type: '[]TopicData',
        versions: '0',
        fields: [
          { name: 'Name', type: 'string', versions: '0', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]PartitionData',
            versions: '0',
            fields: [{ name: 'PartitionIndex', type: 'int32', versions: '0' }],
          },
        ],
      },
    ],
  },
  response: layoutOf(PrototypeReadMirrorStates.response, 'ReadMirrorStatesResponse'),
  assumed: {
    response: 'KIP-1279 revision 57 prints no ReadMirrorStatesResponse; this is the prototype ReadMirrorStatesResponse',
  },
});
