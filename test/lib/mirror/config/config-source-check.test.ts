import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changesSourceIdentity, configAfterChanges } from '../../../../src/lib/mirror/config/config-source-check.js';

describe('config set: which changes are checked on the source', () => {
  it('the cluster id, bootstrap.servers and the security keys; nothing else', () => {
    for (const name of ['mirror.source.cluster.id', 'bootstrap.servers', 'security.protocol', 'sasl.jaas.config'])
      assert.equal(changesSourceIdentity([{ name, operation: 'SET', value: 'x' }]), true, name);
    assert.equal(changesSourceIdentity([{ name: 'ssl.truststore.location', operation: 'DELETE', value: '' }]), true);
    assert.equal(changesSourceIdentity([{ name: 'mirror.fetch.max.bytes', operation: 'SET', value: '1' }]), false);
    assert.equal(changesSourceIdentity([{ name: 'mirror.topics.include', operation: 'APPEND', value: 'a' }]), false);
  });

  it('applies SET, DELETE, APPEND and SUBTRACT as the broker stores them', () => {
    const stored = new Map<string, string | null>([
      ['bootstrap.servers', 'a:1,b:2'],
      ['security.protocol', 'SSL'],
      ['ssl.truststore.location', '/broker/only.jks'],
      ['sasl.mechanism', null],
    ]);
    const after = configAfterChanges(stored, [
      { name: 'bootstrap.servers', operation: 'APPEND', value: 'b:2,c:3' },
      { name: 'ssl.truststore.location', operation: 'DELETE', value: '' },
      { name: 'security.protocol', operation: 'SET', value: 'PLAINTEXT' },
    ]);
    assert.deepEqual(Object.fromEntries(after), {
      'bootstrap.servers': 'a:1,b:2,c:3',
      'security.protocol': 'PLAINTEXT',
    });
    const less = configAfterChanges(after, [{ name: 'bootstrap.servers', operation: 'SUBTRACT', value: 'a:1' }]);
    assert.equal(less.get('bootstrap.servers'), 'b:2,c:3');
    assert.equal(stored.get('bootstrap.servers'), 'a:1,b:2', 'the stored map is not changed');
  });
});
