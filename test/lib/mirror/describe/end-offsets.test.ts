import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KafkaProtocolError } from '../../../../src/lib/kafka/errors.js';
import { ListOffsets, Metadata } from '../../../../src/lib/kafka/messages/index.js';
import type { RequestInput, ResponseOf } from '../../../../src/lib/kafka/message-types.js';
import { readEndOffsets } from '../../../../src/lib/mirror/describe/end-offsets.js';
import { metadata, metadataTopic } from '../fake-answers.js';
import { fakeClient } from '../fake-client.js';

/** ListOffsets from each leader: offset = 1000 × node + partition, except the codes in `errors`. */
function listOffsets(errors: ReadonlyMap<string, number> = new Map()) {
  return (
    body: RequestInput<typeof ListOffsets>,
    broker: { nodeId?: number } | undefined,
  ): ResponseOf<typeof ListOffsets> => ({
    ThrottleTimeMs: 0,
    Topics: (body.Topics ?? []).map((t) => ({
      Name: t.Name ?? '',
      Partitions: (t.Partitions ?? []).map((p) => ({
        PartitionIndex: p.PartitionIndex ?? -1,
        ErrorCode: errors.get(`${t.Name ?? ''}-${p.PartitionIndex ?? -1}`) ?? 0,
        Timestamp: -1n,
        Offset: BigInt(1000 * (broker?.nodeId ?? 0) + (p.PartitionIndex ?? 0)),
        LeaderEpoch: 0,
      })),
    })),
  });
}

const offsetsOf = (offsets: Map<string, Map<number, unknown>>, topic: string) =>
  Object.fromEntries([...(offsets.get(topic) ?? new Map<number, unknown>())].map(([p, o]) => [p, String(o)]));

describe('readEndOffsets', () => {
  it('sends nothing when no partition is wanted', async () => {
    const fake = fakeClient();
    const result = await readEndOffsets(fake.client, new Map());
    assert.deepEqual(fake.sent, []);
    assert.equal(result.offsets.size, 0);
    assert.deepEqual(result.failures, []);
  });

  it(
    "asks Metadata for the topics, then each partition's leader for its latest offset, one " + 'request per leader',
    async () => {
      const fake = fakeClient()
        .answer(Metadata, () => metadata([metadataTopic('orders', [1, 2, 1]), metadataTopic('other', [2])]))
        .answer(ListOffsets, listOffsets());
      const result = await readEndOffsets(fake.client, new Map([['orders', [0, 1, 2]]]));
      assert.deepEqual(fake.apis(), ['Metadata', 'ListOffsets', 'ListOffsets']);
      const metadataBody = fake.sent[0]?.body as { Topics: { Name: string }[]; AllowAutoTopicCreation: boolean };
      assert.deepEqual(metadataBody.Topics, [{ Name: 'orders' }]);
      assert.equal(metadataBody.AllowAutoTopicCreation, false, 'never creates the topic');
      const byLeader = new Map(
        fake.sent
          .filter((s) => s.api === 'ListOffsets')
          .map((s) => {
            const body = s.body as { Topics: { Partitions: { PartitionIndex: number; Timestamp: bigint }[] }[] };
            for (const p of body.Topics[0]?.Partitions ?? []) assert.equal(p.Timestamp, -1n, 'latest offset');
            return [s.broker?.nodeId, body.Topics[0]?.Partitions.map((p) => p.PartitionIndex)];
          }),
      );
      assert.deepEqual(byLeader.get(1), [0, 2]);
      assert.deepEqual(byLeader.get(2), [1]);
      assert.deepEqual(offsetsOf(result.offsets, 'orders'), { 0: '1000', 1: '2001', 2: '1002' });
      assert.deepEqual(result.failures, []);
    },
  );

  it(
    'collects failures instead of throwing: topic error, no leader, partition error, a leader ' + 'that fails',
    async () => {
      const fake = fakeClient()
        .answer(Metadata, () =>
          metadata([metadataTopic('gone', [1], 3), metadataTopic('leaderless', [-1, 1]), metadataTopic('t', [1, 2])]),
        )
        .answer(ListOffsets, (body, broker) => {
          if (broker?.nodeId === 2) throw new KafkaProtocolError(6, 'ListOffsets', null);
          return listOffsets(new Map([['t-0', 6]]))(body, broker);
        });
      const result = await readEndOffsets(
        fake.client,
        new Map([
          ['gone', [0]],
          ['leaderless', [0, 1]],
          ['t', [0, 1]],
        ]),
      );
      assert.deepEqual(offsetsOf(result.offsets, 'leaderless'), { 1: '1001' });
      assert.deepEqual(offsetsOf(result.offsets, 't'), {});
      const failures = result.failures.map((f) => `${f.broker} ${f.nodeId} ${f.errorCode} ${f.message}`).sort();
      assert.deepEqual(failures, [
        'b1:9092 (node 1) 1 6 ListOffsets for t-0: NOT_LEADER_OR_FOLLOWER',
        `b2:9092 (node 2) 2 6 ListOffsets: ${new KafkaProtocolError(6, 'ListOffsets', null).message}`,
        "metadata null 3 Metadata for topic 'gone': UNKNOWN_TOPIC_OR_PARTITION",
        'metadata null null no leader for leaderless-0',
      ]);
    },
  );
});
