// What the real KIP-1279 prototype broker does where its own code reads otherwise (issue 11): the
// answers and behaviours seen when kmirror ran against a 4.2.0-SNAPSHOT build with the mirroring
// commits. Each test names the rule it holds the emulator to.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { javaHashMapOrder } from '../../../../src/lib/emulator/state/java-hash-map.js';
import type { EmulatedCluster } from '../../../../src/lib/emulator/state/cluster.js';
import { createMirror, ctx, pair, rowsOf, run, startTopics, states, type Pair } from './setup.js';

const INVALID_STATES = {
  ThrottleTimeMs: 0,
  ErrorCode: 145,
  ErrorMessage: 'Cluster mirror partition states are not in the expected states.',
  Topics: [],
};

const topics = (...names: string[]): { TopicName: string }[] => names.map((TopicName) => ({ TopicName }));

/** The prototype's own timing: startup FAILED on, the 60 s refresh interval. */
const REAL_TIMING = { timing: { startupFailureMs: 2000 } };

function setConfig(cluster: EmulatedCluster, mirror: string, key: string, value: string): number {
  const res = cluster.incrementalAlterConfigs(ctx(), {
    Resources: [{ ResourceType: 64, ResourceName: mirror, Configs: [{ Name: key, ConfigOperation: 0, Value: value }] }],
    ValidateOnly: false,
  });
  return res.Responses[0]?.ErrorCode ?? -99;
}

/** m1 mirrors a and b, m2 mirrors c; all MIRRORING; b then PAUSED. */
function twoMirrors(): Pair {
  const p = pair();
  for (const t of ['a', 'b', 'c']) p.source.createTopic(t, { partitions: 1 });
  createMirror(p, 'm1');
  createMirror(p, 'm2');
  startTopics(p, 'm1', ['a', 'b']);
  startTopics(p, 'm2', ['c']);
  run(p, 1000);
  p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('b') });
  run(p, 1000);
  return p;
}

/** A pair whose mirror m1 has mirrored the source's `orders` (1 partition, 100 records) for a second. */
function mirroringOrders(): Pair {
  const p = pair();
  p.source.createTopic('orders', { partitions: 1, initialOffset: 100n });
  createMirror(p);
  startTopics(p, 'm1', ['orders']);
  run(p, 1000);
  return p;
}

function startRequest(p: Pair, mirror: string, name: string) {
  const t = p.source.topics.get(name);
  return { MirrorName: mirror, Topics: [{ TopicId: t?.id ?? '', TopicName: name, NumPartitions: 1 }] };
}

describe('real prototype: every state conflict is the generic 145 with Topics []', () => {
  it('stop of a topic that is not in the mirror', () => {
    const p = twoMirrors();
    assert.deepEqual(p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('c') }), INVALID_STATES);
    assert.equal(p.destination.topics.get('c')?.mirror?.desired, 'MIRRORING');
  });

  it('pause on an unknown mirror', () => {
    const p = twoMirrors();
    assert.deepEqual(
      p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'nope', Topics: topics('a') }),
      INVALID_STATES,
    );
  });

  it('start on an unknown mirror', () => {
    const p = twoMirrors();
    p.source.createTopic('d', { partitions: 1 });
    assert.deepEqual(p.destination.startMirrorTopics(ctx(), startRequest(p, 'nope', 'd')), INVALID_STATES);
    assert.equal(p.destination.topics.has('d'), false);
  });

  it('start of a topic mirroring in another mirror, or already mirroring in this one', () => {
    const p = twoMirrors();
    assert.deepEqual(p.destination.startMirrorTopics(ctx(), startRequest(p, 'm1', 'c')), INVALID_STATES);
    assert.deepEqual(p.destination.startMirrorTopics(ctx(), startRequest(p, 'm1', 'a')), INVALID_STATES);
  });

  it('pause of a paused topic; resume of a running one', () => {
    const p = twoMirrors();
    assert.deepEqual(p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('b') }), INVALID_STATES);
    assert.deepEqual(
      p.destination.resumeMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('a') }),
      INVALID_STATES,
    );
  });

  it('delete of a mirror that still has topics', () => {
    const p = twoMirrors();
    assert.deepEqual(p.destination.deleteClusterMirror(ctx(), { MirrorName: 'm2' }), {
      ThrottleTimeMs: 0,
      ErrorCode: 145,
      ErrorMessage: INVALID_STATES.ErrorMessage,
    });
    assert.equal(p.destination.mirrors.exists('m2'), true);
  });
});

