import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Authorizer } from '../../../../src/lib/emulator/state/acl.js';
import { AUTHORIZED_OPERATIONS_OMITTED } from '../../../../src/lib/emulator/state/acl.js';
import { createMirror, ctx, describeAll, pair, run, startTopics } from '../state/setup.js';

function mirrored(partitions = 6): ReturnType<typeof pair> {
  const p = pair();
  p.source.createTopic('orders', { partitions, initialOffset: 7n });
  createMirror(p);
  startTopics(p, 'm1', ['orders']);
  run(p, 1000);
  return p;
}

describe('DescribeClusterMirrors (§3 DescribeClusterMirrors)', () => {
  it('feature gate: 35, ErrorMessage null, no mirrors and no lookup results', () => {
    const p = pair({ mirrorVersion: 0 });
    assert.deepEqual(
      p.destination.describeClusterMirrors(ctx(), {
        MirrorNames: [],
        ClusterId: 'x',
        LastMirrorEpochLookups: [{ TopicId: 'AAAAAAAAAAAAAAAAAAAAAA', Partitions: [0] }],
      }),
      {
        ThrottleTimeMs: 0,
        ErrorCode: 35,
        ErrorMessage: null,
        Mirrors: [],
        LookupResults: [],
      },
    );
  });

  it('each node reports only the partitions it leads; the union over nodes is every partition once', () => {
    const p = mirrored(6);
    const perNode = p.destination.nodeIds.map((node) => {
      const res = p.destination.describeClusterMirrors(ctx('User:admin', node), { MirrorNames: [] });
      return res.Mirrors[0]?.Topics[0]?.Partitions.map((x) => x.PartitionIndex) ?? [];
    });
    assert.ok(
      perNode.every((indexes) => indexes.length > 0 && indexes.length < 6),
      'every node sees a part',
    );
    assert.deepEqual(perNode.flat().sort(), [0, 1, 2, 3, 4, 5]);
  });

  it('a node that goes down hands its partitions to another replica; the union stays complete', () => {
    const p = mirrored(6);
    assert.ok(
      describeAll(p.destination).some((r) => r.node === 2),
      'node 2 leads some before (and they are indexed)',
    );
    p.destination.setNodeUp(2, false);
    const rows = describeAll(p.destination);
    assert.deepEqual(
      rows.map((r) => r.PartitionIndex),
      [0, 1, 2, 3, 4, 5],
    );
    assert.ok(rows.every((r) => r.node !== 2));
  });

  it('a node that leads nothing still lists the mirror, with no topics', () => {
    const p = mirrored(1);
    const empty = p.destination.nodeIds
      .map((node) => p.destination.describeClusterMirrors(ctx('User:admin', node), { MirrorNames: ['m1'] }).Mirrors[0])
      .filter((m) => m?.Topics.length === 0);
    assert.equal(empty.length, 2);
    assert.deepEqual(empty[0], {
      ErrorCode: 0,
      MirrorName: 'm1',
      AuthorizedOperations: AUTHORIZED_OPERATIONS_OMITTED,
      Topics: [],
    });
  });

  it('MIRRORING partitions carry real offsets and lag = max(0, source - destination)', () => {
    const p = mirrored(2);
    const rows = describeAll(p.destination);
    assert.deepEqual(
      rows.map((r) => [r.StateValue, r.SourceOffset, r.DestinationOffset, r.Lag, r.RetryAttempt, r.ErrorMessage]),
      [
        ['MIRRORING', 7n, 7n, 0n, 0, null],
        ['MIRRORING', 7n, 7n, 0n, 0, null],
      ],
    );
  });

  it('explicit unauthorized name → entry with 144 and no topics; "all" silently drops it', () => {
    const auth = new Authorizer({
      rules: [
        { principal: 'User:admin', resourceType: 'CLUSTER_MIRROR', name: '*', operation: 'ALL' },
        { principal: 'User:admin', resourceType: 'CLUSTER', name: '*', operation: 'ALL' },
        { principal: 'User:admin', resourceType: 'TOPIC', name: '*', operation: 'ALL' },
        { principal: 'User:bob', resourceType: 'CLUSTER_MIRROR', name: 'm2', operation: 'DESCRIBE' },
      ],
    });
    const p = pair({ authorizer: auth });
    createMirror(p, 'm1');
    createMirror(p, 'm2');
    const explicit = p.destination.describeClusterMirrors(ctx('User:bob'), { MirrorNames: ['m1', 'm2'] });
    assert.deepEqual(
      explicit.Mirrors.map((m) => [m.MirrorName, m.ErrorCode, m.Topics.length]),
      [
        ['m1', 144, 0],
        ['m2', 0, 0],
      ],
    );
    assert.equal(explicit.ErrorCode, 0);
    const all = p.destination.describeClusterMirrors(ctx('User:bob'), { MirrorNames: [] });
    assert.deepEqual(
      all.Mirrors.map((m) => m.MirrorName),
      ['m2'],
    );
  });

  it('an explicit name that does not exist gets ErrorCode 0 and no topics', () => {
    const p = pair();
    const res = p.destination.describeClusterMirrors(ctx(), { MirrorNames: ['ghost'] });
    assert.deepEqual(res.Mirrors, [
      { ErrorCode: 0, MirrorName: 'ghost', AuthorizedOperations: AUTHORIZED_OPERATIONS_OMITTED, Topics: [] },
    ]);
  });

  it('AuthorizedOperations is INT32_MIN unless requested, then a bitfield of AclOperation codes', () => {
    const auth = new Authorizer({
      rules: [
        { principal: 'User:admin', resourceType: 'CLUSTER_MIRROR', name: '*', operation: 'ALL' },
        { principal: 'User:admin', resourceType: 'CLUSTER', name: '*', operation: 'ALL' },
        { principal: 'User:bob', resourceType: 'CLUSTER_MIRROR', name: 'm1', operation: 'ALTER' },
        { principal: 'User:bob', resourceType: 'CLUSTER_MIRROR', name: 'm1', operation: 'DESCRIBE_CONFIGS' },
      ],
    });
    const p = pair({ authorizer: auth });
    createMirror(p);
    const res = p.destination.describeClusterMirrors(ctx('User:bob'), {
      MirrorNames: ['m1'],
      IncludeAuthorizedOperations: true,
    });
    // ALTER (7), DESCRIBE (8, implied by ALTER), DESCRIBE_CONFIGS (10).
    assert.equal(res.Mirrors[0]?.AuthorizedOperations, (1 << 7) | (1 << 8) | (1 << 10));
    const all = p.destination.describeClusterMirrors(ctx(), { MirrorNames: ['m1'], IncludeAuthorizedOperations: true });
    assert.equal(
      all.Mirrors[0]?.AuthorizedOperations,
      (1 << 5) | (1 << 6) | (1 << 7) | (1 << 8) | (1 << 10) | (1 << 11),
    );
  });

  it('tagged lookup: mirrors from the asking cluster id answer last mirror epochs; unknown ids are skipped', () => {
    const p = mirrored(2);
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, 1000);
    const id = p.destination.topics.get('orders')?.id ?? '';
    const lookups = [
      { TopicId: id, Partitions: [0, 1] },
      { TopicId: 'AAAAAAAAAAAAAAAAAAAAAQ', Partitions: [0] },
    ];
    const merged = new Map<number, number>();
    for (const node of p.destination.nodeIds) {
      const res = p.destination.describeClusterMirrors(ctx('User:admin', node), {
        MirrorNames: [],
        ClusterId: p.source.clusterId,
        LastMirrorEpochLookups: lookups,
      });
      assert.deepEqual(
        res.LookupResults.map((r) => r.TopicId),
        [id],
      );
      for (const part of res.LookupResults[0]?.Partitions ?? [])
        merged.set(part.PartitionIndex, Math.max(merged.get(part.PartitionIndex) ?? -1, part.LastMirrorEpoch));
    }
    assert.deepEqual([...merged].sort(), [
      [0, 0],
      [1, 0],
    ]);
    const otherCluster = p.destination.describeClusterMirrors(ctx(), {
      MirrorNames: [],
      ClusterId: 'not-the-source',
      LastMirrorEpochLookups: lookups,
    });
    assert.deepEqual(otherCluster.LookupResults, []);
  });
});
