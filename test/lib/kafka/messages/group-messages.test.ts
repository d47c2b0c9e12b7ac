// Consumer-group messages against bytes written by hand from Kafka's message JSON (not by our
// encoder): the simple commit librdkafka sends without joining, a batched v8 OffsetFetch answer,
// FindCoordinator v0 and DescribeGroups for a group that only has offsets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeMessage, encodeMessage } from '../../../../src/lib/kafka/codec.js';
import type { MessageDefinition } from '../../../../src/lib/kafka/definition.js';
import {
  DescribeGroups,
  FindCoordinator,
  GROUP_APIS,
  ListGroups,
  OffsetCommit,
  OffsetFetch,
} from '../../../../src/lib/kafka/messages/index.js';

const hex = (text: string): Buffer => Buffer.from(text.replace(/\s+/g, ''), 'hex');

function both(message: MessageDefinition, version: number, bytes: string, value: Record<string, unknown>): void {
  const expected = hex(bytes);
  assert.equal(encodeMessage(message, version, value).toString('hex'), expected.toString('hex'));
  assertSubset(decodeMessage(message, version, expected), value, message.name);
}

/** Every key given must decode to its value; absent-in-this-version fields decode to defaults, unchecked here. */
function assertSubset(actual: unknown, expected: unknown, at: string): void {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${at}: array expected`);
    assert.equal(actual.length, expected.length, `${at}: length`);
    expected.forEach((e, i) => assertSubset(actual[i], e, `${at}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object', `${at}: object expected`);
    for (const [key, v] of Object.entries(expected))
      assertSubset((actual as Record<string, unknown>)[key], v, `${at}.${key}`);
  } else {
    assert.deepStrictEqual(actual, expected, at);
  }
}

describe('consumer-group messages: hand-written bytes', () => {
  test('OffsetCommitRequest v2: simple commit, generation -1, empty member id, null metadata', () => {
    both(
      OffsetCommit.request,
      2,
      `00 01 67  ff ff ff ff  00 00  ff ff ff ff ff ff ff ff
       00 00 00 01  00 01 74  00 00 00 01  00 00 00 00  00 00 00 00 00 00 02 58  ff ff`,
      {
        GroupId: 'g',
        GenerationId: -1,
        MemberId: '',
        RetentionTimeMs: -1n,
        Topics: [{ Name: 't', Partitions: [{ PartitionIndex: 0, CommittedOffset: 600n, CommittedMetadata: null }] }],
      },
    );
  });

  test('OffsetFetchResponse v8: one group, compact arrays, tag buffers at every level', () => {
    both(
      OffsetFetch.response,
      8,
      `00 00 00 00  02  02 67  02  02 74  02  00 00 00 00  00 00 00 00 00 00 02 8a  ff ff ff ff  01  00 00  00
       00  00 00  00  00`,
      {
        ThrottleTimeMs: 0,
        Groups: [
          {
            groupId: 'g',
            Topics: [
              {
                Name: 't',
                Partitions: [
                  { PartitionIndex: 0, CommittedOffset: 650n, CommittedLeaderEpoch: -1, Metadata: '', ErrorCode: 0 },
                ],
              },
            ],
            ErrorCode: 0,
          },
        ],
      },
    );
  });

  test('OffsetFetchRequest v2: null topics asks for every topic of the group', () => {
    both(OffsetFetch.request, 2, '00 01 67  ff ff ff ff', { GroupId: 'g', Topics: null });
  });

  test('FindCoordinatorRequest v1 and Response v0: group key type 0, node 1 at h:9092', () => {
    both(FindCoordinator.request, 1, '00 01 67  00', { Key: 'g', KeyType: 0 });
    both(FindCoordinator.response, 0, '00 00  00 00 00 01  00 01 68  00 00 23 84', {
      ErrorCode: 0,
      NodeId: 1,
      Host: 'h',
      Port: 9092,
    });
  });

  test('ListGroupsResponse v4: group with offsets only has an empty protocol type and state Empty', () => {
    both(ListGroups.response, 4, '00 00 00 00  00 00  02  02 67  01  06 45 6d 70 74 79  00  00', {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      Groups: [{ GroupId: 'g', ProtocolType: '', GroupState: 'Empty' }],
    });
  });

  test('DescribeGroupsResponse v0: state Empty, no members', () => {
    both(DescribeGroups.response, 0, '00 00 00 01  00 00  00 01 67  00 05 45 6d 70 74 79  00 00  00 00  00 00 00 00', {
      Groups: [{ ErrorCode: 0, GroupId: 'g', GroupState: 'Empty', ProtocolType: '', ProtocolData: '', Members: [] }],
    });
  });

  test('the group APIs carry the standard keys', () => {
    assert.deepEqual(
      GROUP_APIS.map((api) => [api.name, api.apiKey]),
      [
        ['OffsetCommit', 8],
        ['OffsetFetch', 9],
        ['FindCoordinator', 10],
        ['DescribeGroups', 15],
        ['ListGroups', 16],
      ],
    );
  });
});
