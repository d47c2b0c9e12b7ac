import { defineApi } from '../../definition.js';
import { TBD } from '../../mirror-api-keys.js';

// As the seed KIP (revision 57) prints it: the prototype's CreateClusterMirror before the rename.
export const CreateMirror = defineApi({
  name: 'CreateMirror',
  apiKey: TBD,
  route: 'any',
  request: {
    type: 'request',
    name: 'CreateMirrorRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'MirrorName', type: 'string', versions: '0+', nullableVersions: '0+', entityType: 'mirrorName' },
      {
        name: 'Config',
        type: '[]MirrorConfig',
        versions: '0+',
        fields: [
          { name: 'Name', type: 'string', versions: '0+', mapKey: true },
          { name: 'Value', type: 'string', versions: '0+', nullableVersions: '0+' },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'CreateMirrorResponse',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', ignorable: true },
    ],
  },
});
