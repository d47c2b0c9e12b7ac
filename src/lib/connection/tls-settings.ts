// TLS from flags and a properties file: the CA, a client certificate (PEM files, inline PEM, PKCS12 keystores)
// and --tls-insecure, checked before any socket opens.

import type { TlsSettings } from '../kafka/connect.js';
import { type Building, type ConnectionFlagValues, ENV_TLS_KEY_PASSWORD } from './connection-settings.js';
import { located } from './key-tables.js';
import { SettingsError } from './errors.js';
import { type PropertyEntry } from './properties-file.js';
import { registerSecret } from './redact.js';
import {
  type ClientIdentity,
  caFromInlinePem,
  clientIdentityFromInlinePem,
  readCaFile,
  readClientKeystore,
} from './tls-files.js';

export function resolveTls(
  flags: ConnectionFlagValues,
  file: ReadonlyMap<string, PropertyEntry>,
  fileName: string,
  env: Readonly<Record<string, string | undefined>>,
): TlsSettings {
  const at = (key: string): string => {
    const entry = file.get(key);
    return `${entry ? located(fileName, entry) : `${fileName} line ?`}: ${key}`;
  };
  const value = (key: string): string | undefined => {
    const v = file.get(key)?.value;
    return v === undefined || v === '' ? undefined : v;
  };

  let checkServerIdentity = true;
  const algorithm = file.get('ssl.endpoint.identification.algorithm');
  if (algorithm) {
    const normalized = algorithm.value.trim().toLowerCase();
    if (normalized === '') checkServerIdentity = false;
    else if (normalized !== 'https') {
      throw new SettingsError(
        `${at('ssl.endpoint.identification.algorithm')}: unsupported value '${algorithm.value}'`,
        {
          hint: "use 'https' (check the host name, the default) or leave it empty to skip the host-name check",
        },
      );
    }
  }
  const insecure = flags.tlsInsecure === true;
  const tls: Building<TlsSettings> = {
    rejectUnauthorized: !insecure,
    checkServerIdentity: checkServerIdentity && !insecure,
  };

  // Trust: --tls-ca, else the file's trust store, else the system CAs.
  if (flags.tlsCa !== undefined) {
    tls.ca = readCaFile(flags.tlsCa, '--tls-ca');
  } else {
    const inline = value('ssl.truststore.certificates');
    const location = value('ssl.truststore.location');
    if (inline !== undefined && location !== undefined) {
      throw new SettingsError(`${fileName}: both ssl.truststore.certificates and ssl.truststore.location are set`, {
        hint: 'keep one of them',
      });
    }
    if (inline !== undefined) tls.ca = caFromInlinePem(inline, at('ssl.truststore.certificates'));
    else if (location !== undefined) tls.ca = readCaFile(location, at('ssl.truststore.location'));
  }

  // Identity: --tls-cert/--tls-key, else the file's key store.
  if (flags.tlsKey !== undefined && flags.tlsCert === undefined) {
    throw new SettingsError('--tls-key needs --tls-cert', {
      hint: 'give the client certificate with --tls-cert (PEM) as well',
    });
  }
  let identity: ClientIdentity | undefined;
  if (flags.tlsCert !== undefined) {
    const passphrase = env[ENV_TLS_KEY_PASSWORD] || undefined;
    identity = readClientKeystore(flags.tlsCert, '--tls-cert', {
      keyPath: flags.tlsKey,
      keyOrigin: '--tls-key',
      passphrase,
      passphraseSource: ENV_TLS_KEY_PASSWORD,
    });
  } else {
    const chain = value('ssl.keystore.certificate.chain');
    const key = value('ssl.keystore.key');
    const location = value('ssl.keystore.location');
    if ((chain !== undefined || key !== undefined) && location !== undefined) {
      throw new SettingsError(
        `${fileName}: ssl.keystore.location and the inline ssl.keystore.key / ` +
          `ssl.keystore.certificate.chain are both set`,
        { hint: 'keep one of them' },
      );
    }
    if (chain !== undefined || key !== undefined) {
      if (chain === undefined || key === undefined) {
        throw new SettingsError(
          `${fileName}: ssl.keystore.key and ssl.keystore.certificate.chain must be given together`,
        );
      }
      identity = clientIdentityFromInlinePem(
        chain,
        key,
        value('ssl.key.password'),
        `${fileName} (inline key store)`,
        'ssl.key.password',
      );
    } else if (location !== undefined) {
      const type = value('ssl.keystore.type')?.toUpperCase();
      // PKCS12 protects the store and the key with the store password; PEM keys use ssl.key.password.
      const passphrase =
        type === 'PEM'
          ? (value('ssl.key.password') ?? value('ssl.keystore.password'))
          : (value('ssl.keystore.password') ?? value('ssl.key.password'));
      identity = readClientKeystore(location, at('ssl.keystore.location'), {
        passphrase,
        passphraseSource: type === 'PEM' ? 'ssl.key.password' : 'ssl.keystore.password',
      });
    }
  }
  if (identity) {
    if (identity.cert) tls.cert = identity.cert;
    if (identity.key) tls.key = identity.key;
    if (identity.pfx) tls.pfx = identity.pfx;
    if (identity.passphrase !== undefined) {
      tls.passphrase = identity.passphrase;
      registerSecret(identity.passphrase);
    }
  }
  return tls;
}
