import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  MIRROR_CONFIG_KEYS,
  mirrorConfigKey,
  parseMirrorConfigValue,
} from '../../../../src/lib/mirror/config/config-keys.js';
import { isSensitiveMirrorKey } from '../../../../src/lib/mirror/config/config-validation.js';
import { splitListValue } from '../../../../src/lib/mirror/core/list-value.js';

describe('mirror config keys (§11.1)', () => {
  it('has the required keys, the topic filter defaults and the sensitive ones', () => {
    assert.deepEqual(
      MIRROR_CONFIG_KEYS.filter((k) => k.required).map((k) => k.name),
      ['bootstrap.servers', 'mirror.source.cluster.id'],
    );
    assert.equal(mirrorConfigKey('mirror.topics.exclude')?.default, '__.*');
    assert.equal(mirrorConfigKey('mirror.topics.include')?.default, '');
    assert.equal(mirrorConfigKey('sasl.mechanism')?.default, 'PLAIN');
    assert.equal(isSensitiveMirrorKey('sasl.jaas.config'), true);
    assert.equal(isSensitiveMirrorKey('ssl.truststore.certificates'), true);
    assert.equal(isSensitiveMirrorKey('bootstrap.servers'), false);
    assert.equal(new Set(MIRROR_CONFIG_KEYS.map((k) => k.name)).size, MIRROR_CONFIG_KEYS.length);
  });

  it('parses like ConfigDef: integer syntax and range per type, at-least validators, allowed strings', () => {
    assert.deepEqual(parseMirrorConfigValue('request.timeout.ms', ' 5000 '), { ok: true });
    assert.deepEqual(parseMirrorConfigValue('request.timeout.ms', '2147483648'), {
      ok: false,
      message: 'Invalid value 2147483648 for configuration request.timeout.ms: Not a number of type INT',
      reason: 'Not a number of type INT',
    });
    assert.deepEqual(parseMirrorConfigValue('connections.max.idle.ms', '9223372036854775807'), { ok: true });
    assert.deepEqual(parseMirrorConfigValue('connections.max.idle.ms', ''), {
      ok: false,
      message: 'Invalid value  for configuration connections.max.idle.ms: Not a number of type LONG',
      reason: 'Not a number of type LONG',
    });
    assert.equal(parseMirrorConfigValue('mirror.fetch.min.bytes', '-1').ok, false);
    assert.equal(parseMirrorConfigValue('security.protocol', 'SASL_SSL').ok, true);
    assert.equal(parseMirrorConfigValue('security.protocol', 'sasl_ssl').ok, false);
    assert.equal(parseMirrorConfigValue('mirror.topics.include', 'a,b').ok, true);
    assert.deepEqual(parseMirrorConfigValue('nope', 'x'), {
      ok: false,
      message: 'Unknown mirror configuration: nope',
      reason: 'unknown key',
    });
  });

  it('splits LIST values on commas, trimmed, empties dropped', () => {
    assert.deepEqual(splitListValue(' a, b ,,c '), ['a', 'b', 'c']);
    assert.deepEqual(splitListValue(''), []);
    assert.deepEqual(splitListValue(undefined), []);
  });
});
