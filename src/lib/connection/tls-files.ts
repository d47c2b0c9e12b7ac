// Kafka client files name Java key stores; Node reads PEM, and PKCS12 only as a client key store (`pfx`). What
// Node cannot use is refused with the command that converts it, and every file is checked before connecting.

import { readFileSync } from 'node:fs';
import { cryptoModule as crypto, tlsModule as tls } from '../kafka/lazy-builtins.js';
import { SettingsError } from './errors.js';

export type StoreFormat = 'PEM' | 'DER' | 'PKCS12' | 'JKS' | 'JCEKS' | 'unknown';

/** By content, not the declared type: `ssl.truststore.type` defaults to JKS in Kafka even for PKCS12 files. */
export function sniffStoreFormat(bytes: Buffer): StoreFormat {
  if (bytes.length >= 4) {
    const magic = bytes.readUInt32BE(0);
    if (magic === 0xfeedfeed) return 'JKS';
    if (magic === 0xcececece) return 'JCEKS';
  }
  if (
    bytes
      .subarray(0, 64 * 1024)
      .toString('latin1')
      .includes('-----BEGIN ')
  )
    return 'PEM';
  if (bytes[0] === 0x30) {
    try {
      new (crypto().X509Certificate)(bytes);
      return 'DER';
    } catch {
      return 'PKCS12';
    }
  }
  return 'unknown';
}

export interface PemBlock {
  readonly label: string;
  readonly pem: string;
}

/**
 * Properties-file continuations join an inline PEM's lines with spaces, which Java accepts and OpenSSL does not,
 * so bodies are re-wrapped; blocks with RFC 1421 headers are kept as written.
 */
export function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (const { label, body, whole } of pemSpans(text)) {
    if (/^[ \t]*[A-Za-z-]+:/m.test(body)) {
      blocks.push({ label, pem: `${whole.trim()}\n` });
      continue;
    }
    const base64 = body.replace(/\s+/g, '');
    const lines = base64.match(/.{1,64}/g) ?? [];
    blocks.push({ label, pem: `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n` });
  }
  return blocks;
}

/** One pass per kind of marker: one expression with a back-reference was quadratic on a file of BEGIN lines. */
function* pemSpans(text: string): Generator<{ label: string; body: string; whole: string }> {
  const ends = new Map<string, number[]>();
  for (const end of text.matchAll(/-----END ([A-Z0-9 ]{1,64})-----/g)) {
    const label = end[1] ?? '';
    const list = ends.get(label);
    if (list) list.push(end.index);
    else ends.set(label, [end.index]);
  }
  const next = new Map<string, number>();
  let from = 0;
  for (const begin of text.matchAll(/-----BEGIN ([A-Z0-9 ]{1,64})-----/g)) {
    if (begin.index < from) continue;
    const label = begin[1] ?? '';
    const at = ends.get(label) ?? [];
    const bodyStart = begin.index + begin[0].length;
    let i = next.get(label) ?? 0;
    while (i < at.length && (at[i] as number) < bodyStart) i++;
    next.set(label, i);
    const end = at[i];
    if (end === undefined) continue;
    const stop = end + `-----END ${label}-----`.length;
    yield { label, body: text.slice(bodyStart, end), whole: text.slice(begin.index, stop) };
    from = stop;
  }
}

const isKeyLabel = (label: string): boolean => /(^|\s)PRIVATE KEY$/.test(label);
const isCertLabel = (label: string): boolean =>
  label === 'CERTIFICATE' || label === 'TRUSTED CERTIFICATE' || label === 'X509 CERTIFICATE';

function readBytes(path: string, origin: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a directory'
            : (err as Error).message;
    throw new SettingsError(`cannot read ${origin} '${path}': ${why}`);
  }
}

function certificatesFromPem(text: string, origin: string): Buffer[] {
  const certs = pemBlocks(text).filter((block) => isCertLabel(block.label));
  if (certs.length === 0) {
    throw new SettingsError(`${origin} contains no PEM certificate (no '-----BEGIN CERTIFICATE-----' block)`, {
      hint: 'give a PEM file with one or more CA certificates',
    });
  }
  return certs.map((block, index) => {
    try {
      new (crypto().X509Certificate)(block.pem);
    } catch (err) {
      throw new SettingsError(
        `${origin}: certificate ${index + 1} is not a valid X.509 certificate (${(err as Error).message})`,
      );
    }
    return Buffer.from(block.pem);
  });
}

