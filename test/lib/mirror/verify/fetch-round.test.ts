// The size limit of verify's Fetch requests: the requests of one side in flight together share one budget, so
// memory does not grow with the number of brokers.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KafkaClient } from '../../../../src/lib/kafka/client.js';
import type { BrokerAddress } from '../../../../src/lib/kafka/transport.js';
import {
  FETCH_BUDGET_BYTES,
  fetchMaxBytes,
  fetchRound,
  type FetchAsk,
} from '../../../../src/lib/mirror/verify/fetch-round.js';

interface FetchBody {
  MaxBytes: number;
  Topics: { Topic: string; Partitions: { Partition: number }[] }[];
}

function recordingClient(seen: number[]): KafkaClient {
  return {
    sendTo: (_api: unknown, body: FetchBody) => {
      seen.push(body.MaxBytes);
      const Responses = body.Topics.map((t) => ({
        Topic: t.Topic,
        Partitions: t.Partitions.map((p) => ({
          PartitionIndex: p.Partition,
          ErrorCode: 0,
          HighWatermark: 0n,
          LogStartOffset: 0n,
          Records: Buffer.alloc(0),
        })),
      }));
      return Promise.resolve({ Responses });
    },
  } as unknown as KafkaClient;
}

const broker = (port: number): BrokerAddress => ({ host: '127.0.0.1', port }) as BrokerAddress;

describe('verify Fetch size limits', () => {
  it('shares the budget among the requests in flight at once, within 1 and 8 MiB', () => {
    assert.equal(fetchMaxBytes(1), 8 << 20);
    assert.equal(fetchMaxBytes(4), FETCH_BUDGET_BYTES / 4);
    assert.equal(fetchMaxBytes(1000), 1 << 20);
  });

  it('a round over three brokers asks each for a third of the budget', async () => {
    const seen: number[] = [];
    const asks: FetchAsk[] = Array.from({ length: 30 }, (_, i) => ({ topic: 't', partition: i, offset: 0n }));
    await fetchRound(
      { client: recordingClient(seen), leaderOf: (p) => broker(9000 + (p.partition % 3)) },
      asks,
      () => undefined,
    );
    assert.equal(seen.length, 3);
    assert.ok(seen.every((b) => b === Math.floor(FETCH_BUDGET_BYTES / 3)));
    assert.ok(seen.reduce((a, b) => a + b, 0) <= FETCH_BUDGET_BYTES);
  });
});
