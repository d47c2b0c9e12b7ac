// failback's domain flow against two fake clusters, B (the old destination, where topics were
// failed over) and A (the old source): refusals before anything changes, the records A will lose,
// the mirror on A it creates or reuses, and how it follows A's partitions.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConnectionConfig } from '../../../../src/lib/connection/connection-config.js';
import {
  type FailbackDependencies,
  type FailbackInput,
  planFailback,
  runFailback,
  truncationSummary,
} from '../../../../src/lib/mirror/switchover/failback.js';
import { type FakeClusterState, fakeCluster } from '../fake-cluster.js';
import { joinedRegex } from '../../../helpers/joined-regex.js';

const TOPIC_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

function clusters(bStates: string[] = ['STOPPED', 'STOPPED']) {
  const b: FakeClusterState = {
    clusterId: 'cluster-b',
    topics: new Map([
      // B mirrored 100 records of partition 0 and 60 of partition 1 from A, then took writes of its own.
      ['orders', { id: TOPIC_ID, ends: [121n, 75n], epochEnds: new Map([[0, [100n, 60n]]]) }],
    ]),
    mirrors: new Map([
      [
        'fwd',
        {
          configs: { 'bootstrap.servers': 'a:9092', 'mirror.source.cluster.id': 'cluster-a' },
          topics: new Map([['orders', bStates]]),
          lastMirrorEpochs: new Map([['orders', [0, 0]]]),
        },
      ],
    ]),
  };
  // A kept 30 split-brain writes on partition 0; partition 1 stayed where B stopped.
  const a: FakeClusterState = {
    clusterId: 'cluster-a',
    topics: new Map([['orders', { id: TOPIC_ID, ends: [130n, 60n] }]]),
    mirrors: new Map(),
  };
  return { a, b, aFake: fakeCluster(a), bFake: fakeCluster(b) };
}

const INPUT: FailbackInput = { mirror: 'fwd', topics: ['orders'], patterns: [] };

const B_CONNECTION: ConnectionConfig = {
  bootstrap: ['b:9092'],
  clientId: 'kmirror',
  sasl: { mechanism: 'scram-sha-512', username: 'admin', password: 's3cret-pass' },
};

function deps(onSleep?: () => void): FailbackDependencies {
  return {
    warn: () => undefined,
    sleep: async () => onSleep?.(),
    bConnection: B_CONNECTION,
  };
}

describe('planFailback', () => {
  it('refuses while B still mirrors a topic, naming the mirror loop, and sends nothing to A', async () => {
    const c = clusters(['MIRRORING', 'STOPPED']);
    await assert.rejects(
      planFailback(c.bFake.client, c.aFake.client, INPUT, deps()),
      joinedRegex([
        /not STOPPED in mirror 'fwd' on B: orders \(1 MIRRORING, 1 STOPPED\); starting it on A while B still mirrors /,
        /it from A is a mirror loop: .*FAILED \("Detected mirror loop"\).*read-only.*; nothing was started/,
      ]),
    );
    assert.ok(!c.aFake.apis().includes('CreateClusterMirror') && !c.aFake.apis().includes('StartMirrorTopics'));
  });

  it(
    'says per partition what A loses: its end offset beyond where the logs part (B\u2019s end ' +
      'of the last mirrored epoch)',
    async () => {
      const c = clusters();
      const plan = await planFailback(c.bFake.client, c.aFake.client, INPUT, deps());
      const lookup = c.bFake.sent.find(
        (s) => s.api === 'DescribeClusterMirrors' && (s.body as { ClusterId?: string }).ClusterId !== undefined,
      )?.body as {
        ClusterId: string;
        LastMirrorEpochLookups: { TopicId: string; Partitions: number[] }[];
      };
      assert.equal(lookup.ClusterId, 'cluster-a');
      assert.deepEqual(lookup.LastMirrorEpochLookups, [{ TopicId: TOPIC_ID, Partitions: [0, 1] }]);
      assert.deepEqual(
        plan.result.topics[0]?.partitions.map((p) => [p.endBefore, p.truncationPoint, p.truncated]),
        [
          [130n, 100n, 30n],
          [60n, 60n, 0n],
        ],
      );
      assert.equal(plan.result.truncatedRecords, 30n);
      assert.equal(truncationSummary(plan.result), 'A loses 30 record(s) in 1 partition(s) to truncation');
      assert.ok(!c.aFake.apis().includes('StartMirrorTopics'), 'the plan changes nothing');
    },
  );

  it(
    'creates fwd-failback on A from B with this command\u2019s B settings, shown masked, stored ' + 'in clear',
    async () => {
      const c = clusters();
      const plan = await planFailback(c.bFake.client, c.aFake.client, INPUT, deps());
      assert.equal(plan.result.reverseMirror.name, 'fwd-failback');
      assert.equal(plan.result.reverseMirror.created, true);
      assert.equal(plan.createConfig?.get('bootstrap.servers'), 'b:9092');
      assert.equal(plan.createConfig?.get('mirror.source.cluster.id'), 'cluster-b');
      assert.equal(plan.createConfig?.get('security.protocol'), 'SASL_PLAINTEXT');
      assert.match(
        plan.createConfig?.get('sasl.jaas.config') ?? '',
        /ScramLoginModule required username="admin" password="s3cret-pass";/,
      );
      assert.equal(plan.result.reverseMirror.config['sasl.jaas.config'], '[redacted]');
      assert.ok(
        !JSON.stringify(plan.result, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)).includes(
          's3cret-pass',
        ),
      );
    },
  );

  it('reuses the one mirror A already has from B', async () => {
    const c = clusters();
    c.a.mirrors.set('back', {
      configs: { 'bootstrap.servers': 'b:9092', 'mirror.source.cluster.id': 'cluster-b' },
      topics: new Map(),
    });
    const plan = await planFailback(c.bFake.client, c.aFake.client, INPUT, deps());
    assert.equal(plan.result.reverseMirror.name, 'back');
    assert.equal(plan.createConfig, null);
  });

  it('refuses a --to that is not the cluster the mirror copied from', async () => {
    const c = clusters();
    const other = fakeCluster({ ...c.a, clusterId: 'cluster-x' });
    await assert.rejects(
      planFailback(c.bFake.client, other.client, INPUT, deps()),
      /--to reaches cluster cluster-x, but mirror 'fwd' copied from cluster cluster-a/,
    );
  });
});

