// The security settings a failback's mirror on A stores for reaching B, made from this command's own connection
// to B. Certificates go inline (PEM), never as paths that exist only here; the values are never printed.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import { InvalidInputError } from '../core/errors.js';

const LOGIN_MODULES: Readonly<Record<string, string>> = {
  plain: 'org.apache.kafka.common.security.plain.PlainLoginModule',
  'scram-sha-256': 'org.apache.kafka.common.security.scram.ScramLoginModule',
  'scram-sha-512': 'org.apache.kafka.common.security.scram.ScramLoginModule',
};

const SOURCE_CONFIG_HINT =
  'give the settings the other cluster\u2019s brokers need with --source-config FILE (security.protocol, ' +
  'sasl.*, ssl.*)';

function jaasString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function mirrorSecurityConfig(connection: ConnectionConfig): Map<string, string> {
  const config = new Map<string, string>();
  const tls = connection.tls;
  const sasl = connection.sasl;
  config.set('security.protocol', `${sasl ? 'SASL_' : ''}${tls ? 'SSL' : 'PLAINTEXT'}`);
  if (sasl) {
    const module = LOGIN_MODULES[sasl.mechanism];
    if (!module || sasl.username === undefined || sasl.password === undefined) {
      throw new InvalidInputError(
        `kmirror cannot hand its ${sasl.mechanism.toUpperCase()} login to the other cluster's brokers (a ` +
          `token or a login they cannot repeat)`,
        { hint: SOURCE_CONFIG_HINT },
      );
    }
    config.set('sasl.mechanism', sasl.mechanism.toUpperCase());
    config.set(
      'sasl.jaas.config',
      `${module} required username=${jaasString(sasl.username)} password=${jaasString(sasl.password)};`,
    );
  }
  if (tls) {
    if (!tls.rejectUnauthorized)
      throw new InvalidInputError('--tls-insecure cannot be handed to the other cluster\u2019s brokers', {
        hint: SOURCE_CONFIG_HINT,
      });
    if (tls.pfx)
      throw new InvalidInputError(
        'a PKCS12 client certificate cannot be handed to the other cluster\u2019s brokers inline',
        {
          hint: SOURCE_CONFIG_HINT,
        },
      );
    if (tls.ca && tls.ca.length > 0) {
      config.set('ssl.truststore.type', 'PEM');
      config.set('ssl.truststore.certificates', tls.ca.map((c) => c.toString('utf8').trim()).join('\n'));
    }
    if (tls.cert && tls.key) {
      config.set('ssl.keystore.type', 'PEM');
      config.set('ssl.keystore.certificate.chain', tls.cert.toString('utf8').trim());
      config.set('ssl.keystore.key', tls.key.toString('utf8').trim());
      if (tls.passphrase !== undefined) config.set('ssl.key.password', tls.passphrase);
    }
    if (!tls.checkServerIdentity) config.set('ssl.endpoint.identification.algorithm', '');
  }
  return config;
}
