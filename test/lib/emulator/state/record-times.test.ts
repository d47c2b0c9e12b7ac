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

  it('records that were there at creation carry the creation time, read however late', () => {
    const { clock, source } = pair();
    clock.advance(2000);
    source.createTopic('seeded', { partitions: 1, initialOffset: 50n, growthPerSec: 10 });
    // The rate changes before anything is read: the base moves past records nobody has generated yet.
    clock.advance(3000);
    source.setGrowthRate('seeded', 0);
    clock.advance(60_000);
    const read = timestamps(source, 'seeded');
    assert.equal(read.get(0n), 2000);
    assert.equal(read.get(49n), 2000);
    assert.equal(read.get(50n), 2100, 'the first grown record, 100 ms after creation');
    assert.equal(read.get(79n), 5000, 'the last one before the producers stopped');
    assert.equal(read.size, 80);
  });

  it('a partition whose end moved many times keeps the times of its records, oldest ones within bounds', () => {
    const { clock, source } = pair();
    source.createTopic('moved', { partitions: 1, growthPerSec: 10 });
    for (let i = 0; i < 100; i++) {
      clock.advance(1000);
      source.setGrowthRate('moved', 10);
    }
    clock.advance(60_000);
    const read = timestamps(source, 'moved');
    assert.equal(read.size, 1600, 'still growing for the last minute');
    assert.equal(read.get(999n), 100_000);
    assert.equal(read.get(500n), 50_100);
    const oldest = read.get(0n) ?? NaN;
    assert.ok(oldest >= 100 && oldest < 100_000 - 60_000, `${oldest}: dated before the last points, never at the read`);
  });
});
