import { defineApi } from '../definition.js';

// SaslAuthenticate: carries the mechanism's opaque bytes after SaslHandshake v1.
export const SaslAuthenticate = defineApi({
  name: 'SaslAuthenticate',
  apiKey: 36,
  route: 'any',
  request: {
    type: 'request',
    name: 'SaslAuthenticateRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0-2',
    flexibleVersions: '2+',
    fields: [{ name: 'AuthBytes', type: 'bytes', versions: '0+' }],
  },
  response: {
    type: 'response',
    name: 'SaslAuthenticateResponse',
    validVersions: '0-2',
    flexibleVersions: '2+',
    fields: [
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'ErrorMessage', type: 'string', versions: '0+', nullableVersions: '0+' },
      { name: 'AuthBytes', type: 'bytes', versions: '0+' },
      { name: 'SessionLifetimeMs', type: 'int64', versions: '1+', default: '0', ignorable: true },
    ],
  },
});
