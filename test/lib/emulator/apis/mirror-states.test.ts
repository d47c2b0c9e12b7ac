import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Authorizer } from '../../../../src/lib/emulator/state/acl.js';
import { coordinatorOf } from '../../../../src/lib/emulator/state/mirror-coordinators.js';
import { javaStringHash } from '../../../../src/lib/emulator/state/java-hash-map.js';
import { createMirror, ctx, pair, run, startTopics } from '../state/setup.js';

function mirrored(): ReturnType<typeof pair> {
  const p = pair();
  p.source.createTopic('orders', { partitions: 3 });
  createMirror(p);
  startTopics(p, 'm1', ['orders']);
  run(p, 1000);
  return p;
}

const readAll = {
  MirrorName: 'm1',
  Topics: [{ Name: 'orders', Partitions: [{ PartitionIndex: 0 }, { PartitionIndex: 1 }, { PartitionIndex: 2 }] }],
};

describe('ReadMirrorStates / WriteMirrorStates / BumpLeaderEpochs (§3)', () => {
  it('javaStringHash matches Java String.hashCode', () => {
    assert.equal(javaStringHash('abc'), 96354);
    assert.equal(javaStringHash('polygenelubricants'), -2147483648);
  });

  it(
    'feature disabled → 35 with "The version of API is not supported."; no CLUSTER_ACTION → 31 with ' + 'its message',
    () => {
      const off = pair({ mirrorVersion: 0 });
      assert.deepEqual(off.destination.readMirrorStates(ctx(), readAll), {
        ThrottleTimeMs: 0,
        ErrorCode: 35,
        ErrorMessage: 'The version of API is not supported.',
        Topics: [],
      });
      const auth = new Authorizer({
        rules: [{ principal: 'User:admin', resourceType: 'CLUSTER', name: '*', operation: 'ALL' }],
      });
      const p = pair({ authorizer: auth });
      const res = p.destination.writeMirrorStates(ctx('User:eve'), { MirrorName: 'm1', Topics: [], StoppedTopics: [] });
      assert.deepEqual([res.ErrorCode, res.ErrorMessage], [31, 'Cluster authorization failed.']);
    },
  );

  it(
    'each partition is answered by its coordinator only; other nodes say 16 with PartitionIndex 0, ' +
      'State 0, PreviousState 16',
    () => {
      const p = mirrored();
      const id = p.destination.topics.get('orders')?.id ?? '';
      for (const index of [0, 1, 2]) {
        const coordinator = coordinatorOf(p.destination, 'm1', id, index);
        for (const node of p.destination.nodeIds) {
          const part = p.destination.readMirrorStates(ctx('User:admin', node), readAll).Topics[0]?.Partitions[index];
          if (node === coordinator)
            assert.deepEqual(
              [part?.PartitionIndex, part?.State, part?.PreviousState, part?.ErrorCode],
              [index, 2, -1, 0],
            );
          else
            assert.deepEqual([part?.PartitionIndex, part?.State, part?.PreviousState, part?.ErrorCode], [0, 0, 16, 16]);
        }
      }
    },
  );

  it('a written state is what the coordinator then reads back', () => {
    const p = mirrored();
    p.destination.writeMirrorStates(ctx(), {
      MirrorName: 'm1',
      Topics: [{ Name: 'orders', Partitions: [{ PartitionIndex: 1, State: 4, LastMirrorEpoch: 7 }] }],
      StoppedTopics: [],
    });
    const id = p.destination.topics.get('orders')?.id ?? '';
    const node = coordinatorOf(p.destination, 'm1', id, 1);
    const part = p.destination.readMirrorStates(ctx('User:admin', node), readAll).Topics[0]?.Partitions[1];
    assert.deepEqual([part?.State, part?.LastMirrorEpoch], [4, 7]);
  });

  it('BumpLeaderEpochs sets MinLeaderEpoch + 1 (never lowers an epoch) and is not gated by the feature', () => {
    const p = pair({ mirrorVersion: 0 });
    const t = p.destination.createTopic('t', { partitions: 1 });
    const res = p.destination.bumpLeaderEpochs(ctx(), {
      Topics: [
        {
          TopicId: t.id,
          Partitions: [
            { PartitionIndex: 0, MinLeaderEpoch: 5 },
            { PartitionIndex: 9, MinLeaderEpoch: 1 },
          ],
        },
      ],
    });
    assert.deepEqual(res.Topics, [
      {
        TopicName: 't',
        Partitions: [
          { PartitionIndex: 0, ErrorCode: 0, ErrorMessage: null },
          { PartitionIndex: 9, ErrorCode: 3, ErrorMessage: null },
        ],
      },
    ]);
    p.destination.bumpLeaderEpochs(ctx(), {
      Topics: [{ TopicId: t.id, Partitions: [{ PartitionIndex: 0, MinLeaderEpoch: 2 }] }],
    });
    // PartitionChangeBuilder.computeLeaderEpoch: max(MinLeaderEpoch + 1, current).
    assert.equal(t.partitions[0]?.leaderEpoch, 6);
    p.destination.bumpLeaderEpochs(ctx(), {
      Topics: [{ TopicId: t.id, Partitions: [{ PartitionIndex: 0, MinLeaderEpoch: 6 }] }],
    });
    assert.equal(t.partitions[0]?.leaderEpoch, 7, 'a MinLeaderEpoch equal to the epoch still bumps');
  });
});
