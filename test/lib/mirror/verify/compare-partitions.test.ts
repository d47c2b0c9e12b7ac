// The read loop against a broker that fills each Fetch response in request order: a partition that gets no
// records because the partitions before it took the response's size limit is asked again, however long that
// lasts, and not taken for a log that returns nothing.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KafkaClient } from '../../../../src/lib/kafka/client.js';
import { encodeSingleValueBatch } from '../../../../src/lib/kafka/record-batch.js';
import { comparePartitions } from '../../../../src/lib/mirror/verify/compare-partitions.js';

const BUSY_BATCHES = 80n;

interface FetchBody {
  Topics: { Topic: string; Partitions: { Partition: number; FetchOffset: bigint }[] }[];
}

/** Partition 0 holds BUSY_BATCHES batches and takes a whole response for one; partition 1 (one batch) comes after. */
function crowdedBroker(): KafkaClient {
  const batch = (offset: bigint) => encodeSingleValueBatch(offset, 0, 0n, Buffer.from(`record ${offset}`));
  return {
    sendTo: (_api: unknown, body: FetchBody) => {
      let full = false;
      const Responses = body.Topics.map((t) => ({
        Topic: t.Topic,
        Partitions: t.Partitions.map((p) => {
          const end = p.Partition === 0 ? BUSY_BATCHES : 1n;
          const Records = !full && p.FetchOffset < end ? batch(p.FetchOffset) : Buffer.alloc(0);
          if (Records.length > 0) full = true;
          const answer = { ErrorCode: 0, HighWatermark: end, LogStartOffset: 0n, Records };
          return { PartitionIndex: p.Partition, ...answer };
        }),
      }));
      return Promise.resolve({ Responses });
    },
  } as unknown as KafkaClient;
}

describe('comparePartitions', () => {
  it('asks again a partition crowded out of the responses for more rounds than a starved one may go', async () => {
    const cluster = { client: crowdedBroker(), leaderOf: () => ({ host: '127.0.0.1', port: 1, nodeId: 1 }) };
    const jobs = [
      { topic: 't', partition: 0, from: 0n, to: BUSY_BATCHES, compacted: false },
      { topic: 't', partition: 1, from: 0n, to: 1n, compacted: false },
    ];
    const outcomes = await comparePartitions(
      { source: cluster, destination: cluster },
      jobs,
      { bytes: 0, offsetsDone: 0n },
      () => undefined,
    );
    for (const key of ['t\u00000', 't\u00001']) {
      const outcome = outcomes.get(key);
      assert.equal(outcome?.error, undefined, outcome?.error?.message);
      assert.equal(outcome?.comparison.outcome?.verdict, 'identical');
    }
  });
});