describe('real prototype: list and config answers', () => {
  it('ListClusterMirrors names topics in the order they were started, not sorted', () => {
    const p = pair();
    for (const t of ['orders-us', 'orders-eu']) p.source.createTopic(t, { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['orders-us']);
    startTopics(p, 'm1', ['orders-eu']);
    const [m] = p.destination.listClusterMirrors(ctx(), { IncludeTopicNames: true }).Mirrors;
    assert.deepEqual(m?.TopicNames, ['orders-us', 'orders-eu']);
  });

  it('DescribeConfigs on type 64 answers in the stored HashMap order, Documentation "" when asked for', () => {
    const p = pair();
    createMirror(p);
    startTopics(p, 'm1', []);
    const [r] = p.destination.describeConfigs(ctx(), {
      Resources: [{ ResourceType: 64, ResourceName: 'm1', ConfigurationKeys: null }],
      IncludeDocumentation: true,
    }).Results;
    assert.deepEqual(
      r?.Configs.map((c) => c.Name),
      ['mirror.source.cluster.id', 'mirror.topics.include', 'bootstrap.servers', 'mirror.topics.exclude'],
    );
    assert.ok(r?.Configs.every((c) => c.Documentation === ''));
  });

  it('the HashMap order does not depend on insertion order for these keys (seen on the real broker)', () => {
    const keys = ['bootstrap.servers', 'mirror.source.cluster.id', 'mirror.topics.include', 'mirror.topics.exclude'];
    const expected = [
      'mirror.source.cluster.id',
      'mirror.topics.include',
      'bootstrap.servers',
      'mirror.topics.exclude',
    ];
    assert.deepEqual(javaHashMapOrder(keys), expected);
    assert.deepEqual(javaHashMapOrder([...keys].reverse()), expected);
  });

  it('a prototype cluster finalizes kraft, ELR, share and streams versions too', () => {
    const names = pair()
      .destination.finalizedFeatures()
      .map((f) => f.name);
    for (const name of ['kraft.version', 'eligible.leader.replicas.version', 'share.version', 'streams.version'])
      assert.ok(names.includes(name), name);
  });

  it('the refresh interval defaults to the real 60 s', () => {
    assert.equal(pair().destination.brokerConfigs.number('mirror.metadata.refresh.interval.ms', 0), 60_000);
  });
});

describe('real prototype: transient FAILED after start and after a config change', () => {
  it(
    'a started topic is FAILED "Failed to get source metadata", retry 1, for 2 s, then MIRRORING with ' + '0/0 first',
    () => {
      const p = pair(REAL_TIMING);
      p.source.createTopic('orders', { partitions: 1, initialOffset: 1000n });
      createMirror(p);
      startTopics(p, 'm1', ['orders']);
      run(p, 500);
      const [failed] = rowsOf(p.destination, 'orders');
      assert.deepEqual(
        [failed?.StateValue, failed?.RetryAttempt, failed?.ErrorMessage],
        ['FAILED', 1, 'Failed to get source metadata'],
      );
      run(p, 2100);
      const [early] = rowsOf(p.destination, 'orders');
      // Right after it the partition still carries the retry and text, and reports 0/0 with lag 0.
      assert.deepEqual(
        [early?.StateValue, early?.RetryAttempt, early?.ErrorMessage, early?.SourceOffset, early?.DestinationOffset],
        ['MIRRORING', 1, 'Failed to get source metadata', 0n, 0n],
      );
      assert.equal(early?.Lag, 0n, 'lag 0 while the source holds 1,000 records');
      run(p, 1500);
      const [later] = rowsOf(p.destination, 'orders');
      assert.deepEqual([later?.StateValue, later?.SourceOffset, later?.DestinationOffset], ['MIRRORING', 1000n, 1000n]);
    },
  );

  it('a config change bounces every MIRRORING partition of the mirror to FAILED for about 2 s', () => {
    const p = pair(REAL_TIMING);
    p.source.createTopic('orders', { partitions: 2 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 5000);
    assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING', 'MIRRORING']);
    assert.equal(setConfig(p.destination, 'm1', 'mirror.topics.include', 'orders'), 0);
    run(p, 500);
    assert.deepEqual(states(p.destination, 'orders'), ['FAILED', 'FAILED']);
    run(p, 2000);
    assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING', 'MIRRORING']);
  });

  it('timing.startupFailureMs 0 turns it off: MIRRORING straight after truncation', () => {
    const p = pair({ timing: { startupFailureMs: 0 } });
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 600);
    assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING']);
  });
});

const ALL_RPCS_145 = (p: Pair, name: string): number[] => {
  const d = p.destination;
  const source = p.source.topics.get(name);
  return [
    d.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics(name) }).ErrorCode,
    d.resumeMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics(name) }).ErrorCode,
    d.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics(name) }).ErrorCode,
    d.startMirrorTopics(ctx(), {
      MirrorName: 'm1',
      Topics: [{ TopicId: source?.id ?? '', TopicName: name, NumPartitions: 1 }],
    }).ErrorCode,
    d.deleteClusterMirror(ctx(), { MirrorName: 'm1' }).ErrorCode,
  ];
};

