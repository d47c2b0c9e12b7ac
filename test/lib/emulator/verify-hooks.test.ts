// The emulator's test hooks behind verify's verdicts: DeleteRecords moves a log start (Fetch below it is out of
// range), and a rewritten stretch keeps its offsets but not its batches.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readBatchHeader } from '../../../src/lib/kafka/record-batch.js';
import { ManualClock } from '../../../src/lib/emulator/index.js';
import { EmulatedCluster } from '../../../src/lib/emulator/state/cluster.js';
import { deleteRecordsBefore, recordLog, rewriteRecordsFrom } from '../../../src/lib/emulator/state/record-store.js';

function cluster(): EmulatedCluster {
  const c = new EmulatedCluster({ clock: new ManualClock(1_000_000) });
  c.createTopic('t', { partitions: 1 });
  c.appendRecords('t', 20);
  return c;
}

describe('emulator record hooks for verify', () => {
  it('deleteRecordsBefore moves the log start and keeps the end', () => {
    const c = cluster();
    const topic = c.topics.get('t');
    const p = topic?.partitions[0];
    assert.ok(topic && p);
    deleteRecordsBefore(c, topic, p, 15n);
    const log = recordLog(c, topic, p);
    assert.deepEqual([log.start, log.end], [15n, 20n]);
    assert.equal(log.read(15n, 1 << 20)[0]?.base, 15n);
  });

  it('rewriteRecordsFrom writes the same offsets with other CRCs', () => {
    const c = cluster();
    const topic = c.topics.get('t');
    const p = topic?.partitions[0];
    assert.ok(topic && p);
    const before = recordLog(c, topic, p)
      .read(18n, 1 << 20)
      .map((b) => readBatchHeader(b.bytes));
    rewriteRecordsFrom(c, topic, p, 18n);
    const after = recordLog(c, topic, p)
      .read(18n, 1 << 20)
      .map((b) => readBatchHeader(b.bytes));
    assert.deepEqual(
      after.map((h) => h.baseOffset),
      before.map((h) => h.baseOffset),
    );
    assert.notEqual(after[0]?.crc, before[0]?.crc);
    assert.equal(recordLog(c, topic, p).end, 20n);
  });
});
