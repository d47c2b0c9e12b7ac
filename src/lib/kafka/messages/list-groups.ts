import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/ListGroups{Request,Response}.json
// with KIP-518 (StatesFilter, v4); v5 (group types, KIP-848) is left out. A client asks every broker and merges.
export const ListGroups = defineApi({
  name: 'ListGroups',
  apiKey: 16,
  route: 'every',
  request: {
    type: 'request',
    name: 'ListGroupsRequest',
    listeners: ['broker'],
    validVersions: '0-4',
    flexibleVersions: '3+',
    fields: [
      // Empty: every group, whatever its state.
      { name: 'StatesFilter', type: '[]string', versions: '4+' },
    ],
  },
  response: {
    type: 'response',
    name: 'ListGroupsResponse',
    validVersions: '0-4',
    flexibleVersions: '3+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '1+', ignorable: true },
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      {
        name: 'Groups',
        type: '[]ListedGroup',
        versions: '0+',
        fields: [
          { name: 'GroupId', type: 'string', versions: '0+', entityType: 'groupId' },
          // "consumer" for a consumer group; empty for a group that only has offsets.
          { name: 'ProtocolType', type: 'string', versions: '0+' },
          { name: 'GroupState', type: 'string', versions: '4+', ignorable: true },
        ],
      },
    ],
  },
});