describe('real prototype: stuck partitions and what recovers them', () => {
  it(
    'wrong mirror.source.cluster.id: mirrors until the next 60 s sync, then FAILED -1 that only a ' + 'restart clears',
    () => {
      const p = pair();
      p.destination.tick(); // the sync at start-up, before the mirror exists; the next is 60 s later
      p.source.createTopic('orders', { partitions: 1, initialOffset: 10n });
      createMirror(p, 'm1', { 'mirror.source.cluster.id': 'wrong-id' });
      startTopics(p, 'm1', ['orders']);
      run(p, 30_000);
      assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING'], 'nothing is checked before the sync');
      run(p, 31_000);
      const [row] = rowsOf(p.destination, 'orders');
      assert.equal(row?.RetryAttempt, -1);
      assert.match(row?.ErrorMessage ?? '', /^Source cluster ID changed for mirror m1: expected wrong-id, got \S+\. /);
      assert.match(row?.ErrorMessage ?? '', /Moving all partitions to non-retryable failed state\.$/);

      assert.equal(setConfig(p.destination, 'm1', 'mirror.source.cluster.id', p.source.clusterId), 0);
      run(p, 130_000, 1000);
      assert.deepEqual(
        rowsOf(p.destination, 'orders').map((r) => [r.StateValue, r.RetryAttempt]),
        [['FAILED', -1]],
        'the right id stops new errors but the non-retryable mark stays',
      );
      assert.deepEqual(ALL_RPCS_145(p, 'orders'), [145, 145, 145, 145, 145]);

      p.destination.restartBrokers();
      run(p, 4000);
      assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING'], 'MIRRORING within ~4 s of a restart');
    },
  );

  it('a restart does not help while the id is still wrong', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p, 'm1', { 'mirror.source.cluster.id': 'wrong-id' });
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    assert.equal(rowsOf(p.destination, 'orders')[0]?.RetryAttempt, -1);
    p.destination.restartBrokers();
    run(p, 10_000);
    assert.deepEqual(
      rowsOf(p.destination, 'orders').map((r) => [r.StateValue, r.RetryAttempt]),
      [['FAILED', -1]],
    );
  });

  it('while one mirror cannot reach its source, the periodic sync of every mirror stalls', () => {
    const p = pair({ brokerConfigs: { 'mirror.metadata.refresh.interval.ms': '2000' } });
    createMirror(p, 'm1', { 'mirror.topics.include': 'orders-.*' });
    p.destination.createClusterMirror(ctx(), {
      MirrorName: 'm2',
      Config: [
        { Name: 'bootstrap.servers', Value: 'elsewhere:9092' },
        { Name: 'mirror.source.cluster.id', Value: p.source.clusterId },
      ],
    });
    p.source.createTopic('orders-us', { partitions: 1 });
    run(p, 10_000);
    assert.equal(p.destination.topics.has('orders-us'), false, 'm1 discovers nothing while m2 is stuck');
    p.registry.register('elsewhere:9092', p.source);
    run(p, 4000);
    assert.equal(p.destination.topics.get('orders-us')?.mirror?.desired, 'MIRRORING', 'the sync resumes');
  });

  it("unreachable source: FAILED, retrying; restored after the last retry's backoff, it recovers in 1-2 s", () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.source.setReachable(false);
    // Retries at 1 s, 31 s and 61 s (each held for the 30 s request timeout); the last is due at 69 s.
    run(p, 80_000, 1000);
    const [row] = rowsOf(p.destination, 'orders');
    assert.equal(row?.StateValue, 'FAILED');
    assert.ok((row?.RetryAttempt ?? 0) > 0 && (row?.RetryAttempt ?? 0) < 100, 'retrying, far from the 100 limit');
    p.source.setReachable(true);
    run(p, 2000);
    assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING']);
  });

  it('deleted source topic: FAILED -1, every RPC 145, a restart alone does not help', () => {
    const p = mirroringOrders();
    p.source.deleteTopic('orders');
    run(p, 1000);
    assert.deepEqual(
      rowsOf(p.destination, 'orders').map((r) => [r.StateValue, r.RetryAttempt, r.ErrorMessage]),
      [['FAILED', -1, 'The source topic is deleted.']],
    );
    p.source.createTopic('other', { partitions: 1 });
    assert.deepEqual(ALL_RPCS_145(p, 'orders'), [145, 145, 145, 145, 145]);
    p.destination.restartBrokers();
    run(p, 10_000);
    assert.deepEqual(
      rowsOf(p.destination, 'orders').map((r) => [r.StateValue, r.RetryAttempt]),
      [['FAILED', -1]],
    );
  });

  it('deleted source topic recreated empty: after a restart MIRRORING, lag 0, nothing truncated or copied', () => {
    const p = mirroringOrders();
    assert.equal(p.destination.endOffset('orders', 0), 100n);
    p.source.deleteTopic('orders');
    run(p, 1000);
    p.source.createTopic('orders', { partitions: 1 });
    p.destination.restartBrokers();
    run(p, 5000);
    assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING']);
    // §18: the new source topic id is never fetched (UNKNOWN_TOPIC_ID), so the copy is neither cut nor grown.
    assert.equal(p.destination.endOffset('orders', 0), 100n);
  });

  it(
    'recreated with the same partitions and at least the destination end offsets: back to MIRRORING, ' +
      'stop loses nothing',
    () => {
      const p = mirroringOrders();
      p.source.deleteTopic('orders');
      run(p, 1000);
      p.source.createTopic('orders', { partitions: 1, initialOffset: 100n });
      p.destination.restartBrokers();
      run(p, 5000);
      assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING']);
      assert.equal(p.destination.endOffset('orders', 0), 100n);
      p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('orders') });
      run(p, 1000);
      assert.deepEqual(states(p.destination, 'orders'), ['STOPPED']);
      assert.equal(p.destination.endOffset('orders', 0), 101n, 'every record kept, plus the PID-reset batch');
    },
  );
});

