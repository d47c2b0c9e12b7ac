import { defineApi, layoutOf } from '../../definition.js';
import { TBD } from '../../mirror-api-keys.js';
import { StartMirrorTopics } from '../start-mirror-topics.js';

// As the seed prints it: no top-level mirror name (on every topic instead), no partition count, no patterns.
export const AddTopicsToMirror = defineApi({
  name: 'AddTopicsToMirror',
  apiKey: TBD,
  route: 'any',
  request: {
    type: 'request',
    name: 'AddTopicsToMirrorRequest',
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
          { name: 'TopicName', type: 'string', versions: '0+', mapKey: true, entityType: 'topicName' },
          { name: 'MirrorName', type: 'string', versions: '0+', nullableVersions: '0+', entityType: 'mirrorName' },
        ],
      },
    ],
  },
  response: layoutOf(StartMirrorTopics.response, 'AddTopicsToMirrorResponse'),
  assumed: {
    response:
      'KIP-1279 revision 57 prints no AddTopicsToMirrorResponse; this is the prototype ' +
      'StartMirrorTopicsResponse (its successor)',
  },
});
