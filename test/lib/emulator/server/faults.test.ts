import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NodeFaults } from '../../../../src/lib/emulator/server/faults.js';
import { Metadata } from '../../../../src/lib/kafka/messages/index.js';

describe('NodeFaults.plan', () => {
  it('counts an error rule down and then behaves', () => {
    const faults = new NodeFaults(1);
    const rule = faults.failWith(Metadata, 7, { times: 2 });
    assert.deepEqual(faults.plan('Metadata').outcome, { kind: 'error', code: 7, message: null });
    assert.equal(faults.plan('ListOffsets').outcome.kind, 'normal');
    assert.equal(faults.plan('Metadata').outcome.kind, 'error');
    assert.equal(faults.plan('Metadata').outcome.kind, 'normal');
    assert.equal(rule.fired, 2);
    assert.equal(rule.remaining, 0);
    assert.equal(faults.activeRules.length, 0);
  });

  it('combines a delay with the first outcome rule and applies throttles per API or to all', () => {
    const faults = new NodeFaults(1);
    faults.delay('*', 50);
    faults.drop('Metadata');
    faults.closeMidFrame('Metadata');
    faults.setThrottle(100);
    faults.setThrottle(250, 'Metadata');
    const first = faults.plan('Metadata');
    assert.equal(first.delayMs, 50);
    assert.equal(first.outcome.kind, 'drop');
    assert.equal(first.throttleMs, 250);
    assert.equal(faults.plan('Metadata').outcome.kind, 'close-mid-frame');
    assert.equal(faults.plan('DescribeCluster').throttleMs, 100);
    faults.clear();
    assert.deepEqual(faults.plan('Metadata'), { delayMs: 0, outcome: { kind: 'normal' }, throttleMs: undefined });
  });

  it('lets a test remove a rule early and refuses a node without a server', async () => {
    const faults = new NodeFaults(3);
    const rule = faults.delay('Metadata', 10);
    rule.remove();
    assert.equal(faults.plan('Metadata').delayMs, 0);
    await assert.rejects(faults.down(), /no server attached/);
  });
});
