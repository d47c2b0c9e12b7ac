import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../../src/lib/emulator/state/clock.js';
import { EmulatedCluster } from '../../../../src/lib/emulator/state/cluster.js';
import { ClusterRegistry } from '../../../../src/lib/emulator/state/registry.js';
import { ctx, pair } from './setup.js';

describe('EmulatedCluster', () => {
  it('derives cluster and topic ids from the seed, so two runs print the same ids', () => {
    const make = (): EmulatedCluster => new EmulatedCluster({ name: 'src', clock: new ManualClock() });
    const [a, b] = [make(), make()];
    assert.equal(a.clusterId, b.clusterId);
    assert.equal(a.createTopic('t').id, b.createTopic('t').id);
    assert.notEqual(new EmulatedCluster({ name: 'other', clock: new ManualClock() }).clusterId, a.clusterId);
  });

  it('spreads partition leaders round-robin over nodes 1..N and moves them when a node goes down', () => {
    const c = new EmulatedCluster({ clock: new ManualClock(), nodeCount: 3 });
    const t = c.createTopic('t', { partitions: 6 });
    assert.deepEqual(
      t.partitions.map((p) => p.leader),
      [1, 2, 3, 1, 2, 3],
    );
    c.setNodeUp(1, false);
    assert.ok(t.partitions.every((p) => p.leader !== 1));
    assert.equal(t.partitions[0]?.leaderEpoch, 1, 'a leader change bumps the epoch');
    assert.equal(c.controllerId, 2);
    c.setNodeUp(1, true);
    assert.equal(t.partitions[0]?.leader, 1);
  });

  it('grows end offsets from the per-topic rate as the clock moves, without ticking', () => {
    const clock = new ManualClock();
    const c = new EmulatedCluster({ clock });
    c.createTopic('t', { partitions: 2, growthPerSec: 10, initialOffset: 5n });
    clock.advance(1500);
    assert.equal(c.endOffset('t', 1), 20n);
    c.setGrowthRate('t', 0);
    clock.advance(1000);
    assert.equal(c.endOffset('t', 1), 20n);
    c.appendRecords('t', 3, 0);
    assert.deepEqual([c.endOffset('t', 0), c.endOffset('t', 1)], [23n, 20n]);
  });

  it('advance() steps a ManualClock and ticks; it refuses a real clock', () => {
    const p = pair();
    p.source.createTopic('t', { partitions: 1, initialOffset: 3n });
    p.destination.createClusterMirror(ctx(), {
      MirrorName: 'm1',
      Config: [
        { Name: 'bootstrap.servers', Value: 'source:9092' },
        { Name: 'mirror.source.cluster.id', Value: p.source.clusterId },
        { Name: 'mirror.topics.include', Value: 't' },
      ],
    });
    p.destination.advance(2000, 100);
    assert.equal(p.clock.now(), 2000);
    assert.equal(p.destination.endOffset('t', 0), 3n);
    assert.throws(() => new EmulatedCluster().advance(10), /ManualClock/);
  });

  it('refuses topics whose replication factor exceeds the live nodes', () => {
    const c = new EmulatedCluster({ clock: new ManualClock(), nodeCount: 2 });
    assert.throws(() => c.createTopic('t', { replicationFactor: 3 }), /replication factor 3/);
  });

  it('features: mirror.version 1 needs metadata.version >= 30; level-0 features are not finalized', () => {
    const c = new EmulatedCluster({ clock: new ManualClock(), metadataVersion: 29, mirrorVersion: 0 });
    assert.throws(() => c.setFeature('mirror.version', 1), /metadata.version/);
    assert.deepEqual(c.finalizedFeatures(), [
      { name: 'metadata.version', level: 29 },
      { name: 'group.version', level: 1 },
      { name: 'transaction.version', level: 2 },
    ]);
    c.setFeature('metadata.version', 30);
    c.setFeature('mirror.version', 1);
    assert.equal(c.mirroringEnabled(), true);
    assert.equal(c.featuresEpoch, 2n);
  });

  it('feature gate (§3): Pause and Resume answer 35 with ErrorMessage null while mirror.version is 0', () => {
    const p = pair({ mirrorVersion: 0 });
    const expected = { ThrottleTimeMs: 0, ErrorCode: 35, ErrorMessage: null, Topics: [] };
    assert.deepEqual(
      p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'a' }] }),
      expected,
    );
    assert.deepEqual(
      p.destination.resumeMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [{ TopicName: 'a' }] }),
      expected,
    );
  });
});

describe('ClusterRegistry', () => {
  it('resolves the first known address of a bootstrap list, ignoring case, spaces and a protocol prefix', () => {
    const registry = new ClusterRegistry();
    const c = new EmulatedCluster({ clock: new ManualClock() });
    registry.register('Broker-1:9092', c);
    assert.equal(registry.resolve('nowhere:1, PLAINTEXT://broker-1:9092'), c);
    assert.equal(registry.resolve('nowhere:1'), undefined);
    registry.unregister('broker-1:9092');
    assert.equal(registry.resolve('broker-1:9092'), undefined);
  });
});
