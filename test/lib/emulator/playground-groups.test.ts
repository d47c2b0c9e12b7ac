// The playground's consumer groups (issue 33 item 7): committed on the source a little behind the end while the
// producers write, at the end once they stop; one group active on the destination when asked.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startPlayground } from '../../../src/lib/emulator/playground.js';
import { PLAYGROUND_GROUPS, commitPlaygroundGroups } from '../../../src/lib/emulator/playground-groups.js';
import { groupState } from '../../../src/lib/emulator/state/groups.js';

describe('playground consumer groups', () => {
  it('commit every partition of their topics on the source, behind the end while producers write', async () => {
    const running = await startPlayground({ sourceNodes: 1, destinationNodes: 1 });
    try {
      const source = running.clusters.source.cluster;
      assert.deepEqual(running.info.consumerGroups, ['billing', 'analytics', 'fraud-check']);
      assert.equal(running.info.destinationConsumerGroup, null);
      source.setTraffic(false);
      commitPlaygroundGroups(source, PLAYGROUND_GROUPS);
      for (const group of PLAYGROUND_GROUPS)
        for (const topic of group.topics)
          for (const p of source.topics.get(topic)?.partitions ?? [])
            assert.equal(source.groups.offset(group.id, topic, p.index)?.offset, source.endOffset(topic, p.index));
      source.setTraffic(true);
      commitPlaygroundGroups(source, PLAYGROUND_GROUPS);
      const end = source.endOffset('orders-us', 0);
      assert.equal(source.groups.offset('analytics', 'orders-us', 0)?.offset, end - 400n);
      assert.equal(source.groups.offset('fraud-check', 'orders-us', 0), undefined);
      assert.equal(running.clusters.destination.cluster.groups.values().length, 0);
    } finally {
      await running.close();
    }
  });

  it('destinationConsumer: billing has a consumer on the destination (Stable there)', async () => {
    const running = await startPlayground({ sourceNodes: 1, destinationNodes: 1, destinationConsumer: true });
    try {
      assert.equal(running.info.destinationConsumerGroup, 'billing');
      const billing = running.clusters.destination.cluster.groups.get('billing');
      assert.ok(billing);
      assert.equal(groupState(billing), 'Stable');
    } finally {
      await running.close();
    }
  });
});
