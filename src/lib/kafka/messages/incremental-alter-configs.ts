import { defineApi } from '../definition.js';

// IncrementalAlterConfigs: changes single keys (set/delete/append/subtract) without replacing the
// whole config set, which is how mirror and topic configs are edited.
export const IncrementalAlterConfigs = defineApi({
  name: 'IncrementalAlterConfigs',
  apiKey: 44,
  route: 'any',
  // Not resent after a lost answer (APPEND and SUBTRACT act again on a second copy): the caller reads the state back.
  idempotent: false,
  request: {
    type: 'request',
    name: 'IncrementalAlterConfigsRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0-1',
    flexibleVersions: '1+',
    fields: [
      {
        name: 'Resources',
        type: '[]AlterConfigsResource',
        versions: '0+',
        fields: [
          { name: 'ResourceType', type: 'int8', versions: '0+', mapKey: true },
          { name: 'ResourceName', type: 'string', versions: '0+', mapKey: true },
          {
            name: 'Configs',
            type: '[]AlterableConfig',
            versions: '0+',
            fields: [
              { name: 'Name', type: 'string', versions: '0+', mapKey: true },
              // 0 set, 1 delete, 2 append, 3 subtract.
              { name: 'ConfigOperation', type: 'int8', versions: '0+', mapKey: true },
              { name: 'Value', type: 'string', versions: '0+', nullableVersions: '0+' },
            ],
          },
        ],
      },
      { name: 'ValidateOnly', type: 'bool', versions: '0+' },
    ],
  },
  response: {
    type: 'response',
    name: 'IncrementalAlterConfigsResponse',
    validVersions: '0-1',
    flexibleVersions: '1+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '0+' },
      {
        name: 'Responses',
        type: '[]AlterConfigsResourceResponse',
        versions: '0+',
        fields: [
          { name: 'ErrorCode', type: 'int16', versions: '0+' },
          { name: 'ErrorMessage', type: 'string', nullableVersions: '0+', versions: '0+' },
          { name: 'ResourceType', type: 'int8', versions: '0+' },
          { name: 'ResourceName', type: 'string', versions: '0+' },
        ],
      },
    ],
  },
});
