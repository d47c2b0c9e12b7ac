import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KmirrorError } from '../../../../src/lib/cli/failures/errors.js';
import { playgroundPorts, playgroundStartFailure } from '../../../../src/lib/cli/flags/playground-flags.js';

const nodes = { 'source-nodes': 1, 'destination-nodes': 2 };

describe('playground ports', () => {
  it('random ports by default; --port-base counts up, source nodes first', () => {
    assert.deepEqual(playgroundPorts(nodes), {});
    assert.deepEqual(playgroundPorts({ ...nodes, 'port-base': 9092 }), {
      sourcePorts: [9092],
      destinationPorts: [9093, 9094],
    });
  });

  it('--clusters N: the further clusters follow the destination nodes, one port each, within the range', () => {
    assert.deepEqual(playgroundPorts({ ...nodes, clusters: 4, 'port-base': 9092 }), {
      sourcePorts: [9092],
      destinationPorts: [9093, 9094],
      otherPorts: [9095, 9096],
    });
    assert.deepEqual(playgroundPorts({ ...nodes, clusters: 4 }), {});
    assert.throws(() => playgroundPorts({ ...nodes, clusters: 3, 'port-base': 65_533 }), /leaves no room for 4 ports/);
  });

  it('refuses a base too high, a count that does not match the nodes, and a port given twice', () => {
    assert.throws(() => playgroundPorts({ ...nodes, 'port-base': 65_534 }), /leaves no room for 3 ports/);
    assert.throws(
      () => playgroundPorts({ ...nodes, 'destination-ports': [9093] }),
      /--destination-ports lists 1 port\(s\) for 2 node\(s\)/,
    );
    assert.throws(
      () => playgroundPorts({ ...nodes, 'source-ports': [9092], 'destination-ports': [9092, 9093] }),
      /port 9092 is given twice/,
    );
  });

  it('a port in use is said in words; other failures pass through', () => {
    const inUse = playgroundStartFailure(Object.assign(new Error('listen'), { code: 'EADDRINUSE', port: 9092 }));
    assert.ok(inUse instanceof KmirrorError);
    assert.equal(inUse.message, 'port 9092 is already in use: the playground could not start');
    const other = new Error('other');
    assert.equal(playgroundStartFailure(other), other);
  });
});
