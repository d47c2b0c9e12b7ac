// The Kafka side of the group comparison against a fake client: coordinator lookup in both answer
// layouts (one key v0-3, batched v4+), OffsetFetch in both layouts (top level v1-7, groups v8),
// a coordinator that moved, and errors that name the group.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errors } from '../../../../src/lib/kafka/error-codes.js';
import { DescribeGroups, FindCoordinator, ListGroups, OffsetFetch } from '../../../../src/lib/kafka/messages/index.js';
import type { ResponseOf } from '../../../../src/lib/kafka/message-types.js';
import { KafkaResponseError } from '../../../../src/lib/mirror/core/errors.js';
import { groupOffsetsReader } from '../../../../src/lib/mirror/groups/group-offsets.js';
import { BROKERS, fakeClient } from '../fake-client.js';

type Found = ResponseOf<typeof FindCoordinator>;
type Fetched = ResponseOf<typeof OffsetFetch>;

const B2 = BROKERS[1] ?? { host: 'b2', port: 9092, nodeId: 2 };

function found(nodeId: number, batched: boolean, errorCode = 0): Found {
  const single = { NodeId: nodeId, Host: `b${nodeId}`, Port: 9092, ErrorCode: errorCode, ErrorMessage: null };
  return batched
    ? {
        ThrottleTimeMs: 0,
        ErrorCode: 0,
        ErrorMessage: null,
        NodeId: 0,
        Host: '',
        Port: 0,
        Coordinators: [{ Key: 'g', ...single }],
      }
    : { ThrottleTimeMs: 0, ...single, Coordinators: [] };
}

const partition = (PartitionIndex: number, CommittedOffset: bigint, ErrorCode = 0) => ({
  PartitionIndex,
  CommittedOffset,
  CommittedLeaderEpoch: -1,
  Metadata: '',
  ErrorCode,
});

function fetched(batched: boolean, groupError = 0): Fetched {
  const topics = [{ Name: 'orders', Partitions: [partition(0, 600n), partition(1, -1n), partition(2, 2n ** 62n)] }];
  return batched
    ? { ThrottleTimeMs: 0, Topics: [], ErrorCode: 0, Groups: [{ groupId: 'g', Topics: topics, ErrorCode: groupError }] }
    : { ThrottleTimeMs: 0, Topics: topics, ErrorCode: groupError, Groups: [] };
}

describe('groupOffsetsReader', () => {
  for (const batched of [false, true]) {
    it(
      `reads committed offsets at the coordinator (${batched ? 'v4+/v8 batched' : 'v0-3/v1-7'} ` +
        `answers); -1 is no offset`,
      async () => {
        const fake = fakeClient()
          .answer(FindCoordinator, () => found(2, batched))
          .answer(OffsetFetch, () => fetched(batched));
        const offsets = await groupOffsetsReader(fake.client).committedOffsets('g');
        assert.deepEqual(
          [...(offsets.get('orders') ?? [])],
          [
            [0, 600n],
            [2, 2n ** 62n],
          ],
        );
        assert.equal(fake.sent.find((s) => s.api === 'OffsetFetch')?.broker?.nodeId, 2);
      },
    );
  }

  it('a coordinator that moved (NOT_COORDINATOR) is found again', async () => {
    let lookups = 0;
    const fake = fakeClient()
      .answer(FindCoordinator, () => found(++lookups === 1 ? 1 : 2, true))
      .answer(OffsetFetch, (_body, broker) => fetched(true, broker?.nodeId === 1 ? errors.NOT_COORDINATOR.code : 0));
    const offsets = await groupOffsetsReader(fake.client).committedOffsets('g');
    assert.equal(offsets.get('orders')?.get(0), 600n);
    assert.equal(lookups, 2);
  });

  it('an authorization failure names the group and is a denial', async () => {
    const fake = fakeClient()
      .answer(FindCoordinator, () => found(1, false))
      .answer(OffsetFetch, () => fetched(false, errors.GROUP_AUTHORIZATION_FAILED.code));
    await assert.rejects(groupOffsetsReader(fake.client).committedOffsets('g'), (err: unknown) => {
      assert.ok(err instanceof KafkaResponseError);
      assert.equal(err.kind, 'denied');
      assert.match(err.message, /group 'g'/);
      assert.match(err.hint ?? '', /--operation Describe --group g/);
      return true;
    });
  });

  it(
    'a coordinator lookup refused for good is an error; ListGroups merges brokers and reports a ' + 'failing one',
    async () => {
      const refused = fakeClient().answer(FindCoordinator, () =>
        found(-1, true, errors.GROUP_AUTHORIZATION_FAILED.code),
      );
      await assert.rejects(groupOffsetsReader(refused.client).committedOffsets('g'), /group 'g'/);
      const fake = fakeClient().answer(ListGroups, (_body, broker) => ({
        ThrottleTimeMs: 0,
        ErrorCode: broker?.nodeId === B2.nodeId ? errors.COORDINATOR_LOAD_IN_PROGRESS.code : 0,
        Groups: [
          { GroupId: 'z', ProtocolType: 'consumer', GroupState: 'Stable' },
          { GroupId: 'a', ProtocolType: '', GroupState: '' },
        ],
      }));
      const listing = await groupOffsetsReader(fake.client).listGroups();
      assert.deepEqual(listing.groups, [
        { group: 'a', protocolType: '', state: null },
        { group: 'z', protocolType: 'consumer', state: 'Stable' },
      ]);
      assert.equal(listing.failures.length, 1);
      assert.match(listing.failures[0]?.message ?? '', /COORDINATOR_LOAD_IN_PROGRESS/);
    },
  );

  it('describes each group at its coordinator: state and member count', async () => {
    const fake = fakeClient()
      .answer(FindCoordinator, () => found(1, true))
      .answer(DescribeGroups, (body) => ({
        ThrottleTimeMs: 0,
        Groups: (body.Groups ?? []).map((GroupId) => ({
          ErrorCode: 0,
          GroupId,
          GroupState: GroupId === 'g' ? 'Stable' : 'Dead',
          ProtocolType: 'consumer',
          ProtocolData: 'range',
          Members:
            GroupId === 'g'
              ? [
                  {
                    MemberId: 'm',
                    GroupInstanceId: null,
                    ClientId: 'c',
                    ClientHost: 'h',
                    MemberMetadata: Buffer.alloc(0),
                    MemberAssignment: Buffer.alloc(0),
                  },
                ]
              : [],
          AuthorizedOperations: 0,
        })),
      }));
    const described = await groupOffsetsReader(fake.client).describeGroups(['g', 'gone']);
    assert.deepEqual(described.get('g'), { group: 'g', state: 'Stable', protocolType: 'consumer', members: 1 });
    assert.equal(described.get('gone')?.state, 'Dead');
  });
});
