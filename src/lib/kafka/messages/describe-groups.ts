import { defineApi } from '../definition.js';

// Source: apache/kafka clients/src/main/resources/common/message/DescribeGroups{Request,Response}.json
// at 42e240e797 / 0436146af1, with v5 flexible (KIP-482); v6 (ErrorMessage) is left out. Sent to the coordinator.
export const DescribeGroups = defineApi({
  name: 'DescribeGroups',
  apiKey: 15,
  route: 'leader',
  request: {
    type: 'request',
    name: 'DescribeGroupsRequest',
    listeners: ['broker'],
    validVersions: '0-5',
    flexibleVersions: '5+',
    fields: [
      { name: 'Groups', type: '[]string', versions: '0+', entityType: 'groupId' },
      { name: 'IncludeAuthorizedOperations', type: 'bool', versions: '3+', default: 'false', ignorable: true },
    ],
  },
  response: {
    type: 'response',
    name: 'DescribeGroupsResponse',
    validVersions: '0-5',
    flexibleVersions: '5+',
    fields: [
      { name: 'ThrottleTimeMs', type: 'int32', versions: '1+', ignorable: true },
      {
        name: 'Groups',
        type: '[]DescribedGroup',
        versions: '0+',
        fields: [
          { name: 'ErrorCode', type: 'int16', versions: '0+' },
          { name: 'GroupId', type: 'string', versions: '0+', entityType: 'groupId' },
          // Empty, Stable, PreparingRebalance, CompletingRebalance or Dead.
          { name: 'GroupState', type: 'string', versions: '0+' },
          { name: 'ProtocolType', type: 'string', versions: '0+' },
          { name: 'ProtocolData', type: 'string', versions: '0+' },
          {
            name: 'Members',
            type: '[]DescribedGroupMember',
            versions: '0+',
            fields: [
              { name: 'MemberId', type: 'string', versions: '0+' },
              { name: 'GroupInstanceId', type: 'string', versions: '4+', nullableVersions: '4+', default: 'null' },
              { name: 'ClientId', type: 'string', versions: '0+' },
              { name: 'ClientHost', type: 'string', versions: '0+' },
              { name: 'MemberMetadata', type: 'bytes', versions: '0+' },
              { name: 'MemberAssignment', type: 'bytes', versions: '0+' },
            ],
          },
          { name: 'AuthorizedOperations', type: 'int32', versions: '3+', default: '-2147483648' },
        ],
      },
    ],
  },
});
