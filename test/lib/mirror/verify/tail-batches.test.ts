// The tail verify compares: the last N batches of a partition, however many records a batch holds (a window of
// N offsets widened eightfold must keep widening while it still ends inside the batch already found).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KafkaClient } from '../../../../src/lib/kafka/client.js';
import { encodeBatch } from '../../../../src/lib/kafka/record-batch.js';
import type { BrokerAddress } from '../../../../src/lib/kafka/transport.js';
import { partitionKey } from '../../../../src/lib/mirror/verify/fetch-round.js';
import { findTails } from '../../../../src/lib/mirror/verify/tail-batches.js';

interface FetchBody {
  Topics: { Topic: string; Partitions: { Partition: number; FetchOffset: bigint }[] }[];
}

/** A leader holding `batches` batches of `size` records each, answering up to four batches a fetch. */
function leader(batches: number, size: number): { client: KafkaClient; fetches: bigint[] } {
  const log = Array.from({ length: batches }, (_, i) =>
    encodeBatch({
      baseOffset: BigInt(i * size),
      leaderEpoch: 0,
      baseTimestamp: 1_700_000_000_000n,
      records: Array.from({ length: size }, () => ({
        timestampDelta: 0n,
        key: null,
        value: Buffer.from('v'),
        headers: [],
      })),
    }),
  );
  const fetches: bigint[] = [];
  const client = {
    sendTo: (_api: unknown, body: FetchBody) => {
      const Responses = body.Topics.map((t) => ({
        Topic: t.Topic,
        Partitions: t.Partitions.map((p) => {
          fetches.push(p.FetchOffset);
          const first = Math.floor(Number(p.FetchOffset) / size);
          return {
            PartitionIndex: p.Partition,
            ErrorCode: 0,
            HighWatermark: BigInt(batches * size),
            LogStartOffset: 0n,
            Records: Buffer.concat(log.slice(first, first + 4)),
          };
        }),
      }));
      return Promise.resolve({ Responses });
    },
  } as unknown as KafkaClient;
  return { client, fetches };
}

const broker = { host: '127.0.0.1', port: 9092 } as BrokerAddress;

async function tailOf(batches: number, size: number, wanted: number): Promise<bigint[]> {
  const { client } = leader(batches, size);
  const found = await findTails(
    { client, leaderOf: () => broker },
    [{ topic: 't', partition: 0, lo: 0n, to: BigInt(batches * size), batches: wanted }],
    { bytes: 0, offsetsDone: 0n },
  );
  const tail = found.get(partitionKey({ topic: 't', partition: 0 }));
  assert.ok(tail && !tail.error, tail?.error);
  return tail.batches.map((b) => b.baseOffset);
}

describe('verify tail: the last N batches', () => {
  for (const wanted of [1, 3, 10, 25])
    it(`of 20 batches of 200 records, --tail ${wanted} finds ${Math.min(wanted, 20)}`, async () => {
      const bases = await tailOf(20, 200, wanted);
      const expected = Array.from({ length: Math.min(wanted, 20) }, (_, i) =>
        BigInt((20 - Math.min(wanted, 20) + i) * 200),
      );
      assert.deepEqual(bases, expected);
    });

  it('of one-record batches, the last N exactly', async () => {
    assert.deepEqual(
      await tailOf(50, 1, 10),
      Array.from({ length: 10 }, (_, i) => BigInt(40 + i)),
    );
  });

  it('of a log shorter than N, every batch', async () => {
    assert.deepEqual(await tailOf(3, 500, 10), [0n, 500n, 1000n]);
  });
});
