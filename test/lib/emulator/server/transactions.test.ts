// Transactions and idempotent producers over the wire: the transaction coordinator (FindCoordinator key
// type 1, InitProducerId with a transactional id, AddPartitionsToTxn, EndTxn, AddOffsetsToTxn and
// TxnOffsetCommit), the markers EndTxn writes, the last stable offset an open transaction holds back,
// READ_COMMITTED fetches with their aborted transactions, and Kafka's sequence and epoch checks.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../../src/lib/emulator/state/clock.js';
import { errors } from '../../../../src/lib/kafka/error-codes.js';
import {
  AddOffsetsToTxn,
  AddPartitionsToTxn,
  EndTxn,
  Fetch,
  FindCoordinator,
  InitProducerId,
  ListOffsets,
  OffsetFetch,
  Produce,
  TxnOffsetCommit,
} from '../../../../src/lib/kafka/messages/index.js';
import {
  ControlType,
  controlTypeOf,
  encodeBatch,
  isControl,
  readBatchHeader,
  splitBatches,
} from '../../../../src/lib/kafka/record-batch.js';
import { useEmulator } from './emulator-fixture.js';
import type { RawClient } from './raw-client.js';

const clock = new ManualClock(1_700_000_000_000);
const READ_COMMITTED = 1;

interface Writer {
  readonly producerId: bigint;
  readonly epoch: number;
  readonly transactional?: boolean;
}

function batch(w: Writer, sequence: number, values: string[]): Buffer {
  return encodeBatch({
    baseOffset: 0n,
    leaderEpoch: -1,
    baseTimestamp: 1_700_000_000_000n,
    producerId: w.producerId,
    producerEpoch: w.epoch,
    baseSequence: sequence,
    transactional: w.transactional === true,
    records: values.map((v) => ({ timestampDelta: 0n, key: null, value: Buffer.from(v), headers: [] })),
  });
}

async function produce(client: RawClient, topic: string, records: Buffer, transactionalId: string | null = null) {
  const answer = await client.request(Produce, 9, {
    TransactionalId: transactionalId,
    Acks: -1,
    TimeoutMs: 1000,
    TopicData: [{ Name: topic, PartitionData: [{ Index: 0, Records: records }] }],
  });
  const p = answer.Responses[0]?.PartitionResponses[0];
  return { code: p?.ErrorCode, base: p?.BaseOffset };
}

async function fetch(client: RawClient, topic: string, offset: bigint, isolation: number) {
  const answer = await client.request(Fetch, 11, {
    ReplicaId: -1,
    MaxWaitMs: 0,
    MinBytes: 1,
    MaxBytes: 1 << 20,
    IsolationLevel: isolation,
    Topics: [{ Topic: topic, Partitions: [{ Partition: 0, FetchOffset: offset, PartitionMaxBytes: 1 << 20 }] }],
    ForgottenTopicsData: [],
  });
  const p = answer.Responses[0]?.Partitions[0];
  assert.equal(p?.ErrorCode, 0);
  return {
    highWatermark: p?.HighWatermark,
    lastStable: p?.LastStableOffset,
    aborted: (p?.AbortedTransactions ?? []).map((a) => [a.ProducerId, a.FirstOffset]),
    bases: splitBatches(p?.Records ?? Buffer.alloc(0)).map((b) => readBatchHeader(b).baseOffset),
    batches: splitBatches(p?.Records ?? Buffer.alloc(0)),
  };
}

async function latest(client: RawClient, topic: string, isolation: number): Promise<bigint | undefined> {
  const answer = await client.request(ListOffsets, 7, {
    ReplicaId: -1,
    IsolationLevel: isolation,
    Topics: [{ Name: topic, Partitions: [{ PartitionIndex: 0, Timestamp: -1n }] }],
  });
  return answer.Topics[0]?.Partitions[0]?.Offset;
}

