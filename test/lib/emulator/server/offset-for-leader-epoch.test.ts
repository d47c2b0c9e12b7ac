// OffsetForLeaderEpoch over TCP: the end of each leader epoch's records, from the leader only.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../../src/lib/emulator/index.js';
import { OffsetForLeaderEpoch } from '../../../../src/lib/kafka/messages/index.js';
import { useEmulator } from './emulator-fixture.js';

describe('OffsetForLeaderEpoch', () => {
  const fx = useEmulator({ clock: new ManualClock(0) });

  it('answers where each epoch ends on the leader, NOT_LEADER elsewhere, -1 before the first epoch', async () => {
    const cluster = fx.emulator.destination.cluster;
    cluster.createTopic('epochs', { partitions: 1, initialOffset: 10n });
    cluster.produce('epochs', 0, 5);
    const partition = cluster.topics.get('epochs')?.partitions[0];
    assert.ok(partition);
    // A leader election: the next records are written in epoch 1.
    cluster.setNodeUp(partition.leader, false);
    cluster.produce('epochs', 0, 7);
    const ask = async (address: string, epochs: number[]) =>
      (
        await (
          await fx.connect(address)
        ).request(OffsetForLeaderEpoch, 4, {
          ReplicaId: -1,
          Topics: [
            {
              Topic: 'epochs',
              Partitions: epochs.map((LeaderEpoch) => ({ Partition: 0, CurrentLeaderEpoch: -1, LeaderEpoch })),
            },
          ],
        })
      ).Topics[0]?.Partitions.map((p) => [p.ErrorCode, p.LeaderEpoch, p.EndOffset]);
    const serving = fx.emulator.destination.nodes.find((n) => n.nodeId === partition.leader);
    const notServing = fx.emulator.destination.nodes.find((n) => n.nodeId !== partition.leader);
    assert.deepEqual(await ask(serving?.address ?? '', [0, 1, 5, -1]), [
      [0, 0, 15n],
      [0, 1, 22n],
      [0, 1, 22n],
      [0, -1, -1n],
    ]);
    assert.deepEqual(await ask(notServing?.address ?? '', [0]), [[6, -1, -1n]]);
  });
});