/** m1 mirrors `orders` (2 partitions, 100 records each) and `payments`; then the source dies for 100 s. */
function sourceDown(): Pair {
  const p = pair();
  p.source.createTopic('orders', { partitions: 2, initialOffset: 100n });
  p.source.createTopic('payments', { partitions: 1 });
  createMirror(p);
  startTopics(p, 'm1', ['orders', 'payments']);
  run(p, 1000);
  p.source.setReachable(false);
  run(p, 100_000, 1000);
  return p;
}

/** The stop through a stored exclude pattern, sent while the source is down. */
function stopByPattern(p: Pair): number {
  return p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [], Patterns: ['ord.*'] }).ErrorCode;
}

function writable(cluster: EmulatedCluster, topic: string, partition: number): boolean {
  try {
    cluster.produce(topic, partition, 1);
    return true;
  } catch (error) {
    assert.match(String(error), /READ_ONLY_TOPIC/);
    return false;
  }
}

describe('real prototype: the source cluster down (§18, unplanned failover)', () => {
  it('FAILED with retryable messages that vary: metadata, endpoint info, truncation refresh', () => {
    const p = sourceDown();
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      for (const row of [...rowsOf(p.destination, 'orders'), ...rowsOf(p.destination, 'payments')]) {
        assert.equal(row.StateValue, 'FAILED');
        assert.ok(row.RetryAttempt >= 0, 'retryable');
        seen.add(row.ErrorMessage ?? '');
      }
      run(p, 40_000, 1000);
    }
    assert.deepEqual([...seen].sort(), [
      'Failed to get source metadata',
      'No endpoint info in fetch response',
      'Truncation requires source metadata refresh',
    ]);
    const [a, b] = rowsOf(p.destination, 'orders');
    assert.notEqual(a?.ErrorMessage, b?.ErrorMessage, 'two partitions at one moment say different things');
  });

  it('StopMirrorTopics by name is refused with INVALID_CLUSTER_MIRROR_STATES, nothing recorded', () => {
    const p = sourceDown();
    assert.deepEqual(
      p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('orders') }),
      INVALID_STATES,
    );
    assert.equal(p.destination.topics.get('orders')?.mirror?.desired, 'MIRRORING');
  });

  it('a stop pattern is stored in mirror.topics.exclude and recorded as STOPPED; FAILED partitions ignore it', () => {
    const p = sourceDown();
    assert.equal(stopByPattern(p), 0);
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.exclude'), 'ord.*');
    assert.equal(p.destination.topics.get('orders')?.mirror?.desired, 'STOPPED', 'the controller records it');
    const [m] = p.destination.listClusterMirrors(ctx(), { IncludeTopicNames: true }).Mirrors;
    assert.deepEqual(m?.TopicNames, ['payments'], 'no longer listed for the mirror');
    run(p, 60_000, 1000);
    assert.deepEqual(states(p.destination, 'orders'), ['FAILED', 'FAILED']);
    assert.deepEqual([writable(p.destination, 'orders', 0), writable(p.destination, 'orders', 1)], [false, false]);
  });

  it('when the source returns, the excluded topic goes MIRRORING, not STOPPED, and stays read-only', () => {
    const p = sourceDown();
    stopByPattern(p);
    p.source.setReachable(true);
    run(p, 130_000, 1000);
    assert.deepEqual(states(p.destination, 'orders'), ['MIRRORING', 'MIRRORING']);
    assert.equal(p.destination.topics.get('orders')?.mirror?.desired, 'STOPPED');
    assert.deepEqual([writable(p.destination, 'orders', 0), writable(p.destination, 'orders', 1)], [false, false]);
    assert.deepEqual(states(p.destination, 'payments'), ['MIRRORING'], 'the other topic is unaffected');
  });

  it('from then on, stop and pause by name are refused (INVALID_CLUSTER_MIRROR_STATES)', () => {
    const p = sourceDown();
    stopByPattern(p);
    p.source.setReachable(true);
    run(p, 10_000, 1000);
    const d = p.destination;
    assert.deepEqual(d.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('orders') }), INVALID_STATES);
    assert.deepEqual(d.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('orders') }), INVALID_STATES);
    assert.equal(stopByPattern(p), 0, 'the pattern again is accepted and changes nothing');
    run(p, 10_000, 1000);
    assert.deepEqual(states(d, 'orders'), ['MIRRORING', 'MIRRORING']);
  });

  it('a destination restart stops some partitions (end = source + 1, writable) and leaves the others MIRRORING', () => {
    const p = sourceDown();
    stopByPattern(p);
    p.source.setReachable(true);
    run(p, 10_000, 1000);
    // Which partitions win the race against their __mirror_state shard's replay (restart.ts): here, as
    // in §18's first run, partition 0.
    const report = p.destination.restartBrokers({ takesInMissedChange: (_topic, partition) => partition === 0 });
    assert.deepEqual(report, { tookIn: ['orders-0'], stillMissing: ['orders-1'] });
    run(p, 5000);
    assert.deepEqual(states(p.destination, 'orders'), ['STOPPED', 'MIRRORING']);
    assert.equal(p.destination.endOffset('orders', 0), p.source.endOffset('orders', 0) + 1n);
    assert.deepEqual([writable(p.destination, 'orders', 0), writable(p.destination, 'orders', 1)], [true, false]);
  });

  it('a restart while the source is still down stops nothing: FAILED partitions fail again', () => {
    const p = sourceDown();
    stopByPattern(p);
    assert.deepEqual(p.destination.restartBrokers(), { tookIn: [], stillMissing: ['orders-0', 'orders-1'] });
    run(p, 10_000, 1000);
    assert.deepEqual(states(p.destination, 'orders'), ['FAILED', 'FAILED']);
  });
});