function truststoreConversionHint(path: string, format: StoreFormat): string {
  if (format === 'JKS' || format === 'JCEKS') {
    return (
      `convert it to PEM: keytool -exportcert -rfc -keystore ${path} -storetype ${format} -alias <alias> ` +
      `-file ca.pem ` +
      (`(keytool -list -keystore ${path} shows the aliases), then use --tls-ca ca.pem, or ` +
        `ssl.truststore.type=PEM and ssl.truststore.location=ca.pem`)
    );
  }
  return (
    `convert it to PEM: openssl pkcs12 -in ${path} -nokeys -out ca.pem ` +
    `(or keytool -exportcert -rfc -keystore ${path} -storetype PKCS12 -alias <alias> -file ca.pem), ` +
    'then use --tls-ca ca.pem, or ssl.truststore.type=PEM and ssl.truststore.location=ca.pem'
  );
}

export function readCaFile(path: string, origin: string): Buffer[] {
  const bytes = readBytes(path, origin);
  const format = sniffStoreFormat(bytes);
  switch (format) {
    case 'PEM':
      return certificatesFromPem(bytes.toString('utf8'), `${origin} '${path}'`);
    case 'DER':
      return [Buffer.from(new (crypto().X509Certificate)(bytes).toString())];
    case 'PKCS12':
    case 'JKS':
    case 'JCEKS':
      throw new SettingsError(
        `${origin} '${path}' is a ${format} trust store, which Node.js cannot read as CA certificates`,
        {
          hint: truststoreConversionHint(path, format),
        },
      );
    default:
      throw new SettingsError(`${origin} '${path}' is not a PEM or DER certificate file`, {
        hint: 'give the CA certificate(s) in PEM form (-----BEGIN CERTIFICATE-----)',
      });
  }
}

export function caFromInlinePem(text: string, origin: string): Buffer[] {
  return certificatesFromPem(text, origin);
}

export interface ClientIdentity {
  readonly cert?: Buffer;
  readonly key?: Buffer;
  readonly pfx?: Buffer;
  readonly passphrase?: string;
}

function keystoreConversionHint(path: string, format: StoreFormat): string {
  return (
    `convert it to PKCS12: keytool -importkeystore -srckeystore ${path} -srcstoretype ${format} ` +
    ('-destkeystore keystore.p12 -deststoretype PKCS12, then set ssl.keystore.location=keystore.p12 and ' +
      'ssl.keystore.type=PKCS12')
  );
}

function pfxProblem(err: unknown, origin: string, passphraseSource: string): SettingsError {
  const message = (err as Error).message ?? String(err);
  if (/mac verify failure/i.test(message)) {
    return new SettingsError(`${origin}: wrong password (PKCS12 integrity check failed)`, {
      hint: `check ${passphraseSource}`,
    });
  }
  if (/unsupported pkcs12/i.test(message) || (err as { code?: unknown }).code === 'ERR_CRYPTO_UNSUPPORTED_OPERATION') {
    return new SettingsError(
      `${origin}: the PKCS12 file uses legacy encryption (RC2/3DES) that OpenSSL 3 no longer reads`,
      {
        hint:
          're-encrypt it: openssl pkcs12 -legacy -in old.p12 -nodes -out tmp.pem && openssl pkcs12 -export ' +
          '-in tmp.pem -out new.p12 (then delete tmp.pem), or export it again with a current keytool',
      },
    );
  }
  if (/private key/i.test(message)) {
    return new SettingsError(
      `${origin}: the PKCS12 file holds no private key (it looks like a trust store, not a key store)`,
      {
        hint:
          'a key store needs the client certificate and its private key; CA certificates go in the trust ' +
          'store (--tls-ca or ssl.truststore.*)',
      },
    );
  }
  return new SettingsError(`${origin}: cannot load the PKCS12 key store (${message})`);
}

export function checkPfx(pfx: Buffer, passphrase: string | undefined, origin: string, passphraseSource: string): void {
  try {
    tls().createSecureContext({ pfx, passphrase });
  } catch (err) {
    throw pfxProblem(err, origin, passphraseSource);
  }
}