describe('runFailback', () => {
  it(
    'creates the mirror, starts the topics with their ids, follows every state to MIRRORING and ' + 'reads A after',
    async () => {
      const c = clusters();
      const steps = [
        ['FAILED', 'FAILED'],
        ['EPOCH_FENCING', 'FAILED'],
        ['MIRRORING', 'EPOCH_FENCING'],
        ['MIRRORING', 'MIRRORING'],
      ];
      const plan = await planFailback(c.bFake.client, c.aFake.client, INPUT, deps());
      const outcome = await runFailback(
        c.aFake.client,
        c.bFake.client,
        plan,
        deps(() => {
          const next = steps.shift();
          if (next) c.a.mirrors.get('fwd-failback')?.topics.set('orders', next);
          if (steps.length === 0) {
            const t = c.a.topics.get('orders');
            if (t) t.ends = [121n, 75n];
          }
        }),
      );
      assert.equal(outcome.error, undefined);
      const start = c.aFake.sent.find((s) => s.api === 'StartMirrorTopics')?.body as {
        MirrorName: string;
        Topics: { TopicId: string; TopicName: string; NumPartitions: number }[];
      };
      assert.deepEqual(start.Topics, [{ TopicId: TOPIC_ID, TopicName: 'orders', NumPartitions: 2 }]);
      assert.equal(start.MirrorName, 'fwd-failback');
      assert.equal(outcome.result.complete, true);
      assert.deepEqual(
        outcome.result.topics[0]?.partitions.map((p) => [p.states, p.endAfter]),
        [
          [['LOG_TRUNCATION', 'FAILED', 'EPOCH_FENCING', 'MIRRORING'], 121n],
          [['LOG_TRUNCATION', 'FAILED', 'EPOCH_FENCING', 'MIRRORING'], 75n],
        ],
      );
    },
  );

  it('stops following a partition FAILED in a mirror loop and reports it, the start having been sent', async () => {
    const c = clusters();
    const plan = await planFailback(c.bFake.client, c.aFake.client, INPUT, deps());
    c.a.onStart = (mirror) => {
      const loop = `FAILED:Detected mirror loop for mirror:${mirror}`;
      c.a.mirrors.get(mirror)?.topics.set('orders', [loop, loop]);
    };
    const outcome = await runFailback(c.aFake.client, c.bFake.client, plan, deps());
    assert.equal(outcome.result.started, true);
    assert.equal(outcome.result.complete, false);
    assert.match(String(outcome.result.interruption), /will not reach MIRRORING/);
  });
});
