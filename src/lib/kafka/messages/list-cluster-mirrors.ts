import { defineApi } from '../definition.js';
import { DEFAULT_MIRROR_API_KEYS } from '../mirror-api-keys.js';

// ListClusterMirrors: mirror definitions live in cluster metadata, so one broker answers for all.
export const ListClusterMirrors = defineApi({
  name: 'ListClusterMirrors',
  apiKey: DEFAULT_MIRROR_API_KEYS.ListClusterMirrors,
  route: 'any',
  request: {
    type: 'request',
    name: 'ListClusterMirrorsRequest',
    listeners: ['broker'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [{ name: 'IncludeTopicNames', type: 'bool', versions: '0+', default: 'false' }],
  },
  response: {
    type: 'response',
    name: 'ListClusterMirrorsResponse',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
      {
        name: 'Mirrors',
        type: '[]ListedMirror',
        versions: '0+',
        fields: [
          { name: 'MirrorName', type: 'string', versions: '0+', entityType: 'mirrorName' },
          { name: 'SourceBootstrap', type: 'string', versions: '0+' },
          { name: 'SourceClusterId', type: 'string', versions: '0+', default: '' },
          { name: 'TopicCount', type: 'int32', versions: '0+', default: '0' },
          { name: 'TopicNames', type: '[]string', versions: '0+' },
        ],
      },
    ],
  },
});
