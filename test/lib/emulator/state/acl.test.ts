import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Authorizer, CLUSTER_MIRROR_OPERATIONS } from '../../../../src/lib/emulator/state/acl.js';

describe('Authorizer (§7 ACLs)', () => {
  it('allows everything when no ACL is configured (Kafka without an authorizer)', () => {
    assert.equal(new Authorizer().authorize('User:anyone', 'CLUSTER_MIRROR', 'm1', 'DELETE'), true);
  });

  it('matches principal, resource type, literal or * name and operation', () => {
    const auth = new Authorizer({
      rules: [
        { principal: 'User:alice', resourceType: 'CLUSTER_MIRROR', name: 'm1', operation: 'CREATE' },
        { principal: 'User:*', resourceType: 'TOPIC', name: '*', operation: 'ALTER_CONFIGS' },
      ],
    });
    assert.equal(auth.authorize('User:alice', 'CLUSTER_MIRROR', 'm1', 'CREATE'), true);
    assert.equal(auth.authorize('User:alice', 'CLUSTER_MIRROR', 'm2', 'CREATE'), false);
    assert.equal(auth.authorize('User:alice', 'CLUSTER_MIRROR', 'm1', 'DELETE'), false);
    assert.equal(auth.authorize('User:bob', 'TOPIC', 'orders', 'ALTER_CONFIGS'), true);
    assert.equal(auth.authorize('User:bob', 'CLUSTER_MIRROR', 'orders', 'ALTER_CONFIGS'), false);
  });

  it('ALTER/DELETE/READ/WRITE imply DESCRIBE, ALTER_CONFIGS implies DESCRIBE_CONFIGS, ALL implies all', () => {
    const auth = new Authorizer({
      rules: [
        { principal: 'User:a', resourceType: 'CLUSTER_MIRROR', name: 'm', operation: 'ALTER' },
        { principal: 'User:a', resourceType: 'CLUSTER_MIRROR', name: 'm', operation: 'ALTER_CONFIGS' },
        { principal: 'User:b', resourceType: 'CLUSTER_MIRROR', name: 'm', operation: 'ALL' },
      ],
    });
    assert.equal(auth.authorize('User:a', 'CLUSTER_MIRROR', 'm', 'DESCRIBE'), true);
    assert.equal(auth.authorize('User:a', 'CLUSTER_MIRROR', 'm', 'DESCRIBE_CONFIGS'), true);
    assert.equal(auth.authorize('User:a', 'CLUSTER_MIRROR', 'm', 'CREATE'), false);
    assert.ok(CLUSTER_MIRROR_OPERATIONS.every((op) => auth.authorize('User:b', 'CLUSTER_MIRROR', 'm', op)));
  });

  it('super users bypass the rules; rules can be removed', () => {
    const auth = new Authorizer({
      rules: [{ principal: 'User:a', resourceType: 'CLUSTER', name: '*', operation: 'CREATE' }],
      superUsers: ['User:root'],
    });
    assert.equal(auth.authorize('User:root', 'CLUSTER_MIRROR', 'x', 'DELETE'), true);
    assert.equal(
      auth.removeRules((r) => r.principal === 'User:a'),
      1,
    );
    assert.equal(auth.authorize('User:nobody', 'CLUSTER_MIRROR', 'x', 'DELETE'), true, 'back to allow-all');
  });

  it('authorizedOperations sets bit n for AclOperation code n', () => {
    const auth = new Authorizer({
      rules: [{ principal: 'User:a', resourceType: 'CLUSTER_MIRROR', name: 'm', operation: 'DESCRIBE' }],
    });
    assert.equal(auth.authorizedOperations('User:a', 'CLUSTER_MIRROR', 'm', CLUSTER_MIRROR_OPERATIONS), 0x100);
  });
});
