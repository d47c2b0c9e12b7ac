import { defineApi } from '../definition.js';
import { DEFAULT_MIRROR_API_KEYS } from '../mirror-api-keys.js';

// Each broker reports only the partitions it leads or fetches, so the client asks every broker and merges.
export const DescribeClusterMirrors = defineApi({
  name: 'DescribeClusterMirrors',
  apiKey: DEFAULT_MIRROR_API_KEYS.DescribeClusterMirrors,
  route: 'every',
  request: {
    type: 'request',
    name: 'DescribeClusterMirrorsRequest',
    listeners: ['broker'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      // Not nullable on the wire: an empty array means "all mirrors".
      { name: 'MirrorNames', type: '[]string', versions: '0+', entityType: 'mirrorName' },
      { name: 'IncludeAuthorizedOperations', type: 'bool', versions: '0+', default: 'false' },
      {
        name: 'ClusterId',
        type: 'string',
        versions: '0+',
        nullableVersions: '0+',
        taggedVersions: '0+',
        tag: 0,
        ignorable: true,
        default: 'null',
      },
      {
        name: 'LastMirrorEpochLookups',
        type: '[]LastMirrorEpochLookup',
        versions: '0+',
        taggedVersions: '0+',
        tag: 1,
        ignorable: true,
        fields: [
          { name: 'TopicId', type: 'uuid', versions: '0+' },
          { name: 'Partitions', type: '[]int32', versions: '0+' },
        ],
      },
    ],
  },
  response: {
    type: 'response',
    name: 'DescribeClusterMirrorsResponse',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
      {
        name: 'Mirrors',
        type: '[]DescribedMirror',
        versions: '0+',
        fields: [
          { name: 'ErrorCode', type: 'int16', versions: '0+' },
          { name: 'MirrorName', type: 'string', versions: '0+', entityType: 'mirrorName' },
          { name: 'AuthorizedOperations', type: 'int32', versions: '0+', default: '-2147483648' },
          {
            name: 'Topics',
            type: '[]TopicPartitions',
            versions: '0+',
            fields: [
              { name: 'TopicName', type: 'string', versions: '0+' },
              {
                name: 'Partitions',
                type: '[]PartitionDetail',
                versions: '0+',
                fields: [
                  { name: 'PartitionIndex', type: 'int32', versions: '0+' },
                  { name: 'SourceOffset', type: 'int64', versions: '0+', default: '-1' },
                  { name: 'DestinationOffset', type: 'int64', versions: '0+', default: '-1' },
                  { name: 'Lag', type: 'int64', versions: '0+', default: '-1' },
                  { name: 'StateValue', type: 'string', versions: '0+' },
                  { name: 'RetryAttempt', type: 'int16', versions: '0+', default: '0' },
                  { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+', default: 'null' },
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'LookupResults',
        type: '[]LookupResult',
        versions: '0+',
        taggedVersions: '0+',
        tag: 0,
        ignorable: true,
        fields: [
          { name: 'TopicId', type: 'uuid', versions: '0+' },
          {
            name: 'Partitions',
            type: '[]PartitionResult',
            versions: '0+',
            fields: [
              { name: 'PartitionIndex', type: 'int32', versions: '0+' },
              { name: 'LastMirrorEpoch', type: 'int32', versions: '0+', default: '-1' },
            ],
          },
        ],
      },
    ],
  },
});
