import { defineApi } from '../definition.js';
import { DEFAULT_MIRROR_API_KEYS } from '../mirror-api-keys.js';

// DeleteClusterMirror: removes a mirror whose topics are all STOPPED (PROTOCOL.md §3).
export const DeleteClusterMirror = defineApi({
  name: 'DeleteClusterMirror',
  apiKey: DEFAULT_MIRROR_API_KEYS.DeleteClusterMirror,
  route: 'any',
  // Not resent after a lost answer (a second Delete answers UNKNOWN_CLUSTER_MIRROR): the caller reads the state back.
  idempotent: false,
  request: {
    type: 'request',
    name: 'DeleteClusterMirrorRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'MirrorName', type: 'string', versions: '0+', entityType: 'mirrorName' },
      { name: 'StateValidationOffset', type: 'int64', versions: '0+', default: '-1' },
    ],
  },
  response: {
    type: 'response',
    name: 'DeleteClusterMirrorResponse',
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
