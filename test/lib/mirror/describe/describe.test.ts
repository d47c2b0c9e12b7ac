import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaClient } from '../../../../src/lib/kafka/client.js';
import { BrokerFailure } from '../../../../src/lib/kafka/errors.js';
import type { ResponseOf } from '../../../../src/lib/kafka/message-types.js';
import type { DescribeClusterMirrors } from '../../../../src/lib/kafka/messages/index.js';
import { compactAnswer, describeMirrors, mergeAnswers } from '../../../../src/lib/mirror/describe/describe.js';
import type { PartitionRow } from '../../../../src/lib/mirror/describe/lag.js';
import {
  applyFilters,
  applySort,
  parseStates,
  parseTopicPatterns,
  FilterError,
} from '../../../../src/lib/mirror/describe/describe-filters.js';

type Answer = ResponseOf<typeof DescribeClusterMirrors>;
type WirePartition = Answer['Mirrors'][number]['Topics'][number]['Partitions'][number];

function part(
  index: number,
  state: string,
  offsets: [number, number] | null = null,
  failure: { retry: number; message: string } | null = null,
): WirePartition {
  return {
    PartitionIndex: index,
    SourceOffset: offsets ? BigInt(offsets[0]) : -1n,
    DestinationOffset: offsets ? BigInt(offsets[1]) : -1n,
    Lag: offsets ? BigInt(Math.max(0, offsets[0] - offsets[1])) : -1n,
    StateValue: state,
    RetryAttempt: failure?.retry ?? 0,
    ErrorMessage: failure?.message ?? null,
  };
}

function answer(
  mirrors: { name: string; errorCode?: number; topics: Record<string, WirePartition[]> }[],
  errorCode = 0,
): Answer {
  return {
    ThrottleTimeMs: 0,
    ErrorCode: errorCode,
    ErrorMessage: null,
    Mirrors: mirrors.map((m) => ({
      ErrorCode: m.errorCode ?? 0,
      MirrorName: m.name,
      AuthorizedOperations: -2147483648,
      Topics: Object.entries(m.topics).map(([TopicName, Partitions]) => ({ TopicName, Partitions })),
    })),
    LookupResults: [],
  };
}

// What describeMirrors keeps of each broker's answer (sendToEvery's keep), as it merges them.
const at = (broker: string, nodeId: number, response: Answer) => ({
  broker,
  nodeId,
  response: compactAnswer(response),
});

/** A merged topic's rows by partition, checking they are in partition order and one per partition. */
function byPartition(rows: readonly PartitionRow[] | undefined): Map<number, PartitionRow> {
  const partitions = (rows ?? []).map((r) => r.partition);
  assert.deepEqual(
    partitions,
    [...new Set(partitions)].sort((a, b) => a - b),
  );
  return new Map((rows ?? []).map((r) => [r.partition, r]));
}

