import { defineApi } from '../definition.js';

// ApiVersions: the first request on every connection; v3+ carries the feature levels that gate
// mirroring (`mirror.version`). Its response always travels under response header v0.
export const ApiVersions = defineApi({
  name: 'ApiVersions',
  apiKey: 18,
  route: 'any',
  request: {
    type: 'request',
    name: 'ApiVersionsRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0-4',
    flexibleVersions: '3+',
    fields: [
      { name: 'ClientSoftwareName', type: 'string', versions: '3+', ignorable: true },
      { name: 'ClientSoftwareVersion', type: 'string', versions: '3+', ignorable: true },
    ],
  },
  response: {
    type: 'response',
    name: 'ApiVersionsResponse',
    validVersions: '0-4',
    flexibleVersions: '3+',
    fields: [
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      {
        name: 'ApiKeys',
        type: '[]ApiVersion',
        versions: '0+',
        fields: [
          { name: 'ApiKey', type: 'int16', versions: '0+', mapKey: true },
          { name: 'MinVersion', type: 'int16', versions: '0+' },
          { name: 'MaxVersion', type: 'int16', versions: '0+' },
        ],
      },
      { name: 'ThrottleTimeMs', type: 'int32', versions: '1+', ignorable: true },
      {
        name: 'SupportedFeatures',
        type: '[]SupportedFeatureKey',
        ignorable: true,
        versions: '3+',
        tag: 0,
        taggedVersions: '3+',
        fields: [
          { name: 'Name', type: 'string', versions: '3+', mapKey: true },
          { name: 'MinVersion', type: 'int16', versions: '3+' },
          { name: 'MaxVersion', type: 'int16', versions: '3+' },
        ],
      },
      {
        name: 'FinalizedFeaturesEpoch',
        type: 'int64',
        versions: '3+',
        tag: 1,
        taggedVersions: '3+',
        default: '-1',
        ignorable: true,
      },
      {
        name: 'FinalizedFeatures',
        type: '[]FinalizedFeatureKey',
        ignorable: true,
        versions: '3+',
        tag: 2,
        taggedVersions: '3+',
        fields: [
          { name: 'Name', type: 'string', versions: '3+', mapKey: true },
          { name: 'MaxVersionLevel', type: 'int16', versions: '3+' },
          { name: 'MinVersionLevel', type: 'int16', versions: '3+' },
        ],
      },
      {
        name: 'ZkMigrationReady',
        type: 'bool',
        versions: '3+',
        taggedVersions: '3+',
        tag: 3,
        ignorable: true,
        default: 'false',
      },
    ],
  },
});
