// Produce, Fetch, ListOffsets and InitProducerId over the wire: the record APIs a real client uses.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../../src/lib/emulator/state/clock.js';
import { errors } from '../../../../src/lib/kafka/error-codes.js';
import { Fetch, InitProducerId, ListOffsets, Produce } from '../../../../src/lib/kafka/messages/index.js';
import { decodeRecords, encodeBatch, readBatchHeader, splitBatches } from '../../../../src/lib/kafka/record-batch.js';
import { useEmulator } from './emulator-fixture.js';

const clock = new ManualClock(1_700_000_000_000);

function batch(values: string[], baseTimestamp = 1_700_000_000_000n): Buffer {
  return encodeBatch({
    baseOffset: 0n,
    leaderEpoch: -1,
    baseTimestamp,
    records: values.map((v, i) => ({ timestampDelta: BigInt(i), key: null, value: Buffer.from(v), headers: [] })),
  });
}

function produceBody(topic: string, records: Buffer, acks = -1) {
  return {
    TransactionalId: null,
    Acks: acks,
    TimeoutMs: 1000,
    TopicData: [{ Name: topic, PartitionData: [{ Index: 0, Records: records }] }],
  };
}

function fetchBody(topic: string, offset: bigint, maxWaitMs = 0, isolation = 0) {
  return {
    ReplicaId: -1,
    MaxWaitMs: maxWaitMs,
    MinBytes: 1,
    MaxBytes: 1 << 20,
    IsolationLevel: isolation,
    Topics: [{ Topic: topic, Partitions: [{ Partition: 0, FetchOffset: offset, PartitionMaxBytes: 1 << 20 }] }],
    ForgottenTopicsData: [],
  };
}

