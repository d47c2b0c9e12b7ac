// A destination broker stopped (fenced): its partitions are leaderless and no DescribeClusterMirrors
// answer covers them (PROTOCOL.md §18). describe must list them, count them and fail; check must name
// the missing broker.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { DescribeReport } from '../../src/lib/mirror/describe/describe-report.js';
import type { CheckResult } from '../../src/lib/mirror/check/check-mirror.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror, engineStates, startTopics, waitFor } from './describe-setup.js';

describe('a destination broker down: describe and check do not miss its partitions', () => {
  let emulator: EmulatedClusters;
  let downNode = 0;
  let leaderless: string[] = [];
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-broker-down',
      demoTopics: true,
      growthPerSec: 0,
      timing: INSTANT_START,
      // One replica per partition, as on the 3-node prototype destination that showed this.
      destination: { brokerConfigs: { 'default.replication.factor': '1' } },
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders', 'payments']);
    await waitFor('MIRRORING', () =>
      [...engineStates(emulator, 'orders'), ...engineStates(emulator, 'payments')].every((s) => s === 'MIRRORING'),
    );
    const node = emulator.destination.nodes[1];
    assert.ok(node);
    downNode = node.nodeId;
    // Fenced at once: it leaves Metadata, its partitions (replication factor 1) lose their leader.
    await node.faults.down();
    leaderless = ['orders', 'payments'].flatMap((t) =>
      (emulator.destination.cluster.topics.get(t)?.partitions ?? [])
        .filter((p) => p.leader < 0)
        .map((p) => `${t}-${p.index}`),
    );
    assert.ok(leaderless.length > 0, 'the stopped node led some partitions');
  });
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli([...args, '-b', emulator.destination.bootstrap]);

  it('describe lists the leaderless partitions as OFFLINE, counts them and exits 3', async () => {
    const json = await run('describe', 'm1', '--json');
    assert.equal(json.code, 3, json.stderr);
    const report = jsonOf(json) as DescribeReport;
    assertMatchesSchema('describe', report);
    const mirror = report.mirrors[0];
    assert.ok(mirror);
    assert.equal(mirror.summary.partitions, 5, 'every partition of both topics is in the view');
    assert.equal(mirror.summary.states['OFFLINE'], leaderless.length);
    assert.deepEqual(
      report.missingPartitions.map((m) => `${m.topic}-${m.partition}`),
      leaderless,
    );
    assert.ok(report.missingPartitions.every((m) => m.leader === -1 && m.state === 'OFFLINE'));
    assert.match(
      report.missingPartitions[0]?.reason ?? '',
      new RegExp(`broker\\(s\\) ${downNode} are registered but fenced`),
    );

    const text = await run('describe', 'm1');
    assert.equal(text.code, 3);
    assert.match(
      text.stdout,
      new RegExp(`^Mirror m1: 5 partitions in 2 topics \\(.*${leaderless.length} OFFLINE`, 'm'),
    );
    assert.match(text.stderr, /not reported by any broker/);
    assert.match(text.stderr, /the view is incomplete: .*partition\(s\) not reported by any broker/);
  });

  it('every --fail-on condition counts a missing partition (exit 7)', async () => {
    for (const condition of ['not-mirroring', 'failing', 'lagging']) {
      const json = await run('describe', 'm1', '--fail-on', condition, '--json');
      assert.equal(json.code, 7, `${condition}: ${json.stderr}`);
      const report = jsonOf(json) as DescribeReport;
      assert.deepEqual(
        report.health?.offending.map((o) => `${o.topic}-${o.partition}`),
        leaderless,
        condition,
      );
    }
  });

  it('check shows registered and live brokers and names the missing one (exit 3)', async () => {
    const json = await run('check', '--json');
    assert.equal(json.code, 3, json.stderr);
    const result = jsonOf(json) as CheckResult;
    assert.deepEqual(
      result.registeredBrokers?.map((b) => `${b.nodeId}:${b.fenced}`),
      emulator.destination.nodes.map((n) => `${n.nodeId}:${n.nodeId === downNode}`),
    );
    assert.ok(result.unreachable.some((u) => u.endsWith(`(node ${downNode})`)));
    const text = await run('check');
    assert.equal(text.code, 3);
    assert.match(
      text.stdout,
      new RegExp(`^Brokers registered 3, live 2; missing: node ${downNode} \\(127\\.0\\.0\\.1:\\d+, fenced\\)$`, 'm'),
    );
  });
});
