// The times the emulator's records carry: a record says when it was produced (what lag in time reads),
// not when someone first read it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EmulatedCluster } from '../../../../src/lib/emulator/state/cluster.js';
import { recordLog } from '../../../../src/lib/emulator/state/record-store.js';
import { decodeRecords, readBatchHeader } from '../../../../src/lib/kafka/record-batch.js';
import { pair } from './setup.js';

/** offset → timestamp of every record of partition 0. */
function timestamps(cluster: EmulatedCluster, topic: string): Map<bigint, number> {
  const t = cluster.topics.get(topic);
  const p = t?.partitions[0];
  assert.ok(t && p);
  const out = new Map<bigint, number>();
  for (const b of recordLog(cluster, t, p).read(0n, Number.MAX_SAFE_INTEGER)) {
    const h = readBatchHeader(b.bytes);
    for (const r of decodeRecords(b.bytes))
      out.set(h.baseOffset + BigInt(r.offsetDelta), Number(h.baseTimestamp + r.timestampDelta));
  }
  return out;
}

describe('emulator record times', () => {
  it('appendRecords: each record carries the time it was appended, however late it is read', () => {
    const { clock, source } = pair();
    source.createTopic('t', { partitions: 1 });
    clock.advance(1000);
    source.appendRecords('t', 2, 0);
    clock.advance(5000);
    source.appendRecords('t', 1, 0);
    clock.advance(60_000);
    assert.deepEqual(
      [...timestamps(source, 't')],
      [
        [0n, 1000],
        [1n, 1000],
        [2n, 6000],
      ],
    );
  });

  it('growth: each record carries its place in the steady growth, not the time of the first read', () => {
    const { clock, source } = pair();
    source.createTopic('g', { partitions: 1 });
    source.setGrowthRate('g', 10);
    clock.advance(1000);
    // Read 9 seconds after the ten records were produced, one every 100 ms.
    clock.advance(9000);
    const read = timestamps(source, 'g');
    assert.equal(read.get(0n), 100);
    assert.equal(read.get(9n), 1000);
    assert.equal(read.get(99n), 10_000);
  });
});
