// What travels with the data (issue 13): the destination's periodic source sync copies consumer-group
// offsets and topic configs the way the prototype broker does. Each test names the rule it holds the
// emulator to.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errors } from '../../../../src/lib/kafka/error-codes.js';
import type { EmulatedCluster } from '../../../../src/lib/emulator/state/cluster.js';
import { describeGroups, listGroups, offsetCommit, offsetFetch } from '../../../../src/lib/emulator/apis/groups.js';
import { groupCoordinator, SIMPLE_COMMITTER, type Committer } from '../../../../src/lib/emulator/state/groups.js';
import { createMirror, ctx, pair, run, startTopics, states, type Pair } from './setup.js';

const SYNC_MS = 2000;
const FAST_SYNC = { brokerConfigs: { 'mirror.metadata.refresh.interval.ms': String(SYNC_MS) } };

/** A commit as a client sends it, to the group's coordinator node. */
function commit(
  cluster: EmulatedCluster,
  group: string,
  offsets: Record<string, Record<number, bigint>>,
  who: Committer = SIMPLE_COMMITTER,
): number[] {
  const answer = offsetCommit(cluster, ctx('User:admin', groupCoordinator(cluster, group)), {
    GroupId: group,
    GenerationId: who.generation,
    MemberId: who.memberId,
    GroupInstanceId: who.groupInstanceId,
    Topics: Object.entries(offsets).map(([Name, parts]) => ({
      Name,
      Partitions: Object.entries(parts).map(([p, offset]) => ({
        PartitionIndex: Number(p),
        CommittedOffset: offset,
        CommittedMetadata: null,
      })),
    })),
  });
  return answer.Topics.flatMap((t) => t.Partitions.map((p) => p.ErrorCode));
}

/** OffsetFetch v8 for every topic of the group: topic → partition → offset. */
function fetched(cluster: EmulatedCluster, group: string): Record<string, Record<number, bigint>> {
  const answer = offsetFetch(
    cluster,
    ctx('User:admin', groupCoordinator(cluster, group)),
    { GroupId: '', Topics: null, Groups: [{ groupId: group, Topics: null }] },
    8,
  );
  const out: Record<string, Record<number, bigint>> = {};
  for (const t of answer.Groups[0]?.Topics ?? [])
    out[t.Name] = Object.fromEntries(t.Partitions.map((p) => [p.PartitionIndex, p.CommittedOffset]));
  return out;
}

function listedEverywhere(cluster: EmulatedCluster): { GroupId: string; ProtocolType: string; GroupState: string }[] {
  return cluster
    .liveNodeIds()
    .flatMap((node) => listGroups(cluster, ctx('User:admin', node), { StatesFilter: [] }).Groups)
    .sort((a, b) => (a.GroupId < b.GroupId ? -1 : 1));
}

/** Source topics orders (2 partitions) and audit (1), mirror m1 with `orders` MIRRORING. */
function mirrored(extra: Record<string, string> = {}): Pair {
  const p = pair(FAST_SYNC);
  p.source.createTopic('orders', { partitions: 2 });
  p.source.createTopic('audit', { partitions: 1 });
  p.source.appendRecords('orders', 1000);
  p.source.appendRecords('audit', 1000);
  createMirror(p, 'm1', extra);
  startTopics(p, 'm1', ['orders']);
  run(p, 500);
  return p;
}

