import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Parser } from '@oclif/core';
import {
  type ConnectionFlagValues,
  type ResolveConnectionOptions,
  parseBootstrapServers,
  resolveConnectionConfig,
} from '../../../src/lib/connection/connection-config.js';
import { SettingsError } from '../../../src/lib/connection/errors.js';
import { baseFlags } from '../../../src/lib/cli/flags/flags.js';
import { clearRegisteredSecrets, redactText } from '../../../src/lib/connection/redact.js';
import { joinedRegex } from '../../helpers/joined-regex.js';

const dir = mkdtempSync(join(tmpdir(), 'kmirror-conn-'));
after(() => {
  rmSync(dir, { recursive: true, force: true });
  clearRegisteredSecrets();
});

let counter = 0;
function file(content: string | Buffer, name = `f${counter++}.properties`): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function resolve(flags: ConnectionFlagValues, options: ResolveConnectionOptions = {}) {
  const warnings: string[] = [];
  const config = await resolveConnectionConfig(flags, { env: {}, warn: (m) => warnings.push(m), ...options });
  return { config, warnings };
}

async function usageError(promise: Promise<unknown>, message: RegExp, hint?: RegExp): Promise<SettingsError> {
  const err = await promise.then(
    () => assert.fail('expected a SettingsError'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof SettingsError, `expected SettingsError, got ${String(err)}`);
  assert.match(err.message, message);
  if (hint) assert.match(err.hint ?? '', hint);
  return err;
}

const PLAIN = 'org.apache.kafka.common.security.plain.PlainLoginModule';
const SCRAM = 'org.apache.kafka.common.security.scram.ScramLoginModule';

describe('bootstrap servers', () => {
  it('parses host:port lists', () => {
    assert.deepEqual(parseBootstrapServers(' b1:9092, b2.example.com:19092 ,', '-b'), [
      'b1:9092',
      'b2.example.com:19092',
    ]);
    assert.deepEqual(parseBootstrapServers('[::1]:9092,SASL_SSL://b3:9094', '-b'), ['[::1]:9092', 'b3:9094']);
  });

  it('refuses what is not host:port', () => {
    assert.throws(() => parseBootstrapServers('b1', '-b'), /'b1' is not host:port/);
    assert.throws(
      () => parseBootstrapServers('::1:9092', '-b'),
      (e: unknown) => e instanceof SettingsError && /brackets/.test(e.hint ?? ''),
    );
    assert.throws(() => parseBootstrapServers('b1:70000', '-b'), /out of range/);
    assert.throws(() => parseBootstrapServers(' , ', '-b'), /empty/);
  });

  it('takes the flag over the file, and the file when there is no flag', async () => {
    const props = file('bootstrap.servers=from-file:9092\n');
    assert.deepEqual((await resolve({ commandConfig: props })).config.bootstrap, ['from-file:9092']);
    assert.deepEqual((await resolve({ commandConfig: props, bootstrapServer: 'from-flag:9092' })).config.bootstrap, [
      'from-flag:9092',
    ]);
  });

  it('fails before anything else when no bootstrap server is known', async () => {
    await usageError(resolve({}), /no bootstrap server/, /-b host:port.*KMIRROR_BOOTSTRAP_SERVER/);
  });

  it('defaults the client id and reads client.id', async () => {
    assert.equal((await resolve({ bootstrapServer: 'b:1' })).config.clientId, 'kmirror');
    assert.equal(
      (await resolve({ commandConfig: file('bootstrap.servers=b:1\nclient.id=ops\n') })).config.clientId,
      'ops',
    );
  });
});

describe('precedence flag > env > file (through the real flag parser)', () => {
  const saved = { ...process.env };
  after(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  async function parsed(argv: string[]): Promise<ConnectionFlagValues> {
    const { flags } = await Parser.parse(argv, { flags: baseFlags, strict: true });
    return {
      bootstrapServer: flags['bootstrap-server'],
      commandConfig: flags['command-config'],
      saslMechanism: flags['sasl-mechanism'],
      saslUsername: flags['sasl-username'],
      tls: flags.tls,
    };
  }

  it('applies each source in order', async () => {
    const props = file(
      'bootstrap.servers=file:9092\nsecurity.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n' +
        `sasl.jaas.config=${PLAIN} required username="file-user" password="file-pass";\n`,
    );
    delete process.env.KMIRROR_BOOTSTRAP_SERVER;
    delete process.env.KMIRROR_SASL_USERNAME;

    let { config } = await resolve(await parsed(['--command-config', props]));
    assert.deepEqual(config.bootstrap, ['file:9092']);
    assert.equal(config.sasl?.username, 'file-user');

    process.env.KMIRROR_BOOTSTRAP_SERVER = 'env:9092';
    process.env.KMIRROR_SASL_USERNAME = 'env-user';
    ({ config } = await resolve(await parsed(['--command-config', props])));
    assert.deepEqual(config.bootstrap, ['env:9092']);
    assert.equal(config.sasl?.username, 'env-user');

    ({ config } = await resolve(
      await parsed(['--command-config', props, '-b', 'flag:9092', '--sasl-username', 'flag-user']),
    ));
    assert.deepEqual(config.bootstrap, ['flag:9092']);
    assert.equal(config.sasl?.username, 'flag-user');
  });

  it(
    'takes the password from stdin, then a --command-config named on the command line, then ' +
      'KMIRROR_SASL_PASSWORD, then a KMIRROR_COMMAND_CONFIG file',
    async () => {
      const props = file(
        'bootstrap.servers=b:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-256\n' +
          `sasl.jaas.config=${SCRAM} required username="u" password="file-pass";\n`,
      );
      const flags: ConnectionFlagValues = { commandConfig: props, tls: false };
      assert.equal((await resolve(flags)).config.sasl?.password, 'file-pass');
      assert.equal(
        (await resolve(flags, { env: { KMIRROR_SASL_PASSWORD: 'env-pass' } })).config.sasl?.password,
        'file-pass',
        'the file was named on the command line: it is above the environment',
      );
      assert.equal(
        (await resolve(flags, { env: { KMIRROR_SASL_PASSWORD: 'env-pass' }, fromEnv: new Set(['commandConfig']) }))
          .config.sasl?.password,
        'env-pass',
        'the file came from KMIRROR_COMMAND_CONFIG: the other variables are above it',
      );
      const fromStdin = await resolve(
        { ...flags, saslPasswordStdin: true },
        { env: { KMIRROR_SASL_PASSWORD: 'env-pass' }, readPasswordLine: async () => 'stdin-pass' },
      );
      assert.equal(fromStdin.config.sasl?.password, 'stdin-pass');
      assert.equal(fromStdin.config.sasl?.mechanism, 'scram-sha-256');
    },
  );
});

describe('SASL', () => {
  it('reads PLAIN and SCRAM credentials from sasl.jaas.config', async () => {
    const plain = file(
      'bootstrap.servers=b:9092\nsecurity.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n' +
        `sasl.jaas.config=${PLAIN} required \\\n  username="alice" \\\n  password="alice-secret";\n`,
    );
    const { config } = await resolve({ commandConfig: plain });
    assert.deepEqual(config.sasl, { mechanism: 'plain', username: 'alice', password: 'alice-secret' });
    assert.equal(config.tls, undefined);
    const scram = file(
      'bootstrap.servers=b:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=scram-sha-512\n' +
        `sasl.jaas.config=${SCRAM} required username="bob" password="b\\\\\\"x";\n`,
    );
    const result = await resolve({ commandConfig: scram });
    // Two unescaping layers: properties turns \\\" into \", JAAS turns that into ".
    assert.deepEqual(result.config.sasl, { mechanism: 'scram-sha-512', username: 'bob', password: 'b"x' });
    assert.equal(result.config.tls?.rejectUnauthorized, true);
    assert.equal(result.config.tls?.checkServerIdentity, true);
  });

  it('registers the password so it is masked everywhere afterwards', async () => {
    await resolve(
      { bootstrapServer: 'b:1', saslMechanism: 'plain', saslUsername: 'u' },
      { env: { KMIRROR_SASL_PASSWORD: 'zebra-horse-91' } },
    );
    assert.doesNotMatch(redactText('echo: zebra-horse-91'), /zebra/);
  });

  it('works from flags and env alone', async () => {
    const { config } = await resolve(
      { bootstrapServer: 'b:1', saslMechanism: 'SCRAM-SHA-256', saslUsername: 'u' },
      { env: { KMIRROR_SASL_PASSWORD: 'p' } },
    );
    assert.deepEqual(config.sasl, { mechanism: 'scram-sha-256', username: 'u', password: 'p' });
  });

  it('refuses a SASL protocol without sasl.mechanism (Kafka would use GSSAPI)', async () => {
    await usageError(
      resolve({ commandConfig: file('bootstrap.servers=b:1\nsecurity.protocol=SASL_SSL\n') }),
      /GSSAPI/,
      /sasl\.mechanism=PLAIN/,
    );
  });

  it('refuses GSSAPI, unknown mechanisms and Kerberos login modules', async () => {
    await usageError(
      resolve({ bootstrapServer: 'b:1', saslMechanism: 'gssapi' }),
      /GSSAPI \(Kerberos\) is not supported/,
    );
    await usageError(resolve({ bootstrapServer: 'b:1', saslMechanism: 'digest' }), /unknown SASL mechanism 'digest'/);
    const krb = file(
      'bootstrap.servers=b:1\nsecurity.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n' +
        'sasl.jaas.config=com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true;\n',
    );
    await usageError(resolve({ commandConfig: krb }), /Kerberos/);
  });

  it('refuses a login module that does not match the mechanism', async () => {
    const props = file(
      'bootstrap.servers=b:1\nsecurity.protocol=SASL_PLAINTEXT\nsasl.mechanism=SCRAM-SHA-256\n' +
        `sasl.jaas.config=${PLAIN} required username="u" password="p";\n`,
    );
    await usageError(
      resolve({ commandConfig: props }),
      /does not match SASL mechanism SCRAM-SHA-256/,
      /ScramLoginModule/,
    );
  });

  it('reports JAAS syntax errors with file and line, without the password', async () => {
    const props = file(
      'bootstrap.servers=b:1\nsecurity.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n' +
        `sasl.jaas.config=${PLAIN} required username="u" password="hunter22"\n`,
    );
    const err = await usageError(
      resolve({ commandConfig: props }),
      /line 4: sasl\.jaas\.config: .*must end with ';'/,
      /PlainLoginModule required username=/,
    );
    assert.doesNotMatch(err.message, /hunter22/);
  });

  it('asks for what is missing', async () => {
    await usageError(resolve({ bootstrapServer: 'b:1', saslUsername: 'u' }), /without a mechanism/, /--sasl-mechanism/);
    await usageError(
      resolve({ bootstrapServer: 'b:1', saslMechanism: 'plain' }),
      /needs a user name/,
      /--sasl-username/,
    );
    await usageError(
      resolve({ bootstrapServer: 'b:1', saslMechanism: 'plain', saslUsername: 'u' }),
      /needs a password/,
      /--sasl-password-stdin.*KMIRROR_SASL_PASSWORD/,
    );
    await usageError(
      resolve(
        { bootstrapServer: 'b:1', saslMechanism: 'plain', saslUsername: 'u', saslPasswordStdin: true },
        { readPasswordLine: async () => '' },
      ),
      /empty password/,
    );
  });

  it('validates everything before reading stdin', async () => {
    let read = false;
    await usageError(
      resolve(
        { bootstrapServer: 'b:1', saslMechanism: 'plain', saslPasswordStdin: true, tlsCa: '/nonexistent/ca.pem' },
        { readPasswordLine: async () => ((read = true), 'x') },
      ),
      /needs a user name|--tls-ca/,
    );
    assert.equal(read, false);
  });

  it('refuses OAUTHBEARER without a token, and takes one from a file or env', async () => {
    const props = file(
      'bootstrap.servers=b:1\nsecurity.protocol=SASL_SSL\nsasl.mechanism=OAUTHBEARER\n' +
        'sasl.jaas.config=org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;\n' +
        'sasl.login.callback.handler.class=' +
        'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler\n' +
        'sasl.oauthbearer.token.endpoint.url=https://idp/token\n',
    );
    await usageError(
      resolve({ commandConfig: props }),
      /OAUTHBEARER needs a token.*does not fetch tokens/,
      /--sasl-oauth-token-file/,
    );
    const token = file('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1In0.\n', 'token.jwt');
    const { config, warnings } = await resolve({ commandConfig: props, saslOauthTokenFile: token });
    assert.deepEqual(config.sasl, { mechanism: 'oauthbearer', oauthToken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1In0.' });
    assert.deepEqual(warnings, []);
    assert.equal(
      (await resolve({ commandConfig: props }, { env: { KMIRROR_SASL_OAUTH_TOKEN: 'eyJhbGciOiJub25lIn0.e30.' } }))
        .config.sasl?.oauthToken,
      'eyJhbGciOiJub25lIn0.e30.',
    );
    // Not a JWT: refused before connecting, as an authentication failure (exit 5), naming where it came from.
    await assert.rejects(
      resolve({ commandConfig: props }, { env: { KMIRROR_SASL_OAUTH_TOKEN: 'not-a-jwt' } }),
      (err: Error) =>
        err.constructor.name === 'CredentialsError' &&
        /token from KMIRROR_SASL_OAUTH_TOKEN is not a JWT/.test(err.message),
    );
    await usageError(resolve({ commandConfig: props, saslUsername: 'u' }), /do not apply to OAUTHBEARER/);
  });

  it('warns when sasl.* is set but the protocol does not use it', async () => {
    const { config, warnings } = await resolve({
      commandConfig: file('bootstrap.servers=b:1\nsasl.mechanism=PLAIN\n'),
    });
    assert.equal(config.sasl, undefined);
    assert.match(warnings.join('\n'), /sasl\.\* settings are ignored because security\.protocol is PLAINTEXT/);
  });
});

describe('properties file keys', () => {
  it('ignores irrelevant client settings, warns on unknown ones with a suggestion', async () => {
    const props = file(
      'bootstrap.servers=b:1\ngroup.id=g\nrequest.timeout.ms=5000\nsasl.login.refresh.window.factor=0.8\n' +
        'bootstrap.server=x:1\nmirror.topics.include=.*\nfrobnicate=1\n',
    );
    const { warnings } = await resolve({ commandConfig: props });
    assert.equal(warnings.length, 3);
    assert.match(
      warnings[0] ?? '',
      /line 5: unknown key 'bootstrap\.server' ignored \(did you mean 'bootstrap\.servers'\?\)/,
    );
    assert.match(warnings[1] ?? '', /'mirror\.topics\.include' is a mirror setting/);
    assert.match(warnings[2] ?? '', /unknown key 'frobnicate' ignored$/);
  });

  it('refuses an unknown security.protocol', async () => {
    await usageError(
      resolve({ commandConfig: file('bootstrap.servers=b:1\nsecurity.protocol=TLS\n') }),
      /line 2: unknown security\.protocol 'TLS'/,
      /SASL_SSL/,
    );
  });

  it('resolves file and env config providers', async () => {
    const secrets = file('db.password=from-provider\n', 'secrets.properties');
    const props = file(
      'config.providers=file,env\n' +
        'config.providers.file.class=org.apache.kafka.common.config.provider.FileConfigProvider\n' +
        'config.providers.env.class=org.apache.kafka.common.config.provider.EnvVarConfigProvider\n' +
        'bootstrap.servers=${env:KAFKA_BROKERS}\nsecurity.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n' +
        `sasl.jaas.config=${PLAIN} required username="u" password="\${file:${secrets}:db.password}";\n`,
    );
    const { config } = await resolve({ commandConfig: props }, { env: { KAFKA_BROKERS: 'p1:9092' } });
    assert.deepEqual(config.bootstrap, ['p1:9092']);
    assert.equal(config.sasl?.password, 'from-provider');
    await usageError(resolve({ commandConfig: props }, { env: {} }), /KAFKA_BROKERS is not set/);
  });

  it('names the file when it cannot be read', async () => {
    await usageError(
      resolve({ commandConfig: join(dir, 'missing.properties') }),
      /cannot read --command-config file .*missing\.properties.*no such file/,
    );
  });
});

const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
const hasKeytool = spawnSync('keytool', ['-help']).status === 0;

describe('TLS', { skip: hasOpenssl ? false : 'openssl is not installed' }, () => {
  const pki = join(dir, 'pki');
  const p = (name: string) => join(pki, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: pki, stdio: 'pipe' });

  before(() => {
    execFileSync('mkdir', ['-p', pki]);
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    ssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=kmirror-test-ca');
    ssl('req', ...ec, '-keyout', 'client.key', '-out', 'client.csr', '-subj', '/CN=client');
    ssl(
      'x509',
      '-req',
      '-in',
      'client.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'client.pem',
      '-days',
      '2',
    );
    ssl('req', ...ec, '-keyout', 'other.key', '-out', 'other.csr', '-subj', '/CN=other');
    ssl('pkcs8', '-topk8', '-in', 'client.key', '-out', 'client-enc.key', '-passout', 'pass:key-pass-1');
    ssl(
      'pkcs12',
      '-export',
      '-in',
      'client.pem',
      '-inkey',
      'client.key',
      '-out',
      'client.p12',
      '-passout',
      'pass:store-pass-1',
    );
    ssl('pkcs12', '-export', '-nokeys', '-in', 'ca.pem', '-out', 'trust.p12', '-passout', 'pass:store-pass-1');
    writeFileSync(
      p('client-bundle.pem'),
      readFileSync(p('client.pem'), 'utf8') + readFileSync(p('client.key'), 'utf8'),
    );
    // A JKS file only needs its magic number for kmirror to recognise (and refuse) it.
    writeFileSync(p('fake.jks'), Buffer.from([0xfe, 0xed, 0xfe, 0xed, 0, 0, 0, 2, 0, 0, 0, 0]));
    if (hasKeytool) {
      execFileSync(
        'keytool',
        [
          '-importcert',
          '-noprompt',
          '-alias',
          'ca',
          '-file',
          p('ca.pem'),
          '-keystore',
          p('trust.jks'),
          '-storetype',
          'JKS',
          '-storepass',
          'changeit',
        ],
        { stdio: 'pipe' },
      );
    }
  });

  it('reads --tls-ca and turns TLS on', async () => {
    const { config } = await resolve({ bootstrapServer: 'b:9093', tlsCa: p('ca.pem') });
    assert.equal(config.tls?.ca?.length, 1);
    assert.match(config.tls?.ca?.[0]?.toString() ?? '', /^-----BEGIN CERTIFICATE-----\n/);
    assert.equal(config.tls?.rejectUnauthorized, true);
    assert.equal(config.tls?.checkServerIdentity, true);
  });

  it('reads an inline ssl.truststore.certificates written with continuation lines', async () => {
    const pemLines = readFileSync(p('ca.pem'), 'utf8').trim().split('\n');
    const props = file(
      'bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.truststore.type=PEM\n' +
        `ssl.truststore.certificates=${pemLines.join(' \\\n  ')}\n`,
    );
    const { config } = await resolve({ commandConfig: props });
    assert.equal(config.tls?.ca?.length, 1);
    assert.equal(config.tls?.ca?.[0]?.toString().trim(), readFileSync(p('ca.pem'), 'utf8').trim());
  });

  it('reads a PEM trust store location', async () => {
    const props = file(
      `bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.truststore.type=PEM\nssl.truststore.location=${p('ca.pem')}\n`,
    );
    assert.equal((await resolve({ commandConfig: props })).config.tls?.ca?.length, 1);
  });

  it('refuses a PKCS12 trust store with the openssl conversion command', async () => {
    const props = file(
      'bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.truststore.type=PKCS12\n' +
        `ssl.truststore.location=${p('trust.p12')}\nssl.truststore.password=store-pass-1\n`,
    );
    await usageError(
      resolve({ commandConfig: props }),
      /ssl\.truststore\.location '.*trust\.p12' is a PKCS12 trust store, which Node\.js cannot read/,
      new RegExp(`openssl pkcs12 -in ${p('trust.p12').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} -nokeys -out ca\\.pem`),
    );
    await usageError(
      resolve({ bootstrapServer: 'b:1', tlsCa: p('trust.p12') }),
      /--tls-ca '.*trust\.p12' is a PKCS12 trust store/,
      /keytool -exportcert -rfc/,
    );
  });

  it('refuses a JKS trust store with the keytool conversion command', async () => {
    const props = file(
      `bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.truststore.location=${p('fake.jks')}\n` +
        'ssl.truststore.password=changeit\n',
    );
    await usageError(
      resolve({ commandConfig: props }),
      /is a JKS trust store/,
      /keytool -exportcert -rfc -keystore .*fake\.jks -storetype JKS/,
    );
  });

  it('refuses a keytool-made JKS trust store', { skip: hasKeytool ? false : 'keytool is not installed' }, async () => {
    const props = file(`bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.truststore.location=${p('trust.jks')}\n`);
    await usageError(resolve({ commandConfig: props }), /trust\.jks' is a JKS trust store/, /keytool/);
  });

  it('refuses a JKS key store with the keytool -importkeystore command', async () => {
    const props = file(
      `bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.keystore.location=${p('fake.jks')}\n` +
        'ssl.keystore.password=changeit\n',
    );
    await usageError(
      resolve({ commandConfig: props }),
      /is a JKS key store, which Node\.js cannot read/,
      joinedRegex([
        /keytool -importkeystore -srckeystore .*fake\.jks -srcstoretype JKS -destkeystore keystore\.p12 /,
        /-deststoretype PKCS12/,
      ]),
    );
  });

  it('reads a PKCS12 key store as pfx and checks its password', async () => {
    const props = (password: string) =>
      file(
        'bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.keystore.type=PKCS12\n' +
          `ssl.keystore.location=${p('client.p12')}\nssl.keystore.password=${password}\nssl.truststore.type=PEM\n` +
          `ssl.truststore.location=${p('ca.pem')}\n`,
      );
    const { config } = await resolve({ commandConfig: props('store-pass-1') });
    assert.ok(config.tls?.pfx && config.tls.pfx.length > 0);
    assert.equal(config.tls?.passphrase, 'store-pass-1');
    assert.equal(config.tls?.cert, undefined);
    await usageError(resolve({ commandConfig: props('wrong') }), /wrong password/, /ssl\.keystore\.password/);
  });

  it('refuses a certificates-only PKCS12 used as a key store', async () => {
    await usageError(
      resolve(
        { bootstrapServer: 'b:1', tlsCert: p('trust.p12') },
        { env: { KMIRROR_TLS_KEY_PASSWORD: 'store-pass-1' } },
      ),
      /holds no private key/,
    );
  });

  it('reads PEM key stores: one file, inline, and --tls-cert/--tls-key', async () => {
    const bundle = file(
      'bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.keystore.type=PEM\n' +
        `ssl.keystore.location=${p('client-bundle.pem')}\n`,
    );
    let { config } = await resolve({ commandConfig: bundle });
    assert.match(config.tls?.cert?.toString() ?? '', /BEGIN CERTIFICATE/);
    assert.match(config.tls?.key?.toString() ?? '', /BEGIN PRIVATE KEY/);

    const chain = readFileSync(p('client.pem'), 'utf8').trim().split('\n').join(' \\\n ');
    const key = readFileSync(p('client-enc.key'), 'utf8').trim().split('\n').join(' \\\n ');
    const inline = file(
      'bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.keystore.type=PEM\n' +
        `ssl.keystore.certificate.chain=${chain}\nssl.keystore.key=${key}\nssl.key.password=key-pass-1\n`,
    );
    ({ config } = await resolve({ commandConfig: inline }));
    assert.match(config.tls?.key?.toString() ?? '', /BEGIN ENCRYPTED PRIVATE KEY/);
    assert.equal(config.tls?.passphrase, 'key-pass-1');

    ({ config } = await resolve(
      { bootstrapServer: 'b:1', tlsCert: p('client.pem'), tlsKey: p('client-enc.key') },
      { env: { KMIRROR_TLS_KEY_PASSWORD: 'key-pass-1' } },
    ));
    assert.equal(config.tls?.passphrase, 'key-pass-1');
    await usageError(
      resolve({ bootstrapServer: 'b:1', tlsCert: p('client.pem'), tlsKey: p('client-enc.key') }),
      /encrypted and no password/,
      /KMIRROR_TLS_KEY_PASSWORD/,
    );
    await usageError(
      resolve(
        { bootstrapServer: 'b:1', tlsCert: p('client.pem'), tlsKey: p('client-enc.key') },
        { env: { KMIRROR_TLS_KEY_PASSWORD: 'nope' } },
      ),
      /cannot decrypt the private key/,
    );
  });

  it('refuses a key that does not belong to the certificate, and half pairs', async () => {
    await usageError(
      resolve({ bootstrapServer: 'b:1', tlsCert: p('client.pem'), tlsKey: p('other.key') }),
      /does not belong to the certificate/,
    );
    await usageError(resolve({ bootstrapServer: 'b:1', tlsKey: p('client.key') }), /--tls-key needs --tls-cert/);
    await usageError(resolve({ bootstrapServer: 'b:1', tlsCert: p('client.pem') }), /no private key/, /--tls-key/);
  });

  it('honours ssl.endpoint.identification.algorithm and --tls-insecure', async () => {
    const props = file(`bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.endpoint.identification.algorithm=\n`);
    let { config } = await resolve({ commandConfig: props });
    assert.equal(config.tls?.checkServerIdentity, false);
    assert.equal(config.tls?.rejectUnauthorized, true);
    ({ config } = await resolve({ bootstrapServer: 'b:1', tlsInsecure: true }));
    assert.deepEqual(config.tls, { rejectUnauthorized: false, checkServerIdentity: false });
    await usageError(
      resolve({
        commandConfig: file(
          'bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.endpoint.identification.algorithm=ldaps\n',
        ),
      }),
      /unsupported value 'ldaps'/,
    );
  });

  it('lets --tls / --no-tls override the file, and refuses contradictions', async () => {
    const props = file(`bootstrap.servers=b:1\nsecurity.protocol=SSL\nssl.truststore.location=${p('ca.pem')}\n`);
    const off = await resolve({ commandConfig: props, tls: false });
    assert.equal(off.config.tls, undefined);
    assert.match(off.warnings.join('\n'), /ssl\.\* settings are ignored because TLS is off/);
    assert.ok((await resolve({ bootstrapServer: 'b:1', tls: true })).config.tls);
    await usageError(resolve({ bootstrapServer: 'b:1', tls: false, tlsCa: p('ca.pem') }), /--no-tls conflicts/);
  });

  it('names unreadable and non-certificate files', async () => {
    await usageError(
      resolve({ bootstrapServer: 'b:1', tlsCa: join(pki, 'none.pem') }),
      /cannot read --tls-ca .*none\.pem.*no such file/,
    );
    await usageError(resolve({ bootstrapServer: 'b:1', tlsCa: p('client.key') }), /contains no PEM certificate/);
  });
});
