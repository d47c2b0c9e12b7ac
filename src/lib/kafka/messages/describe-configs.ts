import { defineApi } from '../definition.js';

// DescribeConfigs: reads topic, broker and cluster-mirror configs. Field versions still start at 0
// although Kafka 4.0 removed v0; they are kept as the schema writes them.
export const DescribeConfigs = defineApi({
  name: 'DescribeConfigs',
  apiKey: 32,
  route: 'any',
  request: {
    type: 'request',
    name: 'DescribeConfigsRequest',
    listeners: ['broker', 'controller'],
    validVersions: '1-4',
    flexibleVersions: '4+',
    fields: [
      {
        name: 'Resources',
        type: '[]DescribeConfigsResource',
        versions: '0+',
        fields: [
          { name: 'ResourceType', type: 'int8', versions: '0+' },
          { name: 'ResourceName', type: 'string', versions: '0+' },
          // null lists every key.
          { name: 'ConfigurationKeys', type: '[]string', versions: '0+', nullableVersions: '0+' },
        ],
      },
      { name: 'IncludeSynonyms', type: 'bool', versions: '1+', default: 'false', ignorable: false },
      { name: 'IncludeDocumentation', type: 'bool', versions: '3+', default: 'false', ignorable: false },
    ],
  },
  response: {
    type: 'response',
    name: 'DescribeConfigsResponse',
    validVersions: '1-4',
    flexibleVersions: '4+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      {
        name: 'Results',
        type: '[]DescribeConfigsResult',
        versions: '0+',
        fields: [
          { name: 'ErrorCode', type: 'int16', versions: '0+' },
          { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+' },
          { name: 'ResourceType', type: 'int8', versions: '0+' },
          { name: 'ResourceName', type: 'string', versions: '0+' },
          {
            name: 'Configs',
            type: '[]DescribeConfigsResourceResult',
            versions: '0+',
            fields: [
              { name: 'Name', type: 'string', versions: '0+' },
              { name: 'Value', type: 'string', versions: '0+', nullableVersions: '0+' },
              { name: 'ReadOnly', type: 'bool', versions: '0+' },
              { name: 'ConfigSource', type: 'int8', versions: '1+', default: '-1', ignorable: true },
              { name: 'IsSensitive', type: 'bool', versions: '0+' },
              {
                name: 'Synonyms',
                type: '[]DescribeConfigsSynonym',
                versions: '1+',
                ignorable: true,
                fields: [
                  { name: 'Name', type: 'string', versions: '1+' },
                  { name: 'Value', type: 'string', versions: '1+', nullableVersions: '0+' },
                  { name: 'Source', type: 'int8', versions: '1+' },
                ],
              },
              { name: 'ConfigType', type: 'int8', versions: '3+', default: '0', ignorable: true },
              {
                name: 'Documentation',
                type: 'string',
                versions: '3+',
                nullableVersions: '0+',
                ignorable: true,
              },
            ],
          },
        ],
      },
    ],
  },
});