describe('group offset sync (mirror.groups.include / exclude, mirrored topics only)', () => {
  it(
    'rule: within one sync period, the destination holds the source offset exactly, backward moves ' +
      'included (600, 700, 650, 600)',
    () => {
      const p = mirrored();
      for (const offset of [600n, 700n, 650n, 600n]) {
        assert.deepEqual(commit(p.source, 'app', { orders: { 0: offset, 1: offset + 1n } }), [0, 0]);
        run(p, SYNC_MS);
        assert.deepEqual(fetched(p.destination, 'app'), { orders: { 0: offset, 1: offset + 1n } }, `after ${offset}`);
      }
    },
  );

  it('rule: not before the sync runs (mirror.metadata.refresh.interval.ms, a broker config)', () => {
    const p = mirrored();
    run(p, SYNC_MS);
    commit(p.source, 'app', { orders: { 0: 10n } });
    run(p, 100);
    assert.deepEqual(fetched(p.destination, 'app'), {});
    run(p, SYNC_MS);
    assert.deepEqual(fetched(p.destination, 'app'), { orders: { 0: 10n } });
  });

  it(
    'rule: the period is the broker config; a mirror-level mirror.metadata.refresh.interval.ms is ' +
      'stored but ignored',
    () => {
      const p = pair({ brokerConfigs: { 'mirror.metadata.refresh.interval.ms': '60000' } });
      p.source.createTopic('orders', { partitions: 1 });
      createMirror(p, 'm1', { 'mirror.metadata.refresh.interval.ms': '1000' });
      assert.equal(p.destination.mirrors.config('m1', 'mirror.metadata.refresh.interval.ms'), '1000');
      startTopics(p, 'm1', ['orders']);
      run(p, 61_000, 1000);
      commit(p.source, 'app', { orders: { 0: 5n } });
      run(p, 30_000, 1000);
      assert.deepEqual(fetched(p.destination, 'app'), {}, 'a 1 s mirror-level period would have copied it');
      run(p, 31_000, 1000);
      assert.deepEqual(fetched(p.destination, 'app'), { orders: { 0: 5n } });
    },
  );

  it(
    'rule: only offsets of mirrored topics are copied; a group with offsets only on other topics ' + 'never appears',
    () => {
      const p = mirrored();
      commit(p.source, 'mixed', { orders: { 0: 7n }, audit: { 0: 9n } });
      commit(p.source, 'audit-only', { audit: { 0: 3n } });
      run(p, SYNC_MS);
      assert.deepEqual(fetched(p.destination, 'mixed'), { orders: { 0: 7n } });
      assert.equal(p.destination.groups.get('audit-only'), undefined);
      assert.deepEqual(
        listedEverywhere(p.destination).map((g) => g.GroupId),
        ['mixed'],
      );
    },
  );

  it('rule: groups matching mirror.groups.include minus mirror.groups.exclude (test_groups_filtering)', () => {
    const p = mirrored({ 'mirror.groups.include': 'app-.*', 'mirror.groups.exclude': 'app-group2' });
    for (const g of ['app-group1', 'app-group2', 'internal-group1']) commit(p.source, g, { orders: { 0: 1n } });
    run(p, SYNC_MS);
    assert.deepEqual(
      listedEverywhere(p.destination).map((g) => g.GroupId),
      ['app-group1'],
    );
  });

  it('rule: the default include .* copies every group; patterns are full matches', () => {
    const p = mirrored({ 'mirror.groups.include': 'app' });
    commit(p.source, 'app', { orders: { 0: 1n } });
    commit(p.source, 'app2', { orders: { 0: 1n } });
    run(p, SYNC_MS);
    assert.deepEqual(
      listedEverywhere(p.destination).map((g) => g.GroupId),
      ['app'],
    );
    const q = mirrored();
    commit(q.source, 'anything', { orders: { 0: 1n } });
    run(q, SYNC_MS);
    assert.deepEqual(fetched(q.destination, 'anything'), { orders: { 0: 1n } });
  });

  it('rule: on the destination the copied group lists with an empty protocol type, DescribeGroups state Empty', () => {
    const p = mirrored();
    const consumer = p.source.groups.markActive('app');
    assert.deepEqual(commit(p.source, 'app', { orders: { 0: 42n } }, consumer), [0]);
    run(p, SYNC_MS);
    assert.deepEqual(listedEverywhere(p.destination), [{ GroupId: 'app', ProtocolType: '', GroupState: 'Empty' }]);
    const node = groupCoordinator(p.destination, 'app');
    const described = describeGroups(p.destination, ctx('User:admin', node), { Groups: ['app'] }).Groups[0];
    assert.equal(described?.ErrorCode, 0);
    assert.equal(described?.GroupState, 'Empty');
    assert.equal(described?.ProtocolType, '');
    assert.deepEqual(described?.Members, []);
  });

  it('rule: skip while active on the destination (the broker warns), overwrite once idle', () => {
    const p = mirrored();
    commit(p.source, 'app', { orders: { 0: 100n } });
    run(p, SYNC_MS);
    const consumer = p.destination.groups.markActive('app');
    assert.deepEqual(commit(p.destination, 'app', { orders: { 0: 120n } }, consumer), [0], 'B consumes and commits');
    commit(p.source, 'app', { orders: { 0: 150n } });
    run(p, SYNC_MS * 2);
    assert.deepEqual(fetched(p.destination, 'app'), { orders: { 0: 120n } }, 'skipped while active');
    assert.ok(
      p.destination.groups.syncLog.some((line) => /app.*active on destination/.test(line)),
      p.destination.groups.syncLog.join('\n'),
    );
    p.destination.groups.markIdle('app');
    run(p, SYNC_MS);
    assert.deepEqual(fetched(p.destination, 'app'), { orders: { 0: 150n } }, "B's own commit overwritten by A's");
  });

  it('rule: a paused topic gets no offset sync; after resume it does', () => {
    const p = mirrored();
    p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    commit(p.source, 'app', { orders: { 0: 5n } });
    run(p, SYNC_MS * 2);
    assert.deepEqual(fetched(p.destination, 'app'), {});
    p.destination.resumeMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    run(p, SYNC_MS);
    assert.deepEqual(fetched(p.destination, 'app'), { orders: { 0: 5n } });
  });

  it(
    'rule: after the topic is stopped the destination keeps its last copied offset; the stop marker ' +
      'takes one offset',
    () => {
      const p = mirrored();
      commit(p.source, 'app', { orders: { 0: 1000n, 1: 1000n } });
      run(p, SYNC_MS * 2);
      assert.equal(p.destination.endOffset('orders', 0), 1000n);
      p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
      run(p, 3000);
      assert.deepEqual(states(p.destination, 'orders'), ['STOPPED', 'STOPPED']);
      p.source.appendRecords('orders', 50);
      commit(p.source, 'app', { orders: { 0: 1050n, 1: 1050n } });
      run(p, SYNC_MS * 3);
      assert.deepEqual(fetched(p.destination, 'app'), { orders: { 0: 1000n, 1: 1000n } });
      // A consumer resuming at 1000 meets the MIRROR_PID_RESET control batch there and nothing after it.
      assert.equal(p.destination.endOffset('orders', 0), 1001n);
    },
  );

  it(
    'rule: the simple commit (generation -1, empty member id) is refused with UNKNOWN_MEMBER_ID while ' +
      'the group has members',
    () => {
      const p = mirrored();
      const member = p.source.groups.markActive('app');
      assert.deepEqual(commit(p.source, 'app', { orders: { 0: 1n } }), [errors.UNKNOWN_MEMBER_ID.code]);
      assert.deepEqual(commit(p.source, 'app', { orders: { 0: 1n } }, { ...member, generation: 99 }), [
        errors.ILLEGAL_GENERATION.code,
      ]);
      p.source.groups.markIdle('app');
      assert.deepEqual(commit(p.source, 'app', { orders: { 0: 2n } }), [0]);
    },
  );
});