describe('mergeAnswers', () => {
  it('unions the partitions each broker reports', () => {
    const { mirrors, warnings } = mergeAnswers([
      at('b1', 1, answer([{ name: 'm1', topics: { orders: [part(0, 'MIRRORING', [10, 10])] } }])),
      at(
        'b2',
        2,
        answer([{ name: 'm1', topics: { orders: [part(1, 'MIRRORING', [10, 8])], payments: [part(0, 'PAUSED')] } }]),
      ),
    ]);
    assert.deepEqual(warnings, []);
    const m1 = mirrors.get('m1');
    assert.ok(m1?.ok);
    assert.deepEqual([...byPartition(m1.topics.get('orders')).keys()], [0, 1]);
    assert.equal(byPartition(m1.topics.get('payments')).get(0)?.state, 'PAUSED');
  });

  it(
    'keeps one row for a partition two brokers report (leadership moving): the live MIRRORING one, ' +
      'then the further offset',
    () => {
      const { mirrors } = mergeAnswers([
        at('b1', 1, answer([{ name: 'm1', topics: { orders: [part(0, 'UNKNOWN'), part(1, 'MIRRORING', [50, 40])] } }])),
        at(
          'b2',
          2,
          answer([
            { name: 'm1', topics: { orders: [part(0, 'MIRRORING', [50, 45]), part(1, 'MIRRORING', [50, 48])] } },
          ]),
        ),
        at('b3', 3, answer([{ name: 'm1', topics: { orders: [part(1, 'MIRRORING', [50, 44])] } }])),
      ]);
      const orders = byPartition(mirrors.get('m1')?.topics.get('orders'));
      assert.equal(orders.size, 2);
      assert.equal(orders.get(0)?.state, 'MIRRORING');
      assert.equal(orders.get(0)?.destinationOffset, 45n);
      assert.equal(orders.get(1)?.destinationOffset, 48n);
      assert.equal(orders.get(1)?.lag, 2n);
    },
  );

  it('a broker answering top-level 35 becomes a warning naming it; the others still count', () => {
    const { mirrors, warnings } = mergeAnswers([
      at('b1', 1, answer([], 35)),
      at('b2', 2, answer([{ name: 'm1', topics: { orders: [part(0, 'MIRRORING', [1, 1])] } }])),
    ]);
    assert.deepEqual(
      warnings.map((w) => [w.broker, w.nodeId, w.errorCode]),
      [['b1', 1, 35]],
    );
    assert.equal(byPartition(mirrors.get('m1')?.topics.get('orders')).size, 1);
  });

  it('a mirror error on one broker loses to a success on another', () => {
    const { mirrors } = mergeAnswers([
      at('b1', 1, answer([{ name: 'm1', errorCode: 144, topics: {} }])),
      at(
        'b2',
        2,
        answer([
          {
            name: 'm1',
            topics: { orders: [part(0, 'FAILED', null, { retry: -1, message: 'The source topic is deleted.' })] },
          },
        ]),
      ),
    ]);
    const m1 = mirrors.get('m1');
    assert.equal(m1?.ok, true);
    assert.equal(byPartition(m1?.topics.get('orders')).get(0)?.retryAttempt, -1);
  });
});

function fakeClient(options: {
  listed: string[];
  answers: { broker: string; nodeId: number; response: Answer }[];
  failures?: BrokerFailure[];
}): KafkaClient {
  const fake = {
    requireMirroring: async () => ({}),
    send: async () => ({
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Mirrors: options.listed.map((MirrorName) => ({
        MirrorName,
        SourceBootstrap: 's:9092',
        SourceClusterId: 'abc',
        TopicCount: 0,
        TopicNames: [],
      })),
    }),
    // Like a broker: only the names asked for (all when none).
    sendToEvery: async (
      _api: unknown,
      body: { MirrorNames: string[] },
      sendOptions: { keep?: (response: Answer) => unknown } = {},
    ) => ({
      answers: options.answers.map((a) => {
        const response = {
          ...a.response,
          Mirrors: a.response.Mirrors.filter(
            (m) => body.MirrorNames.length === 0 || body.MirrorNames.includes(m.MirrorName),
          ),
        };
        return {
          broker: { host: a.broker, port: 9092, nodeId: a.nodeId },
          response: sendOptions.keep ? sendOptions.keep(response) : response,
        };
      }),
      failures: options.failures ?? [],
    }),
  };
  return fake as unknown as KafkaClient;
}

