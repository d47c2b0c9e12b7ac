import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JaasSyntaxError, loginModuleKind, parseJaasConfig } from '../../../src/lib/connection/jaas.js';

describe('parseJaasConfig', () => {
  it('reads a PLAIN entry', () => {
    const [entry] = parseJaasConfig(
      'org.apache.kafka.common.security.plain.PlainLoginModule required username="alice" password="alice-secret";',
    );
    assert.equal(entry?.loginModule, 'org.apache.kafka.common.security.plain.PlainLoginModule');
    assert.equal(entry?.controlFlag, 'required');
    assert.equal(entry?.options.get('username'), 'alice');
    assert.equal(entry?.options.get('password'), 'alice-secret');
  });

  it('handles escapes, single quotes, bare words, comments and odd spacing', () => {
    const [entry] = parseJaasConfig(
      `org.apache.kafka.common.security.scram.ScramLoginModule   REQUIRED  // comment
       username = bob_1 /* block
       comment */ password='it\\'s "x"' extra="a\\\\b\\"c\\td" tokenauth=true ;`,
    );
    assert.equal(entry?.controlFlag, 'required');
    assert.equal(entry?.options.get('username'), 'bob_1');
    assert.equal(entry?.options.get('password'), `it's "x"`);
    assert.equal(entry?.options.get('extra'), 'a\\b"c\td');
    assert.equal(entry?.options.get('tokenauth'), 'true');
  });

  it('keeps = and ; inside quoted values', () => {
    const [entry] = parseJaasConfig('x.PlainLoginModule required username="u" password="a=b;c";');
    assert.equal(entry?.options.get('password'), 'a=b;c');
  });

  it('reads several entries', () => {
    assert.equal(parseJaasConfig('a.PlainLoginModule required; b.ScramLoginModule optional;').length, 2);
  });

  it('refuses malformed text without echoing quoted values', () => {
    const bad = [
      '',
      'x.PlainLoginModule',
      'x.PlainLoginModule mandatory;',
      'x.PlainLoginModule required username="u" password="hunter22"',
      'x.PlainLoginModule required username "u";',
      'x.PlainLoginModule required username=;',
      'x.PlainLoginModule required password="hunter22;',
      'x.PlainLoginModule required "hunter22"=x;',
    ];
    for (const text of bad) {
      assert.throws(
        () => parseJaasConfig(text),
        (err: unknown) => {
          assert.ok(err instanceof JaasSyntaxError, text);
          assert.doesNotMatch(err.message, /hunter22/);
          return true;
        },
      );
    }
  });
});

describe('loginModuleKind', () => {
  it('classifies by simple class name', () => {
    assert.equal(loginModuleKind('org.apache.kafka.common.security.plain.PlainLoginModule'), 'plain');
    assert.equal(loginModuleKind('org.apache.kafka.common.security.scram.ScramLoginModule'), 'scram');
    assert.equal(loginModuleKind('org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule'), 'oauthbearer');
    assert.equal(loginModuleKind('shaded.org.apache.kafka.common.security.plain.PlainLoginModule'), 'plain');
    assert.equal(loginModuleKind('com.sun.security.auth.module.Krb5LoginModule'), 'kerberos');
    assert.equal(loginModuleKind('io.example.Custom'), 'other');
  });
});