describe('topic config sync (mirror.topic.properties.exclude)', () => {
  const configsOf = (p: Pair, topic: string): Record<string, string> =>
    Object.fromEntries(p.destination.topics.get(topic)?.configs ?? []);

  function withConfigs(extra: Record<string, string> = {}): Pair {
    const p = pair(FAST_SYNC);
    p.source.createTopic('orders', {
      partitions: 1,
      configs: { 'retention.ms': '1000', 'retention.bytes': '5000', 'min.insync.replicas': '2' },
    });
    createMirror(p, 'm1', extra);
    startTopics(p, 'm1', ['orders']);
    run(p, SYNC_MS + 500);
    return p;
  }

  function alterTopic(cluster: EmulatedCluster, topic: string, key: string, value: string | null): void {
    const res = cluster.incrementalAlterConfigs(ctx(), {
      ValidateOnly: false,
      Resources: [
        {
          ResourceType: 2,
          ResourceName: topic,
          Configs: [{ Name: key, ConfigOperation: value === null ? 1 : 0, Value: value }],
        },
      ],
    });
    assert.equal(res.Responses[0]?.ErrorCode, 0);
  }

  it(
    'rule: source changes reach the destination within one sync period; the default exclude list ' +
      'holds back min.insync.replicas',
    () => {
      const p = withConfigs();
      assert.deepEqual(configsOf(p, 'orders'), { 'retention.ms': '1000', 'retention.bytes': '5000' });
      alterTopic(p.source, 'orders', 'retention.ms', '2000');
      run(p, SYNC_MS);
      assert.equal(configsOf(p, 'orders')['retention.ms'], '2000');
    },
  );

  it(
    'rule: setting mirror.topic.properties.exclude replaces the default list, so min.insync.replicas ' +
      'starts syncing (test_props_exclude)',
    () => {
      const p = withConfigs({ 'mirror.topic.properties.exclude': 'retention.bytes' });
      assert.deepEqual(configsOf(p, 'orders'), { 'retention.ms': '1000', 'min.insync.replicas': '2' });
    },
  );

  it('rule: deleting a config on the source is never copied to the destination', () => {
    const p = withConfigs();
    alterTopic(p.source, 'orders', 'retention.ms', null);
    run(p, SYNC_MS * 3);
    assert.equal(configsOf(p, 'orders')['retention.ms'], '1000');
  });

  it('rule: a direct change on the destination is reverted within one sync', () => {
    const p = withConfigs();
    alterTopic(p.destination, 'orders', 'retention.ms', '9');
    assert.equal(configsOf(p, 'orders')['retention.ms'], '9');
    run(p, SYNC_MS);
    assert.equal(configsOf(p, 'orders')['retention.ms'], '1000');
  });
});
