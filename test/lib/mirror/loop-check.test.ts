// The mirror-loop check against a fake source: which mirrors there read from this cluster (matched by
// cluster id), what counts as a loop (not a topic STOPPED there: that is failback), and a source that
// cannot be asked.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DescribeClusterMirrors, ListClusterMirrors } from '../../../src/lib/kafka/messages/index.js';
import { UnsupportedByClusterError } from '../../../src/lib/kafka/errors.js';
import { checkMirrorLoops, enforceLoopCheck } from '../../../src/lib/mirror/loop-check.js';
import { type FakeMirror, describeAnswer, listAnswer } from './fake-answers.js';
import { fakeClient } from './fake-client.js';

// listAnswer reports every mirror with source cluster id 'source-id': "this cluster" below.
const HERE = 'source-id';

const MIRRORS: readonly FakeMirror[] = [
  {
    name: 'back',
    topics: [
      { name: 'orders', listed: true, partitions: [{ state: 'MIRRORING', leader: 1 }] },
      { name: 'old', listed: false, partitions: [{ state: 'STOPPED', leader: 1 }] },
    ],
  },
];

function source() {
  return fakeClient()
    .answer(ListClusterMirrors, listAnswer(MIRRORS))
    .answer(DescribeClusterMirrors, describeAnswer(MIRRORS));
}

describe('checkMirrorLoops', () => {
  it('a selected topic the source mirrors from this cluster is a loop; a STOPPED one is not', async () => {
    const check = await checkMirrorLoops(source().client, HERE, () => true);
    assert.deepEqual(check, {
      made: true,
      notMadeReason: null,
      loops: [{ topic: 'orders', otherMirror: 'back', otherStates: '1 MIRRORING' }],
      overridden: false,
    });
  });

  it('only selected topics, and only mirrors reading from this cluster (by cluster id)', async () => {
    assert.deepEqual((await checkMirrorLoops(source().client, HERE, (t) => t !== 'orders')).loops, []);
    assert.deepEqual((await checkMirrorLoops(source().client, 'another-cluster', () => true)).loops, []);
  });

  it('a source that cannot be asked: the check was not made, and enforcing it only warns', async () => {
    const failing = fakeClient().answer(ListClusterMirrors, () => {
      throw new Error('connection refused');
    });
    const check = await checkMirrorLoops(failing.client, HERE, () => true);
    assert.equal(check.made, false);
    assert.equal(check.notMadeReason, 'connection refused');
    const { warnings } = enforceLoopCheck('fwd', check, false);
    assert.match(warnings[0] ?? '', /^the mirror-loop check was not made .*connection refused/);
  });

  it('a source without the mirror RPCs mirrors nothing from here: the check is made', async () => {
    const plain = fakeClient().answer(ListClusterMirrors, () => {
      throw new UnsupportedByClusterError('ListClusterMirrors', 98, 'b1:9092');
    });
    assert.deepEqual(await checkMirrorLoops(plain.client, HERE, () => true), {
      made: true,
      notMadeReason: null,
      loops: [],
      overridden: false,
    });
  });
});
