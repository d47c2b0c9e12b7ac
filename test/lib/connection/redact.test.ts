import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import {
  REDACTED,
  clearRegisteredSecrets,
  isSensitiveKey,
  redact,
  redactText,
  registerSecret,
} from '../../../src/lib/connection/redact.js';
import { joinedRegex } from '../../helpers/joined-regex.js';

const PASSWORD = 'Pa55-w0rd!x';

describe('redactText', () => {
  afterEach(() => clearRegisteredSecrets());

  it('masks sensitive properties lines', () => {
    const text = [
      'bootstrap.servers=b1:9092',
      `ssl.truststore.password=${PASSWORD}`,
      `ssl.keystore.password = ${PASSWORD}`,
      `ssl.key.password:${PASSWORD}`,
      `sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="u" ` +
        `password="${PASSWORD}";`,
      `basic.auth.user.info=user:${PASSWORD}`,
    ].join('\n');
    const out = redactText(text);
    assert.doesNotMatch(out, /Pa55/);
    assert.match(out, /bootstrap\.servers=b1:9092/);
    assert.match(out, /ssl\.truststore\.password=\[redacted\]/);
    // Only the secret inside the JAAS value: the module and the user name stay readable.
    assert.match(
      out,
      joinedRegex([
        /sasl\.jaas\.config=org\.apache\.kafka\.common\.security\.plain\.PlainLoginModule required username="u" /,
        /password="\[redacted\]";/,
      ]),
    );
  });

  it('masks every way of writing a JAAS secret, and nothing around it', () => {
    for (const option of [
      `password="${PASSWORD}"`,
      `password = "${PASSWORD} with spaces"`,
      `password='${PASSWORD}'`,
      `password=${PASSWORD}`,
      `password="a\\"${PASSWORD}"`,
      `clientSecret="${PASSWORD}"`,
    ]) {
      const out = redactText(
        `sasl.jaas.config: the entry for PlainLoginModule required username="alice" ${option} must end with ';'`,
      );
      assert.doesNotMatch(out, /Pa55/, option);
      assert.match(out, /^sasl\.jaas\.config: the entry for PlainLoginModule required username="alice" /, option);
    }
  });

  it(
    'keeps the structure of messages and hints: a placeholder is not a secret, a bare PEM marker is ' + 'not a block',
    () => {
      const hint =
        'the form is: sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required ' +
        'username="…" password="…";';
      assert.equal(redactText(hint), hint);
      const pem = 'give the CA certificate(s) in PEM form (-----BEGIN CERTIFICATE-----)';
      assert.equal(redactText(pem), pem);
      const key = `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq${PASSWORD}\n-----END PRIVATE KEY-----`;
      assert.equal(redactText(`key: ${key}`), `key: -----BEGIN PRIVATE KEY----- ${REDACTED} -----END PRIVATE KEY-----`);
    },
  );

  it('masks JAAS options, JSON fields, bearer tokens and URL passwords in free text', () => {
    const out = redactText(
      `login failed for password="${PASSWORD}"; {"oauthToken":"${PASSWORD}","user":"u"} Authorization: Bearer eyJhbGciOi.${PASSWORD} https://u:${PASSWORD}@host/`,
    );
    assert.doesNotMatch(out, /Pa55/);
    assert.match(out, /"user":"u"/);
  });

  it('masks PEM blocks, also the space-joined form', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
    const joined = '-----BEGIN CERTIFICATE----- MIIBszCCAVmgAwIBAgIU -----END CERTIFICATE-----';
    const out = redactText(`key: ${pem}\ncert=${joined}`);
    assert.doesNotMatch(out, /MIIE|MIIB/);
    assert.match(out, /-----BEGIN PRIVATE KEY----- \[redacted\] -----END PRIVATE KEY-----/);
  });

  it('masks registered secrets anywhere, unless told not to', () => {
    registerSecret(PASSWORD);
    assert.equal(redactText(`broker said: bad credentials ${PASSWORD}.`), `broker said: bad credentials ${REDACTED}.`);
    assert.match(redactText(`x ${PASSWORD}`, { registeredSecrets: false }), /Pa55/);
  });

  it('does not register very short secrets (they would blank ordinary words)', () => {
    registerSecret('abc');
    assert.equal(redactText('abc topic'), 'abc topic');
  });

  it('leaves ordinary text alone', () => {
    const text = 'mirror m1: topic orders partition 3 lag 12 (key=value, tokens=5)';
    assert.equal(redactText(text), text);
  });
});

describe('redact (objects)', () => {
  afterEach(() => clearRegisteredSecrets());

  it('masks sensitive keys, config entry pairs and bytes, without touching the input', () => {
    const input = {
      bootstrap: ['b1:9092'],
      sasl: { mechanism: 'plain', username: 'alice', password: PASSWORD, oauthToken: PASSWORD },
      tls: {
        ca: [Buffer.from('-----BEGIN CERTIFICATE-----')],
        key: Buffer.from(PASSWORD),
        passphrase: PASSWORD,
        rejectUnauthorized: true,
      },
      configs: [
        { name: 'bootstrap.servers', value: 'src:9092' },
        { name: 'sasl.jaas.config', value: `x required password="${PASSWORD}";` },
        { name: 'ssl.keystore.key', value: PASSWORD },
      ],
      map: new Map([
        ['ssl.truststore.password', PASSWORD],
        ['mirror.topics.include', 'a.*'],
      ]),
      tokenCount: 3,
    };
    const out = redact(input);
    const text = JSON.stringify(out, (_k, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : v));
    assert.doesNotMatch(text, /Pa55/);
    assert.match(text, /"username":"alice"/);
    assert.match(text, /src:9092/);
    assert.match(text, /a\.\*/);
    assert.match(text, /"tokenCount":3/);
    assert.match(text, /"rejectUnauthorized":true/);
    assert.equal(input.sasl.password, PASSWORD);
  });

  it('survives cycles and shared references', () => {
    const shared = { name: 'x' };
    const node: Record<string, unknown> = { a: shared, b: shared };
    node.self = node;
    const out = redact(node) as Record<string, unknown>;
    assert.equal(out.self, '[circular]');
    assert.deepEqual(out.b, { name: 'x' });
  });
});

describe('isSensitiveKey', () => {
  it('matches secret-bearing keys only', () => {
    for (const key of [
      'sasl.jaas.config',
      'ssl.keystore.password',
      'ssl.key.password',
      'ssl.keystore.key',
      'ssl.keystore.certificate.chain',
      'ssl.truststore.certificates',
      'password',
      'oauthToken',
      'passphrase',
      'sasl.oauthbearer.client.credentials.client.secret',
      'private_key',
    ]) {
      assert.equal(isSensitiveKey(key), true, key);
    }
    for (const key of [
      'bootstrap.servers',
      'username',
      'key',
      'apiKey',
      'api-keys',
      'mirror.topics.include',
      'ssl.keystore.location',
      'ssl.truststore.type',
    ]) {
      assert.equal(isSensitiveKey(key), false, key);
    }
  });
});