describe('transactions and idempotent producers', () => {
  const fx = useEmulator({ clock, seed: 'transactions' });
  const source = () => fx.emulator.source;

  async function begin(client: RawClient, transactionalId: string, topic: string) {
    const init = await client.request(InitProducerId, 4, {
      TransactionalId: transactionalId,
      TransactionTimeoutMs: 60_000,
    });
    assert.equal(init.ErrorCode, 0);
    const w: Writer = { producerId: init.ProducerId, epoch: init.ProducerEpoch, transactional: true };
    const added = await client.request(AddPartitionsToTxn, 3, {
      V3AndBelowTransactionalId: transactionalId,
      V3AndBelowProducerId: w.producerId,
      V3AndBelowProducerEpoch: w.epoch,
      V3AndBelowTopics: [{ Name: topic, Partitions: [0] }],
    });
    assert.equal(added.ResultsByTopicV3AndBelow[0]?.ResultsByPartition[0]?.PartitionErrorCode, 0);
    return w;
  }

  async function end(client: RawClient, transactionalId: string, w: Writer, committed: boolean, version = 3) {
    const answer = await client.request(EndTxn, version, {
      TransactionalId: transactionalId,
      ProducerId: w.producerId,
      ProducerEpoch: w.epoch,
      Committed: committed,
    });
    return answer.ErrorCode;
  }

  it('FindCoordinator key type 1 names the coordinator; InitProducerId elsewhere answers NOT_COORDINATOR', async () => {
    const destination = fx.emulator.destination;
    const client = await fx.connect(destination.nodes[0]?.address ?? '');
    const found = await client.request(FindCoordinator, 3, { Key: 'tx-where', KeyType: 1 });
    assert.equal(found.ErrorCode, 0);
    const coordinator = destination.nodes.find((n) => n.nodeId === found.NodeId);
    const other = destination.nodes.find((n) => n.nodeId !== found.NodeId);
    assert.ok(coordinator && other);
    const there = await fx.connect(coordinator.address);
    const init = await there.request(InitProducerId, 4, { TransactionalId: 'tx-where', TransactionTimeoutMs: 60_000 });
    assert.deepEqual([init.ErrorCode, init.ProducerEpoch], [0, 0]);
    const elsewhere = await fx.connect(other.address);
    const refused = await elsewhere.request(InitProducerId, 4, {
      TransactionalId: 'tx-where',
      TransactionTimeoutMs: 60_000,
    });
    assert.equal(refused.ErrorCode, errors.NOT_COORDINATOR.code);
    const again = await there.request(InitProducerId, 4, { TransactionalId: 'tx-where', TransactionTimeoutMs: 60_000 });
    assert.deepEqual([again.ProducerId, again.ProducerEpoch], [init.ProducerId, 1]);
    const tooLong = await there.request(InitProducerId, 4, {
      TransactionalId: 'tx-where',
      TransactionTimeoutMs: 900_001,
    });
    assert.equal(tooLong.ErrorCode, errors.INVALID_TRANSACTION_TIMEOUT.code);
  });

  it('an open transaction holds the last stable offset back; a commit writes its marker and releases it', async () => {
    source().cluster.createTopic('tx-commit', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    await produce(client, 'tx-commit', batch({ producerId: -1n, epoch: -1 }, -1, ['plain']));
    const w = await begin(client, 'tx-c', 'tx-commit');
    assert.deepEqual(await produce(client, 'tx-commit', batch(w, 0, ['t0', 't1']), 'tx-c'), { code: 0, base: 1n });
    assert.deepEqual(await produce(client, 'tx-commit', batch(w, 2, ['t2']), 'tx-c'), { code: 0, base: 3n });

    const open = await fetch(client, 'tx-commit', 0n, READ_COMMITTED);
    assert.deepEqual([open.highWatermark, open.lastStable, open.bases], [4n, 1n, [0n]]);
    assert.equal(await latest(client, 'tx-commit', READ_COMMITTED), 1n);
    assert.equal(await latest(client, 'tx-commit', 0), 4n);
    assert.deepEqual((await fetch(client, 'tx-commit', 0n, 0)).bases, [0n, 1n, 3n]);

    assert.equal(await end(client, 'tx-c', w, true), 0);
    const committed = await fetch(client, 'tx-commit', 0n, READ_COMMITTED);
    assert.deepEqual([committed.highWatermark, committed.lastStable, committed.bases], [5n, 5n, [0n, 1n, 3n, 4n]]);
    assert.deepEqual(committed.aborted, []);
    const marker = committed.batches[3] as Buffer;
    const h = readBatchHeader(marker);
    assert.ok(isControl(h));
    assert.deepEqual(
      [h.producerId, h.producerEpoch, controlTypeOf(marker)],
      [w.producerId, w.epoch, ControlType.COMMIT],
    );
    // A retried EndTxn of the same outcome succeeds; the other outcome is refused.
    assert.equal(await end(client, 'tx-c', w, true), 0);
    assert.equal(await end(client, 'tx-c', w, false), errors.INVALID_TXN_STATE.code);
  });

  it('an abort writes an ABORT marker and READ_COMMITTED fetches list the aborted transaction', async () => {
    source().cluster.createTopic('tx-abort', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    const w = await begin(client, 'tx-a', 'tx-abort');
    await produce(client, 'tx-abort', batch(w, 0, ['gone', 'gone']), 'tx-a');
    assert.equal(await end(client, 'tx-a', w, false), 0);
    const read = await fetch(client, 'tx-abort', 0n, READ_COMMITTED);
    assert.deepEqual([read.lastStable, read.bases, read.aborted], [3n, [0n, 2n], [[w.producerId, 0n]]]);
    assert.equal(controlTypeOf(read.batches[1] as Buffer), ControlType.ABORT);
    // A fetch past the transaction's marker lists it no more; READ_UNCOMMITTED never lists one.
    assert.deepEqual((await fetch(client, 'tx-abort', 3n, READ_COMMITTED)).aborted, []);
    assert.deepEqual((await fetch(client, 'tx-abort', 0n, 0)).aborted, []);
  });

  it('a new producer with the same transactional id aborts the open transaction and fences the old one', async () => {
    source().cluster.createTopic('tx-fence', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    const old = await begin(client, 'tx-f', 'tx-fence');
    await produce(client, 'tx-fence', batch(old, 0, ['old']), 'tx-f');
    const init = await client.request(InitProducerId, 4, { TransactionalId: 'tx-f', TransactionTimeoutMs: 60_000 });
    assert.deepEqual([init.ErrorCode, init.ProducerId, init.ProducerEpoch], [0, old.producerId, old.epoch + 1]);
    const read = await fetch(client, 'tx-fence', 0n, READ_COMMITTED);
    assert.deepEqual([read.lastStable, read.aborted], [2n, [[old.producerId, 0n]]]);
    // The old producer's writes and its end are refused: INVALID_PRODUCER_EPOCH from the partition,
    // PRODUCER_FENCED from the coordinator (INVALID_PRODUCER_EPOCH for EndTxn v0-1, which predate it).
    assert.equal(
      (await produce(client, 'tx-fence', batch(old, 1, ['late']), 'tx-f')).code,
      errors.INVALID_PRODUCER_EPOCH.code,
    );
    assert.equal(await end(client, 'tx-f', old, true, 2), errors.PRODUCER_FENCED.code);
    assert.equal(await end(client, 'tx-f', old, true, 1), errors.INVALID_PRODUCER_EPOCH.code);
    // The new producer's epoch began with the abort marker: its sequence 0 is new, not the old one's retry.
    const fresh = { producerId: init.ProducerId, epoch: init.ProducerEpoch, transactional: true };
    await client.request(AddPartitionsToTxn, 3, {
      V3AndBelowTransactionalId: 'tx-f',
      V3AndBelowProducerId: fresh.producerId,
      V3AndBelowProducerEpoch: fresh.epoch,
      V3AndBelowTopics: [{ Name: 'tx-fence', Partitions: [0] }],
    });
    assert.deepEqual(await produce(client, 'tx-fence', batch(fresh, 0, ['new']), 'tx-f'), { code: 0, base: 2n });
    assert.equal(await end(client, 'tx-f', fresh, true), 0);
    const stranger = await client.request(AddPartitionsToTxn, 1, {
      V3AndBelowTransactionalId: 'tx-f',
      V3AndBelowProducerId: old.producerId + 1000n,
      V3AndBelowProducerEpoch: 0,
      V3AndBelowTopics: [{ Name: 'tx-fence', Partitions: [0] }],
    });
    assert.equal(
      stranger.ResultsByTopicV3AndBelow[0]?.ResultsByPartition[0]?.PartitionErrorCode,
      errors.INVALID_PRODUCER_ID_MAPPING.code,
    );
  });

  it('refuses a transactional write to a partition the transaction did not add (INVALID_TXN_STATE)', async () => {
    source().cluster.createTopic('tx-unadded', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    const init = await client.request(InitProducerId, 4, { TransactionalId: 'tx-u', TransactionTimeoutMs: 60_000 });
    const w = { producerId: init.ProducerId, epoch: init.ProducerEpoch, transactional: true };
    assert.equal((await produce(client, 'tx-unadded', batch(w, 0, ['x']), 'tx-u')).code, errors.INVALID_TXN_STATE.code);
    assert.equal(await end(client, 'tx-u', w, true), errors.INVALID_TXN_STATE.code);
    assert.equal(source().cluster.endOffset('tx-unadded', 0), 0n);
  });

  it('aborts a transaction open longer than its timeout, with a bumped epoch', async () => {
    source().cluster.createTopic('tx-timeout', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    const init = await client.request(InitProducerId, 4, { TransactionalId: 'tx-t', TransactionTimeoutMs: 5_000 });
    const w = { producerId: init.ProducerId, epoch: init.ProducerEpoch, transactional: true };
    await client.request(AddPartitionsToTxn, 3, {
      V3AndBelowTransactionalId: 'tx-t',
      V3AndBelowProducerId: w.producerId,
      V3AndBelowProducerEpoch: w.epoch,
      V3AndBelowTopics: [{ Name: 'tx-timeout', Partitions: [0] }],
    });
    await produce(client, 'tx-timeout', batch(w, 0, ['slow']), 'tx-t');
    assert.equal((await fetch(client, 'tx-timeout', 0n, READ_COMMITTED)).lastStable, 0n);
    clock.advance(5_000);
    const read = await fetch(client, 'tx-timeout', 0n, READ_COMMITTED);
    assert.deepEqual([read.lastStable, read.aborted], [2n, [[w.producerId, 0n]]]);
    assert.equal(readBatchHeader(read.batches[1] as Buffer).producerEpoch, w.epoch + 1);
    assert.equal(await end(client, 'tx-t', w, true), errors.PRODUCER_FENCED.code);
  });

  it('commits a transaction’s group offsets with it (AddOffsetsToTxn, TxnOffsetCommit), and not on abort', async () => {
    source().cluster.createTopic('tx-offsets', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    const offsetsFor = async (group: string) => {
      const fetched = await client.request(OffsetFetch, 7, {
        GroupId: group,
        Topics: [{ Name: 'tx-offsets', PartitionIndexes: [0] }],
        RequireStable: false,
      });
      return fetched.Topics[0]?.Partitions[0]?.CommittedOffset;
    };
    for (const committed of [true, false]) {
      const id = `tx-o-${committed}`;
      const group = `g-${committed}`;
      const w = await begin(client, id, 'tx-offsets');
      const added = await client.request(AddOffsetsToTxn, 1, {
        TransactionalId: id,
        ProducerId: w.producerId,
        ProducerEpoch: w.epoch,
        GroupId: group,
      });
      assert.equal(added.ErrorCode, 0);
      const sent = await client.request(TxnOffsetCommit, 3, {
        TransactionalId: id,
        GroupId: group,
        ProducerId: w.producerId,
        ProducerEpoch: w.epoch,
        Topics: [
          { Name: 'tx-offsets', Partitions: [{ PartitionIndex: 0, CommittedOffset: 42n, CommittedMetadata: null }] },
        ],
      });
      assert.equal(sent.Topics[0]?.Partitions[0]?.ErrorCode, 0);
      assert.equal(await offsetsFor(group), -1n);
      assert.equal(await end(client, id, w, committed), 0);
      assert.equal(await offsetsFor(group), committed ? 42n : -1n);
    }
  });

  it('checks an idempotent producer’s sequence numbers and epoch as Kafka does', async () => {
    source().cluster.createTopic('idem', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    const init = await client.request(InitProducerId, 4, { TransactionalId: null, TransactionTimeoutMs: 60_000 });
    const w = { producerId: init.ProducerId, epoch: 0 };
    assert.deepEqual(await produce(client, 'idem', batch(w, 0, ['a', 'b'])), { code: 0, base: 0n });
    assert.deepEqual(await produce(client, 'idem', batch(w, 2, ['c'])), { code: 0, base: 2n });
    // A retry of a stored batch is answered with the offset it got, and not stored again.
    assert.deepEqual(await produce(client, 'idem', batch(w, 0, ['a', 'b'])), { code: 0, base: 0n });
    assert.equal(source().cluster.endOffset('idem', 0), 3n);
    // A gap in the sequence, and a new epoch not starting at 0, are out of order.
    assert.equal((await produce(client, 'idem', batch(w, 5, ['e']))).code, errors.OUT_OF_ORDER_SEQUENCE_NUMBER.code);
    assert.equal(
      (await produce(client, 'idem', batch({ ...w, epoch: 1 }, 3, ['d']))).code,
      errors.OUT_OF_ORDER_SEQUENCE_NUMBER.code,
    );
    assert.deepEqual(await produce(client, 'idem', batch({ ...w, epoch: 1 }, 0, ['d'])), { code: 0, base: 3n });
    // Once the epoch moved on, the old one is fenced.
    assert.equal((await produce(client, 'idem', batch(w, 3, ['x']))).code, errors.INVALID_PRODUCER_EPOCH.code);
    assert.equal(source().cluster.endOffset('idem', 0), 4n);
  });
});
