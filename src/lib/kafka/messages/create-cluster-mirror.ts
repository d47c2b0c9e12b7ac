import { defineApi } from '../definition.js';
import { DEFAULT_MIRROR_API_KEYS } from '../mirror-api-keys.js';

// Brokers forward it unchanged to the controller, so any broker will do (PROTOCOL.md §2).
export const CreateClusterMirror = defineApi({
  name: 'CreateClusterMirror',
  apiKey: DEFAULT_MIRROR_API_KEYS.CreateClusterMirror,
  route: 'any',
  // Not resent after a lost answer (a second Create answers "already exists"): the caller reads the state back.
  idempotent: false,
  request: {
    type: 'request',
    name: 'CreateClusterMirrorRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'MirrorName', type: 'string', versions: '0+', entityType: 'mirrorName' },
      {
        name: 'Config',
        type: '[]ClusterMirrorConfig',
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
    name: 'CreateClusterMirrorResponse',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      // No declared default: an unset message is "" on the wire, not null (PROTOCOL.md §1).
      { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+' },
    ],
  },
});
