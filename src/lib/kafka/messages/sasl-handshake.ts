import { defineApi } from '../definition.js';

// SaslHandshake: picks the mechanism before SaslAuthenticate. Never flexible: clients up to 2.4
// negotiate its version wrongly, so Kafka cannot bump it (KAFKA-9577).
export const SaslHandshake = defineApi({
  name: 'SaslHandshake',
  apiKey: 17,
  route: 'any',
  request: {
    type: 'request',
    name: 'SaslHandshakeRequest',
    listeners: ['broker', 'controller'],
    validVersions: '0-1',
    flexibleVersions: 'none',
    fields: [{ name: 'Mechanism', type: 'string', versions: '0+' }],
  },
  response: {
    type: 'response',
    name: 'SaslHandshakeResponse',
    validVersions: '0-1',
    flexibleVersions: 'none',
    fields: [
      { name: 'ErrorCode', type: 'int16', versions: '0+' },
      { name: 'Mechanisms', type: '[]string', versions: '0+' },
    ],
  },
});