describe('describeMirrors', () => {
  it('one broker failing: the rest is returned, the failure is a broker warning', async () => {
    const client = fakeClient({
      listed: ['m1'],
      answers: [
        {
          broker: 'b1',
          nodeId: 1,
          response: answer([{ name: 'm1', topics: { orders: [part(0, 'MIRRORING', [5, 2])] } }]),
        },
      ],
      failures: [new BrokerFailure('b2:9092 (node 2)', 2, new Error('connection refused'))],
    });
    const result = await describeMirrors(client, ['m1']);
    assert.equal(result.mirrors[0]?.summary.partitions, 1);
    assert.equal(result.mirrors[0]?.summary.totalLag, 3n);
    assert.deepEqual(result.brokerWarnings, [
      { broker: 'b2:9092 (node 2)', nodeId: 2, errorCode: null, message: 'connection refused' },
    ]);
  });

  it('names the cluster does not list are not found (the broker would answer them with an empty success)', async () => {
    const client = fakeClient({
      listed: ['m1'],
      answers: [
        {
          broker: 'b1',
          nodeId: 1,
          response: answer([
            { name: 'm1', topics: {} },
            { name: 'ghost', topics: {} },
          ]),
        },
      ],
    });
    const result = await describeMirrors(client, ['ghost', 'm1']);
    assert.deepEqual(result.notFound, ['ghost']);
    assert.deepEqual(
      result.mirrors.map((m) => m.name),
      ['m1'],
    );
  });

  it('every broker failing throws the first failure', async () => {
    const error = new Error('refused');
    const client = fakeClient({ listed: [], answers: [], failures: [new BrokerFailure('b1', 1, error)] });
    await assert.rejects(describeMirrors(client, []), (err) => err === error);
  });
});

describe('describe filters and sorting', () => {
  const report = async () => {
    const client = fakeClient({
      listed: ['m1'],
      answers: [
        {
          broker: 'b1',
          nodeId: 1,
          response: answer([
            {
              name: 'm1',
              topics: {
                orders: [
                  part(0, 'MIRRORING', [100, 90]),
                  part(1, 'MIRRORING', [100, 40]),
                  part(2, 'FAILED', null, { retry: 2, message: 'x' }),
                ],
                payments: [part(0, 'MIRRORING', [10, 5]), part(1, 'PAUSED')],
              },
            },
          ]),
        },
      ],
    });
    return describeMirrors(client, ['m1']);
  };

  it('--state and --min-lag keep matching partitions and recompute summaries; emptied topics go', async () => {
    const filtered = applyFilters(await report(), { states: ['FAILED'] });
    assert.deepEqual(
      filtered.mirrors[0]?.topics.map((t) => t.name),
      ['orders'],
    );
    assert.equal(filtered.mirrors[0]?.summary.partitions, 1);
    assert.equal(filtered.mirrors[0]?.summary.failing, 1);
    const lagging = applyFilters(await report(), { minLag: 10n });
    assert.deepEqual(
      lagging.mirrors[0]?.topics.flatMap((t) => t.partitions.map((p) => `${t.name}-${p.partition}`)),
      ['orders-0', 'orders-1', 'orders-2'],
      'a FAILED partition has no lag to compare and is kept, not hidden',
    );
    assert.equal(lagging.mirrors[0]?.summary.totalLag, 70n);
  });

  it('--topic is exact, --topic-pattern matches whole names', async () => {
    const exact = applyFilters(await report(), { topics: ['order'] });
    assert.deepEqual(exact.mirrors[0]?.topics, []);
    const pattern = applyFilters(await report(), { topicPatterns: parseTopicPatterns(['pay.*']) });
    assert.deepEqual(
      pattern.mirrors[0]?.topics.map((t) => t.name),
      ['payments'],
    );
    assert.throws(() => parseTopicPatterns(['(']), FilterError);
  });

  it('--state values are validated and upper-cased', () => {
    assert.deepEqual(parseStates(['failed', 'PAUSED,stopped']), ['FAILED', 'PAUSED', 'STOPPED']);
    assert.throws(() => parseStates(['RUNNING']), /unknown partition state 'RUNNING'/);
  });

  it('--sort lag: topics by max lag, partitions by lag, unknown last', async () => {
    const sorted = applySort(await report(), 'lag');
    assert.deepEqual(
      sorted.mirrors[0]?.topics.map((t) => t.name),
      ['orders', 'payments'],
    );
    assert.deepEqual(
      sorted.mirrors[0]?.topics[0]?.partitions.map((p) => p.partition),
      [1, 0, 2],
    );
    assert.deepEqual(
      sorted.mirrors[0]?.topics[1]?.partitions.map((p) => p.partition),
      [0, 1],
    );
  });
});
