// kafkajs 2.2.4's transactional producer against the emulator's transaction coordinator: it finds the
// coordinator (FindCoordinator key type 1), initializes (InitProducerId), adds partitions, produces and
// commits or aborts (EndTxn); the markers land in the log, read_committed reads list the aborted
// transaction, and a second producer with the same transactional id fences the first.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { recordLog, stableOffset } from '../../../../src/lib/emulator/state/record-store.js';
import { Fetch } from '../../../../src/lib/kafka/messages/index.js';
import {
  ControlType,
  controlTypeOf,
  decodeRecords,
  isControl,
  readBatchHeader,
  splitBatches,
} from '../../../../src/lib/kafka/record-batch.js';
import { useEmulator } from './emulator-fixture.js';

const TOPIC = 'kafkajs-txn';

describe('kafkajs transactional producer', () => {
  const fx = useEmulator({ seed: 'kafkajs-transactions' });

  async function producer(transactionalId: string): Promise<Producer> {
    const p = new Kafka({
      clientId: 'kafkajs-txn',
      brokers: fx.emulator.destination.bootstrap.split(','),
      logLevel: logLevel.NOTHING,
      retry: { retries: 2 },
    }).producer({ transactionalId, idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    await p.connect();
    return p;
  }

  it('commits and aborts; markers in the log, the aborted transaction listed to read_committed', async () => {
    const cluster = fx.emulator.destination.cluster;
    cluster.createTopic(TOPIC, { partitions: 1 });
    const p = await producer('kafkajs-tx');
    try {
      const kept = await p.transaction();
      await kept.send({ topic: TOPIC, messages: [{ value: 'kept-0' }, { value: 'kept-1' }] });
      await kept.commit();
      const dropped = await p.transaction();
      await dropped.send({ topic: TOPIC, messages: [{ value: 'dropped' }] });
      await dropped.abort();
    } finally {
      await p.disconnect();
    }

    const topic = cluster.topics.get(TOPIC);
    const part = topic?.partitions[0];
    assert.ok(topic && part);
    const batches = recordLog(cluster, topic, part)
      .read(0n, Number.MAX_SAFE_INTEGER)
      .map((b) => b.bytes);
    assert.deepEqual(
      batches.map((b) =>
        isControl(readBatchHeader(b))
          ? `marker ${controlTypeOf(b)}`
          : decodeRecords(b)
              .map((r) => r.value?.toString())
              .join(','),
      ),
      ['kept-0,kept-1', `marker ${ControlType.COMMIT}`, 'dropped', `marker ${ControlType.ABORT}`],
    );
    assert.equal(stableOffset(cluster, topic, part), 5n);

    const leader = fx.emulator.destination.nodes.find((n) => n.nodeId === part.leader);
    const client = await fx.connect(leader?.address ?? '');
    const read = await client.request(Fetch, 11, {
      ReplicaId: -1,
      MaxWaitMs: 0,
      MinBytes: 1,
      MaxBytes: 1 << 20,
      IsolationLevel: 1,
      Topics: [{ Topic: TOPIC, Partitions: [{ Partition: 0, FetchOffset: 0n, PartitionMaxBytes: 1 << 20 }] }],
      ForgottenTopicsData: [],
    });
    const answer = read.Responses[0]?.Partitions[0];
    const producerId = readBatchHeader(batches[2] as Buffer).producerId;
    assert.deepEqual(
      answer?.AbortedTransactions?.map((a) => [a.ProducerId, a.FirstOffset]),
      [[producerId, 3n]],
    );
    assert.equal(splitBatches(answer?.Records ?? Buffer.alloc(0)).length, 4);
  });

  it('a second producer with the same transactional id fences the first', async () => {
    fx.emulator.destination.cluster.createTopic(`${TOPIC}-fence`, { partitions: 1 });
    const first = await producer('kafkajs-fenced');
    const second = await producer('kafkajs-fenced');
    try {
      // kafkajs sends InitProducerId at its first transaction: the second one's bumps the epoch.
      const t = await first.transaction();
      const ok = await second.transaction();
      await assert.rejects(
        async () => {
          await t.send({ topic: `${TOPIC}-fence`, messages: [{ value: 'stale' }] });
          await t.commit();
        },
        (err: Error & { type?: string }) => /PRODUCER_FENCED|INVALID_PRODUCER_EPOCH/.test(err.type ?? err.message),
      );
      await ok.send({ topic: `${TOPIC}-fence`, messages: [{ value: 'fresh' }] });
      await ok.commit();
    } finally {
      await first.disconnect();
      await second.disconnect();
    }
    assert.equal(fx.emulator.destination.cluster.endOffset(`${TOPIC}-fence`, 0), 2n);
  });
});
