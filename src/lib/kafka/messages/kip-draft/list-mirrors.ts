import { defineApi, layoutOf } from '../../definition.js';
import { TBD } from '../../mirror-api-keys.js';
import { ListClusterMirrors } from '../list-cluster-mirrors.js';

// As the seed prints it: no error message, no source cluster id and no topic names in the answer.
export const ListMirrors = defineApi({
  name: 'ListMirrors',
  apiKey: TBD,
  route: 'any',
  request: layoutOf(ListClusterMirrors.request, 'ListMirrorsRequest'),
  response: {
    type: 'response',
    name: 'ListMirrorsResponse',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+', ignorable: true },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      {
        name: 'Mirrors',
        type: '[]ListedMirror',
        versions: '0+',
        fields: [
          { name: 'MirrorName', type: 'string', versions: '0+', entityType: 'mirrorName' },
          { name: 'SourceBootstrap', type: 'string', versions: '0+' },
          { name: 'TopicCount', type: 'int32', versions: '0+', default: '0' },
        ],
      },
    ],
  },
  assumed: {
    request:
      'KIP-1279 revision 57 prints no ListMirrorsRequest; this is the prototype ' +
      'ListClusterMirrorsRequest (IncludeTopicNames)',
  },
});