describe('the record APIs', () => {
  const fx = useEmulator({ clock, seed: 'records' });
  const source = () => fx.emulator.source;

  it('Produce gives batches the next offsets and Fetch returns them with the high watermark', async () => {
    source().cluster.createTopic('events', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    const first = await client.request(Produce, 3, produceBody('events', batch(['a', 'b', 'c'])));
    assert.equal(first.Responses[0]?.PartitionResponses[0]?.ErrorCode, 0);
    assert.equal(first.Responses[0]?.PartitionResponses[0]?.BaseOffset, 0n);
    const second = await client.request(Produce, 9, produceBody('events', batch(['d'])));
    assert.equal(second.Responses[0]?.PartitionResponses[0]?.BaseOffset, 3n);
    assert.equal(second.Responses[0]?.PartitionResponses[0]?.LogStartOffset, 0n);
    assert.equal(source().cluster.endOffset('events', 0), 4n);

    for (const version of [4, 11]) {
      const answer = await client.request(Fetch, version, fetchBody('events', 1n));
      const p = answer.Responses[0]?.Partitions[0];
      assert.equal(p?.ErrorCode, 0);
      assert.equal(p?.HighWatermark, 4n);
      assert.equal(p?.LastStableOffset, 4n);
      // LogStartOffset exists from v5 on; v4 decodes its default.
      assert.equal(p?.LogStartOffset, version >= 5 ? 0n : -1n);
      const batches = splitBatches(p?.Records ?? Buffer.alloc(0));
      // The batch holding offset 1 comes whole; the client skips what lies before its offset.
      assert.deepEqual(
        batches.map((b) => readBatchHeader(b).baseOffset),
        [0n, 3n],
      );
      assert.deepEqual(
        batches.flatMap((b) => decodeRecords(b).map((r) => r.value?.toString())),
        ['a', 'b', 'c', 'd'],
      );
    }
  });

  it('refuses a batch whose CRC does not match, a bad acks value and a write without a topic', async () => {
    source().cluster.createTopic('strict', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    const corrupt = batch(['x']);
    corrupt.writeUInt8(corrupt.readUInt8(corrupt.length - 1) ^ 0xff, corrupt.length - 1);
    const bad = await client.request(Produce, 7, produceBody('strict', corrupt));
    assert.equal(bad.Responses[0]?.PartitionResponses[0]?.ErrorCode, errors.CORRUPT_MESSAGE.code);
    const acks = await client.request(Produce, 7, produceBody('strict', batch(['x']), 2));
    assert.equal(acks.Responses[0]?.PartitionResponses[0]?.ErrorCode, errors.INVALID_REQUIRED_ACKS.code);
    const missing = await client.request(Produce, 7, produceBody('nope', batch(['x'])));
    assert.equal(missing.Responses[0]?.PartitionResponses[0]?.ErrorCode, errors.UNKNOWN_TOPIC_OR_PARTITION.code);
    assert.equal(source().cluster.endOffset('strict', 0), 0n);
  });

  it('answers nothing to acks=0 but stores the batch; the next request is answered', async () => {
    source().cluster.createTopic('fire', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    client.sendRequest(Produce, 7, produceBody('fire', batch(['q']), 0));
    // The next frame is the Fetch's (request() checks its correlation id): acks=0 got no answer.
    const fetched = await client.request(Fetch, 11, fetchBody('fire', 0n));
    assert.equal(fetched.Responses[0]?.Partitions[0]?.HighWatermark, 1n);
  });

  it('answers OFFSET_OUT_OF_RANGE past the end and waits for records up to MaxWaitMs', async () => {
    source().cluster.createTopic('wait', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    const past = await client.request(Fetch, 11, fetchBody('wait', 5n));
    assert.equal(past.Responses[0]?.Partitions[0]?.ErrorCode, errors.OFFSET_OUT_OF_RANGE.code);
    const waiting = client.request(Fetch, 11, fetchBody('wait', 0n, 5000));
    const producer = await fx.connect(source().bootstrap);
    await producer.request(Produce, 7, produceBody('wait', batch(['late'])));
    const answer = await waiting;
    const records = answer.Responses[0]?.Partitions[0]?.Records ?? Buffer.alloc(0);
    assert.deepEqual(
      splitBatches(records).flatMap((b) => decodeRecords(b).map((r) => r.value?.toString())),
      ['late'],
    );
  });

  it('ListOffsets finds offsets by record timestamp, the largest timestamp and the log start', async () => {
    source().cluster.createTopic('times', { partitions: 1 });
    const client = await fx.connect(source().bootstrap);
    await client.request(Produce, 7, produceBody('times', batch(['a', 'b'], 5000n)));
    await client.request(Produce, 7, produceBody('times', batch(['c', 'd'], 9000n)));
    const answer = await client.request(ListOffsets, 7, {
      ReplicaId: -1,
      IsolationLevel: 0,
      Topics: [
        {
          Name: 'times',
          Partitions: [
            { PartitionIndex: 0, Timestamp: 5001n },
            { PartitionIndex: 0, Timestamp: 6000n },
            { PartitionIndex: 0, Timestamp: 99_999n },
            { PartitionIndex: 0, Timestamp: -3n },
            { PartitionIndex: 0, Timestamp: -2n },
          ],
        },
      ],
    });
    assert.deepEqual(
      answer.Topics[0]?.Partitions.map((p) => [p.Offset, p.Timestamp]),
      [
        [1n, 5001n],
        [2n, 9000n],
        [-1n, -1n],
        [3n, 9001n],
        [0n, -1n],
      ],
    );
  });

  it('answers READ_ONLY_TOPIC to a write on a mirror topic until its partition is STOPPED', async () => {
    source().cluster.createTopic('mirrored', { partitions: 1 });
    const destination = fx.emulator.destination.cluster;
    const admin = { principal: 'User:ANONYMOUS', nodeId: destination.controllerId, isController: false };
    const created = destination.createClusterMirror(admin, {
      MirrorName: 'ro',
      Config: [
        { Name: 'bootstrap.servers', Value: source().bootstrap },
        { Name: 'mirror.source.cluster.id', Value: source().clusterId },
      ],
    });
    assert.equal(created.ErrorCode, 0);
    const topic = source().cluster.topics.get('mirrored');
    const started = destination.startMirrorTopics(admin, {
      MirrorName: 'ro',
      Topics: [{ TopicId: topic?.id ?? '', TopicName: 'mirrored', NumPartitions: 1 }],
    });
    assert.equal(started.ErrorCode, 0);
    const step = (ms: number) => {
      clock.advance(ms);
      source().cluster.tick();
      destination.tick();
    };
    step(1000);
    const leader = destination.topics.get('mirrored')?.partitions[0]?.leader;
    const node = fx.emulator.destination.nodes.find((n) => n.nodeId === leader);
    const client = await fx.connect(node?.address ?? '');
    const refused = await client.request(Produce, 7, produceBody('mirrored', batch(['no'])));
    assert.equal(refused.Responses[0]?.PartitionResponses[0]?.ErrorCode, errors.READ_ONLY_TOPIC.code);
    destination.stopMirrorTopics(admin, { MirrorName: 'ro', Topics: [{ TopicName: 'mirrored' }] });
    step(1000);
    const accepted = await client.request(Produce, 7, produceBody('mirrored', batch(['yes'])));
    assert.equal(accepted.Responses[0]?.PartitionResponses[0]?.ErrorCode, 0);
    // After the PID-reset marker at offset 0.
    assert.equal(accepted.Responses[0]?.PartitionResponses[0]?.BaseOffset, 1n);
  });

  it('InitProducerId hands out producer ids in order', async () => {
    const client = await fx.connect(source().bootstrap);
    const a = await client.request(InitProducerId, 1, { TransactionalId: null, TransactionTimeoutMs: 60_000 });
    const b = await client.request(InitProducerId, 4, { TransactionalId: null, TransactionTimeoutMs: 60_000 });
    assert.equal(a.ErrorCode, 0);
    assert.equal(b.ProducerId, a.ProducerId + 1n);
    assert.equal(b.ProducerEpoch, 0);
    const bump = await client.request(InitProducerId, 4, {
      TransactionalId: null,
      TransactionTimeoutMs: 60_000,
      ProducerId: b.ProducerId,
      ProducerEpoch: 0,
    });
    assert.deepEqual([bump.ProducerId, bump.ProducerEpoch], [b.ProducerId, 1]);
  });
});
