import type { MessageDefinition } from '../definition.js';

// Request header v1 for non-flexible requests, v2 for flexible ones. ClientId keeps the classic
// int16 length even in v2 so any broker can read the header of an ApiVersions request whose
// version it does not know.
export const RequestHeader = {
  type: 'header',
  name: 'RequestHeader',
  validVersions: '1-2',
  flexibleVersions: '2+',
  fields: [
    { name: 'RequestApiKey', type: 'int16', versions: '0+' },
    { name: 'RequestApiVersion', type: 'int16', versions: '0+' },
    { name: 'CorrelationId', type: 'int32', versions: '0+' },
    { name: 'ClientId', type: 'string', versions: '1+', nullableVersions: '1+', flexibleVersions: 'none' },
  ],
} as const satisfies MessageDefinition;

// Response header v0 for non-flexible responses and for every ApiVersions response, v1 otherwise.
export const ResponseHeader = {
  type: 'header',
  name: 'ResponseHeader',
  validVersions: '0-1',
  flexibleVersions: '1+',
  fields: [{ name: 'CorrelationId', type: 'int32', versions: '0+' }],
} as const satisfies MessageDefinition;
