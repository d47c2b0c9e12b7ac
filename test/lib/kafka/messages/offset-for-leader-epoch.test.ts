// OffsetForLeaderEpoch against bytes written by hand from Kafka's message JSON (not by our encoder):
// the consumer-style lookup failback sends (v3, classic encoding) and the flexible v4 pair.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeMessage, encodeMessage } from '../../../../src/lib/kafka/codec.js';
import type { MessageDefinition } from '../../../../src/lib/kafka/definition.js';
import { OffsetForLeaderEpoch } from '../../../../src/lib/kafka/messages/index.js';

const hex = (text: string): Buffer => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const ORDERS = '6f 72 64 65 72 73';

function both(message: MessageDefinition, version: number, bytes: string, value: Record<string, unknown>): void {
  const expected = hex(bytes);
  assert.equal(encodeMessage(message, version, value).toString('hex'), expected.toString('hex'));
  assert.deepStrictEqual(decodeMessage(message, version, expected), value);
}

describe('OffsetForLeaderEpoch: hand-written bytes', () => {
  test('request v3: a consumer (ReplicaId -1) asks for the end of epoch 4 of orders-0', () => {
    both(
      OffsetForLeaderEpoch.request,
      3,
      `ff ff ff ff  00 00 00 01  00 06 ${ORDERS}  00 00 00 01  00 00 00 00  ff ff ff ff  00 00 00 04`,
      {
        ReplicaId: -1,
        Topics: [{ Topic: 'orders', Partitions: [{ Partition: 0, CurrentLeaderEpoch: -1, LeaderEpoch: 4 }] }],
      },
    );
  });

  test('request v4: compact arrays and strings, a tag buffer after each struct', () => {
    both(
      OffsetForLeaderEpoch.request,
      4,
      `ff ff ff ff  02  07 ${ORDERS}  02  00 00 00 02  00 00 00 05  00 00 00 03  00  00  00`,
      {
        ReplicaId: -1,
        Topics: [{ Topic: 'orders', Partitions: [{ Partition: 2, CurrentLeaderEpoch: 5, LeaderEpoch: 3 }] }],
      },
    );
  });

  test('response v4: epoch 3 ends at offset 100', () => {
    both(
      OffsetForLeaderEpoch.response,
      4,
      `00 00 00 00  02  07 ${ORDERS}  02  00 00  00 00 00 02  00 00 00 03  00 00 00 00 00 00 00 64  00  00  00`,
      {
        ThrottleTimeMs: 0,
        Topics: [{ Topic: 'orders', Partitions: [{ ErrorCode: 0, Partition: 2, LeaderEpoch: 3, EndOffset: 100n }] }],
      },
    );
  });

  test('response v2: no epoch that old wrote records (-1, -1)', () => {
    both(
      OffsetForLeaderEpoch.response,
      2,
      `00 00 00 00  00 00 00 01  00 06 ${ORDERS}  00 00 00 01  00 00  00 00 00 00  ff ff ff ff  ff ff ff ff ` +
        `ff ff ff ff`,
      {
        ThrottleTimeMs: 0,
        Topics: [{ Topic: 'orders', Partitions: [{ ErrorCode: 0, Partition: 0, LeaderEpoch: -1, EndOffset: -1n }] }],
      },
    );
  });
});
