// The group comparison over two in-memory clusters: which groups the mirror side selects, the
// verdict of each, and that offsets stay exact bigints.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compareGroups,
  judgeGroup,
  mirrorSelectsGroup,
  outOfSyncGroups,
  pairOffsets,
  type GroupSelection,
} from '../../../../src/lib/mirror/groups/group-compare.js';
import type {
  DescribedGroup,
  GroupOffsets,
  GroupOffsetsReader,
} from '../../../../src/lib/mirror/groups/group-offsets.js';

interface FakeGroup {
  readonly offsets: Record<string, Record<number, bigint>>;
  readonly state?: string;
  readonly members?: number;
}

function offsetsOf(group: FakeGroup | undefined): GroupOffsets {
  return new Map(
    Object.entries(group?.offsets ?? {}).map(([topic, parts]) => [
      topic,
      new Map(Object.entries(parts).map(([p, o]) => [Number(p), o])),
    ]),
  );
}

/** A cluster as the comparison sees it, recording which groups it was asked about. */
function cluster(groups: Record<string, FakeGroup>): GroupOffsetsReader & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    listGroups: async () => ({
      groups: Object.keys(groups).map((group) => ({ group, protocolType: '', state: 'Empty' })),
      failures: [],
    }),
    describeGroups: async (ids) =>
      new Map(
        ids.map((id): [string, DescribedGroup] => {
          asked.push(`describe ${id}`);
          const g = groups[id];
          return [
            id,
            { group: id, state: g ? (g.state ?? 'Empty') : 'Dead', protocolType: '', members: g?.members ?? 0 },
          ];
        }),
      ),
    committedOffsets: async (id) => {
      asked.push(`offsets ${id}`);
      return offsetsOf(groups[id]);
    },
  };
}

const MIRROR: GroupSelection = { topics: new Set(['orders']), include: ['.*'], exclude: [] };
const MAX = 2n ** 63n - 1n;

describe('compareGroups', () => {
  it('gives each group its verdict and asks the destination only about groups with something to copy', async () => {
    const source = cluster({
      same: { offsets: { orders: { 0: MAX, 1: 5n } } },
      behind: { offsets: { orders: { 0: 700n } } },
      back: { offsets: { orders: { 0: 600n } } },
      fresh: { offsets: { orders: { 0: 1n } } },
      live: { offsets: { orders: { 0: 1n } } },
      elsewhere: { offsets: { audit: { 0: 9n } } },
      'tool-x': { offsets: { orders: { 0: 1n } } },
    });
    const destination = cluster({
      same: { offsets: { orders: { 0: MAX, 1: 5n }, audit: { 0: 3n } } },
      behind: { offsets: { orders: { 0: 650n } } },
      back: { offsets: { orders: { 0: 650n } } },
      live: { offsets: { orders: { 0: 1n } }, state: 'Stable', members: 1 },
    });
    const result = await compareGroups(source, destination, { ...MIRROR, exclude: ['tool-.*'] });
    assert.deepEqual(
      result.groups.map((g) => [g.group, g.verdict, g.direction]),
      [
        ['same', 'in-sync', null],
        ['behind', 'differs', 'behind'],
        ['back', 'differs', 'ahead'],
        ['fresh', 'not-copied', null],
        ['live', 'active-on-destination', null],
        ['elsewhere', 'no-mirrored-topics', null],
        ['tool-x', 'excluded', null],
      ],
    );
    const same = result.groups[0];
    assert.deepEqual(same?.partitions, [
      { topic: 'orders', partition: 0, sourceOffset: MAX, destinationOffset: MAX, difference: 0n },
      { topic: 'orders', partition: 1, sourceOffset: 5n, destinationOffset: 5n, difference: 0n },
    ]);
    assert.equal(result.groups.find((g) => g.group === 'live')?.activeOnDestination, true);
    assert.deepEqual(
      destination.asked.filter((a) => a.includes('elsewhere') || a.includes('tool-x')),
      [],
      'neither the unmirrored nor the excluded group is looked up on the destination',
    );
    assert.deepEqual(
      outOfSyncGroups(result).map((g) => g.group),
      ['behind', 'back', 'fresh', 'live'],
    );
  });

  it('--group and --group-pattern narrow the source list; named groups it lacks are reported', async () => {
    const source = cluster({ a1: { offsets: {} }, a2: { offsets: {} }, b: { offsets: {} } });
    const named = await compareGroups(source, cluster({}), { ...MIRROR, groups: ['b', 'zz', 'aa'] });
    assert.deepEqual(
      named.groups.map((g) => g.group),
      ['b'],
    );
    assert.deepEqual(named.notFound, ['aa', 'zz']);
    const pattern = await compareGroups(source, cluster({}), { ...MIRROR, groupPatterns: ['a.'] });
    assert.deepEqual(
      pattern.groups.map((g) => g.group),
      ['a1', 'a2'],
    );
    const both = await compareGroups(source, cluster({}), { ...MIRROR, groups: ['b'], groupPatterns: ['a1'] });
    assert.deepEqual(
      both.groups.map((g) => g.group),
      ['a1', 'b'],
    );
  });
});

describe('the pieces', () => {
  it('mirror filters: full matches, exclude wins, an empty include selects nothing', () => {
    assert.equal(mirrorSelectsGroup({ include: ['app'], exclude: [] }, 'app'), true);
    assert.equal(mirrorSelectsGroup({ include: ['app'], exclude: [] }, 'app2'), false);
    assert.equal(mirrorSelectsGroup({ include: ['app-.*'], exclude: ['app-group2'] }, 'app-group2'), false);
    assert.equal(mirrorSelectsGroup({ include: [], exclude: [] }, 'app'), false);
  });

  it('pairs both sides on mirrored topics only; a partition on one side has no difference', () => {
    const rows = pairOffsets(
      offsetsOf({ offsets: { orders: { 1: 10n }, audit: { 0: 1n } } }),
      offsetsOf({ offsets: { orders: { 0: 3n, 1: 12n } } }),
      new Set(['orders']),
    );
    assert.deepEqual(rows, [
      { topic: 'orders', partition: 0, sourceOffset: null, destinationOffset: 3n, difference: null },
      { topic: 'orders', partition: 1, sourceOffset: 10n, destinationOffset: 12n, difference: -2n },
    ]);
  });

  it('direction: mixed when behind and ahead, missing when only presence differs', () => {
    const row = (p: number, s: bigint | null, d: bigint | null) => ({
      topic: 't',
      partition: p,
      sourceOffset: s,
      destinationOffset: d,
      difference: s !== null && d !== null ? s - d : null,
    });
    const idle: DescribedGroup = { group: 'g', state: 'Empty', protocolType: '', members: 0 };
    assert.deepEqual(judgeGroup([row(0, 5n, 4n), row(1, 5n, 6n)], idle), { verdict: 'differs', direction: 'mixed' });
    assert.deepEqual(judgeGroup([row(0, 5n, 5n), row(1, 5n, null)], idle), {
      verdict: 'differs',
      direction: 'missing',
    });
    assert.deepEqual(judgeGroup([row(0, 5n, 5n)], { ...idle, state: 'PreparingRebalance' }), {
      verdict: 'active-on-destination',
      direction: null,
    });
  });
});
