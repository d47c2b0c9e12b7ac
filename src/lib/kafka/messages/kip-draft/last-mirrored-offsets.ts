import { defineApi } from '../../definition.js';
import { TBD } from '../../mirror-api-keys.js';

/** FindCoordinator key type MIRROR, which the seed adds to CoordinatorType (GROUP 0, TRANSACTION 1, SHARE 2). */
export const MIRROR_COORDINATOR_KEY_TYPE = 3;

// As the seed prints the request: per partition, the last offset copied, kept by the mirror's coordinator
// (FindCoordinator key type 3). The prototype dropped the RPC; the seed shows no response.
export const LastMirroredOffsets = defineApi({
  name: 'LastMirroredOffsets',
  apiKey: TBD,
  route: 'coordinator',
  coordinator: { keyType: MIRROR_COORDINATOR_KEY_TYPE, keyField: 'MirrorName' },
  request: {
    type: 'request',
    name: 'LastMirroredOffsetsRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'MirrorName', type: 'string', versions: '0+', entityType: 'mirrorName' },
      {
        name: 'Topics',
        type: '[]TopicState',
        versions: '0',
        fields: [
          { name: 'Name', type: 'string', versions: '0', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]PartitionState',
            versions: '0',
            fields: [{ name: 'PartitionIndex', type: 'int32', versions: '0' }],
          },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'LastMirroredOffsetsResponse',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
      {
        name: 'Topics',
        type: '[]TopicResult',
        versions: '0',
        fields: [
          { name: 'Name', type: 'string', versions: '0', entityType: 'topicName' },
          {
            name: 'Partitions',
            type: '[]PartitionResult',
            versions: '0',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0' },
              { name: 'ErrorCode', type: 'int16', versions: '0' },
              { name: 'LastMirroredOffset', type: 'int64', versions: '0', default: '-1' },
            ],
          },
        ],
      },
    ],
  },
  assumed: {
    response:
      'KIP-1279 revision 57 prints no LastMirroredOffsetsResponse and the prototype has no such RPC; ' +
      'this mirrors the ' +
      "request's topics and partitions and answers each with an error code and the LastMirroredOffset int64 the " +
      'seed writes in WriteMirrorStates (-1 unknown), after the top-level ThrottleTimeMs/ErrorCode/ErrorMessage ' +
      'every prototype mirror response starts with',
  },
});
