// A throwaway CA for TLS listeners, made with `openssl` at start so no key material is committed; EC P-256
// keeps generation fast and every client kmirror is judged by accepts it.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TlsMaterial {
  readonly dir: string;
  readonly caPath: string;
  readonly caPem: string;
  readonly serverCertPath: string;
  readonly serverKeyPath: string;
  readonly serverCertPem: string;
  readonly serverKeyPem: string;
  readonly client?: {
    readonly certPath: string;
    readonly keyPath: string;
    readonly certPem: string;
    readonly keyPem: string;
    /** The subject's CN, so tests know the principal Kafka derives (`User:CN=<cn>`). */
    readonly commonName: string;
  };
  dispose(): Promise<void>;
}

export interface TlsMaterialOptions {
  readonly clientCertificate?: boolean;
  readonly clientCommonName?: string;
  readonly opensslPath?: string;
}

const DAYS = '7';
const CURVE = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function serial(): string {
  return `0x${Date.now().toString(16)}${Math.floor(Math.random() * 0xffff).toString(16)}`;
}

export async function createTlsMaterial(options: TlsMaterialOptions = {}): Promise<TlsMaterial> {
  const openssl = options.opensslPath ?? 'openssl';
  const dir = await mkdtemp(join(tmpdir(), 'kmirror-tls-'));
  const path = (name: string): string => join(dir, name);
  const ssl = async (args: string[]): Promise<void> => {
    try {
      await run(openssl, args, { cwd: dir });
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      throw new Error(`openssl ${args[0] ?? ''} failed while making emulator TLS certificates: ${detail}`);
    }
  };

  try {
    await ssl([
      'req',
      '-x509',
      ...CURVE,
      '-keyout',
      path('ca.key'),
      '-out',
      path('ca.pem'),
      '-days',
      DAYS,
      '-subj',
      '/CN=kmirror emulator CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);

    const sign = async (name: string, subject: string, extensions: string): Promise<void> => {
      await writeFile(path(`${name}.ext`), extensions);
      await ssl([
        'req',
        '-new',
        ...CURVE,
        '-keyout',
        path(`${name}.key`),
        '-out',
        path(`${name}.csr`),
        '-subj',
        subject,
      ]);
      await ssl([
        'x509',
        '-req',
        '-in',
        path(`${name}.csr`),
        '-CA',
        path('ca.pem'),
        '-CAkey',
        path('ca.key'),
        '-set_serial',
        serial(),
        '-days',
        DAYS,
        '-sha256',
        '-extfile',
        path(`${name}.ext`),
        '-out',
        path(`${name}.pem`),
      ]);
    };

    await sign(
      'server',
      '/CN=localhost',
      [
        'basicConstraints=CA:FALSE',
        'keyUsage=critical,digitalSignature,keyEncipherment',
        'extendedKeyUsage=serverAuth',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        'authorityKeyIdentifier=keyid,issuer',
        '',
      ].join('\n'),
    );

    let client: TlsMaterial['client'];
    if (options.clientCertificate) {
      const commonName = options.clientCommonName ?? 'kmirror-client';
      await sign(
        'client',
        `/CN=${commonName}`,
        [
          'basicConstraints=CA:FALSE',
          'keyUsage=critical,digitalSignature',
          'extendedKeyUsage=clientAuth',
          'authorityKeyIdentifier=keyid,issuer',
          '',
        ].join('\n'),
      );
      client = {
        certPath: path('client.pem'),
        keyPath: path('client.key'),
        certPem: await readFile(path('client.pem'), 'utf8'),
        keyPem: await readFile(path('client.key'), 'utf8'),
        commonName,
      };
    }

    return {
      dir,
      caPath: path('ca.pem'),
      caPem: await readFile(path('ca.pem'), 'utf8'),
      serverCertPath: path('server.pem'),
      serverKeyPath: path('server.key'),
      serverCertPem: await readFile(path('server.pem'), 'utf8'),
      serverKeyPem: await readFile(path('server.key'), 'utf8'),
      ...(client ? { client } : {}),
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
