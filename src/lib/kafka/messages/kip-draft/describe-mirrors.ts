import { defineApi } from '../../definition.js';
import { TBD } from '../../mirror-api-keys.js';

// As the seed prints it: no top-level error, a `State` string in the v57 vocabulary, no retry count or
// per-partition error. Each broker answers for its own partitions, so it goes to every broker.
export const DescribeMirrors = defineApi({
  name: 'DescribeMirrors',
  apiKey: TBD,
  route: 'every',
  request: {
    type: 'request',
    name: 'DescribeMirrorsRequest',
    listeners: ['broker'],
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'MirrorNames', type: '[]string', versions: '0+', entityType: 'mirrorName' },
      { name: 'IncludeAuthorizedOperations', type: 'bool', versions: '0+', default: 'false' },
    ],
  },
  response: {
    type: 'response',
    name: 'DescribeMirrorsResponse',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      {
        name: 'Mirrors',
        type: '[]DescribedMirror',
        versions: '0+',
        fields: [
          { name: 'ErrorCode', type: 'int16', versions: '0+' },
          { name: 'MirrorName', type: 'string', versions: '0+', entityType: 'mirrorName' },
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
                  { name: 'SourceOffset', type: 'int64', versions: '0+' },
                  { name: 'DestinationOffset', type: 'int64', versions: '0+' },
                  { name: 'Lag', type: 'int64', versions: '0+' },
                  { name: 'State', type: 'string', versions: '0+' },
                ],
              },
            ],
          },
          { name: 'AuthorizedOperations', type: 'int32', versions: '0+', default: '-2147483648' },
        ],
      },
    ],
  },
});