export function checkKeyPair(
  cert: Buffer,
  key: Buffer,
  passphrase: string | undefined,
  origin: string,
  passphraseSource: string,
): void {
  try {
    crypto().createPrivateKey({ key, passphrase, format: 'pem' });
  } catch (err) {
    const message = (err as Error).message;
    const encrypted = /ENCRYPTED/.test(key.toString('latin1'));
    if (encrypted && passphrase === undefined) {
      throw new SettingsError(`${origin}: the private key is encrypted and no password was given`, {
        hint: `set ${passphraseSource}`,
      });
    }
    if (encrypted || /bad decrypt|passphrase/i.test(message)) {
      throw new SettingsError(`${origin}: cannot decrypt the private key (wrong password?)`, {
        hint: `check ${passphraseSource}`,
      });
    }
    throw new SettingsError(`${origin}: the private key is not valid PEM (${message})`);
  }
  try {
    tls().createSecureContext({ cert, key, passphrase });
  } catch (err) {
    const message = (err as Error).message;
    if (/key values mismatch/i.test(message)) {
      throw new SettingsError(`${origin}: the private key does not belong to the certificate`, {
        hint:
          'give the key that was generated with this certificate (the first certificate in the chain is ' +
          'the client certificate)',
      });
    }
    throw new SettingsError(`${origin}: cannot use the certificate and key (${message})`);
  }
}

export function readClientKeystore(
  path: string,
  origin: string,
  options: { keyPath?: string; keyOrigin?: string; passphrase?: string; passphraseSource: string },
): ClientIdentity {
  const bytes = readBytes(path, origin);
  const format = sniffStoreFormat(bytes);
  switch (format) {
    case 'PKCS12': {
      if (options.keyPath !== undefined) {
        throw new SettingsError(
          `${origin} '${path}' is a PKCS12 key store, which already contains the key; do not also give a separate key`,
        );
      }
      checkPfx(bytes, options.passphrase, `${origin} '${path}'`, options.passphraseSource);
      return { pfx: bytes, passphrase: options.passphrase };
    }
    case 'JKS':
    case 'JCEKS':
      throw new SettingsError(`${origin} '${path}' is a ${format} key store, which Node.js cannot read`, {
        hint: keystoreConversionHint(path, format),
      });
    case 'PEM':
    case 'DER': {
      const text = format === 'DER' ? new (crypto().X509Certificate)(bytes).toString() : bytes.toString('utf8');
      const blocks = pemBlocks(text);
      const certs = blocks.filter((block) => isCertLabel(block.label));
      if (certs.length === 0) throw new SettingsError(`${origin} '${path}' contains no certificate`);
      let keyPem: string | undefined;
      let keyWhere = `${origin} '${path}'`;
      if (options.keyPath !== undefined) {
        keyWhere = `${options.keyOrigin ?? 'key file'} '${options.keyPath}'`;
        const keyBlocks = pemBlocks(
          readBytes(options.keyPath, options.keyOrigin ?? 'key file').toString('utf8'),
        ).filter((block) => isKeyLabel(block.label));
        if (keyBlocks.length === 0) throw new SettingsError(`${keyWhere} contains no PEM private key`);
        keyPem = keyBlocks[0]?.pem;
      } else {
        keyPem = blocks.find((block) => isKeyLabel(block.label))?.pem;
        if (keyPem === undefined) {
          throw new SettingsError(`${origin} '${path}' has a certificate but no private key`, {
            hint: 'give the private key as well (--tls-key, or put the key in the same PEM file)',
          });
        }
      }
      const cert = Buffer.from(certs.map((block) => block.pem).join(''));
      const key = Buffer.from(keyPem ?? '');
      checkKeyPair(cert, key, options.passphrase, keyWhere, options.passphraseSource);
      return { cert, key, passphrase: options.passphrase };
    }
    default:
      throw new SettingsError(`${origin} '${path}' is neither PEM nor PKCS12`, {
        hint: 'give the client certificate and key in PEM, or a PKCS12 (.p12) key store',
      });
  }
}

export function clientIdentityFromInlinePem(
  chain: string,
  keyText: string,
  passphrase: string | undefined,
  origin: string,
  passphraseSource: string,
): ClientIdentity {
  const certs = pemBlocks(chain).filter((block) => isCertLabel(block.label));
  if (certs.length === 0)
    throw new SettingsError(`${origin}: ssl.keystore.certificate.chain contains no PEM certificate`);
  const keys = pemBlocks(keyText).filter((block) => isKeyLabel(block.label));
  if (keys.length === 0) throw new SettingsError(`${origin}: ssl.keystore.key contains no PEM private key`);
  const cert = Buffer.from(certs.map((block) => block.pem).join(''));
  const key = Buffer.from(keys[0]?.pem ?? '');
  checkKeyPair(cert, key, passphrase, origin, passphraseSource);
  return { cert, key, passphrase };
}
