import { defineApi } from '../definition.js';
import { DEFAULT_MIRROR_API_KEYS } from '../mirror-api-keys.js';

// The tagged Patterns list goes on the wire after StateValidationOffset.
export const StopMirrorTopics = defineApi({
  name: 'StopMirrorTopics',
  apiKey: DEFAULT_MIRROR_API_KEYS.StopMirrorTopics,
  route: 'any',
  // Not resent after a lost answer (a second Stop answers 145): the caller reads the state back.
  idempotent: false,
  request: {
    type: 'request',
    name: 'StopMirrorTopicsRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'MirrorName', type: 'string', versions: '0+', entityType: 'mirrorName' },
      {
        name: 'Topics',
        type: '[]TopicMetadata',
        versions: '0+',
        fields: [{ name: 'TopicName', type: 'string', versions: '0+', mapKey: true, entityType: 'topicName' }],
      },
      { name: 'Patterns', type: '[]string', versions: '0+', taggedVersions: '0+', tag: 0 },
      { name: 'StateValidationOffset', type: 'int64', versions: '0+', default: '-1' },
    ],
  },
  response: {
    type: 'response',
    name: 'StopMirrorTopicsResponse',
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
          { name: 'ErrorCode', type: 'int16', versions: '0+' },
          { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
        ],
      },
    ],
  },
});
