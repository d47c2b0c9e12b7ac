// Routing on a real 3-broker Kafka 4.4 cluster: a fan-out reaches every broker, and when one
// broker dies mid-run, `kmirror check` and the fan-out name it, answer from the others, and the
// client's later requests go to live brokers only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { ExitCode } from '../../src/lib/cli/failures/exit-codes.js';
import { ApiVersions, DescribeConfigs, Metadata } from '../../src/lib/kafka/messages/index.js';
import type { ClusterCheck } from '../../src/lib/mirror/check/check.js';
import { jsonOf, runCli, type CliResult } from '../helpers/cli.js';
import { markFailureOf, startCluster, type Cluster, type ClusterBroker } from './harness.js';
import { ClientPool, ResourceType, type TracedClient } from './kmirror-client.js';

const HOOK_TIMEOUT = 300_000;
const API_VERSIONS_BODY = { ClientSoftwareName: 'kmirror', ClientSoftwareVersion: '0.1.0' };

function show(result: CliResult): string {
  return `exit ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
}

describe('routing on a 3-broker Kafka 4.4 cluster', () => {
  let cluster: Cluster;
  let victim: ClusterBroker;
  const clients = new ClientPool();
  /** Opened before the broker dies, with the 3-broker view already cached. */
  let survivor: TracedClient;

  before(
    async () => {
      cluster = await startCluster(3, {
        // A killed broker stays registered (unfenced) until its session expires; keep it listed
        // long enough for the tests to find it in Metadata, as a client does right after a crash.
        controllerProps: { 'broker.session.timeout.ms': 60_000 },
      });
      console.log(
        `# 3-broker cluster + controller started in ${cluster.timings.totalMs} ms (JVMs ` +
          `${cluster.timings.serverMs} ms)`,
      );
      victim = cluster.brokers[0] as ClusterBroker;
    },
    { timeout: HOOK_TIMEOUT },
  );
  after(async () => {
    await clients.closeAll();
    await cluster?.stopAll();
  });

  test('a fan-out reaches every broker', () =>
    markFailureOf(cluster, async () => {
      const { client } = clients.connect(cluster.bootstrap);
      const versions = await client.sendToEvery(ApiVersions, API_VERSIONS_BODY);
      assert.deepEqual(versions.failures, []);
      assert.deepEqual(versions.answers.map((a) => a.broker.nodeId).sort(), [1, 2, 3]);
      for (const a of versions.answers) {
        assert.equal(a.response.ErrorCode, 0);
        assert.equal(
          `${a.broker.host}:${a.broker.port}`,
          cluster.brokers.find((b) => b.nodeId === a.broker.nodeId)?.address,
        );
      }
      // A per-broker resource, answered by each broker for itself.
      const configs = await client.sendToEvery(DescribeConfigs, {
        Resources: [{ ResourceType: ResourceType.BROKER, ResourceName: '', ConfigurationKeys: null }],
      });
      assert.deepEqual(configs.failures, []);
      assert.equal(configs.answers.length, 3);
      for (const a of configs.answers)
        assert.equal(a.response.Results[0]?.ErrorCode, 0, a.response.Results[0]?.ErrorMessage ?? '');

      const check = await runCli(['check', '-b', cluster.bootstrap, '--json']);
      assert.equal(check.code, ExitCode.Unsupported, show(check));
      const doc = jsonOf(check) as ClusterCheck;
      assert.deepEqual(doc.unreachable, []);
      assert.deepEqual(
        doc.brokers.map((b) => [b.nodeId, b.reachable, b.verdict]),
        [
          [1, true, 'unsupported'],
          [2, true, 'unsupported'],
          [3, true, 'unsupported'],
        ],
      );

      survivor = clients.connect(cluster.bootstrap, { budgetMs: 120_000 });
      const before = await survivor.client.sendToEvery(ApiVersions, API_VERSIONS_BODY);
      assert.equal(before.answers.length, 3);
    }));

  test('a broker dies: check names it and answers from the others', { timeout: 120_000 }, () =>
    markFailureOf(cluster, async () => {
      // The first broker: the first bootstrap address and the one a client picks first.
      await victim.stop({ signal: 'SIGKILL' });
      const result = await runCli(['check', '-b', cluster.bootstrap, '--json', '--timeout', '20s']);
      // Kafka 4.4 has no mirror RPCs: "unsupported" (4) outranks the partial answer (3).
      assert.equal(result.code, ExitCode.Unsupported, show(result));
      const doc = jsonOf(result) as ClusterCheck;
      assert.equal(doc.verdict, 'unsupported');
      assert.deepEqual(doc.unreachable, [`${victim.address} (node ${victim.nodeId})`]);
      const dead = doc.brokers.find((b) => b.nodeId === victim.nodeId);
      assert.ok(dead, 'the dead broker is still listed');
      assert.equal(dead.reachable, false);
      assert.ok(dead.error, 'with the reason');
      assert.deepEqual(
        doc.brokers.filter((b) => b.reachable).map((b) => [b.nodeId, b.verdict, b.features.metadataVersion !== null]),
        [
          [2, 'unsupported', true],
          [3, 'unsupported', true],
        ],
      );

      const text = await runCli(['check', '-b', cluster.bootstrap, '--timeout', '20s']);
      assert.match(text.stdout, new RegExp(`${victim.address.replace(/\./g, '\\.')}\\s+no:`), show(text));
    }),
  );

  test("a broker dies: the fan-out names it and keeps the others' answers", { timeout: 120_000 }, () =>
    markFailureOf(cluster, async () => {
      assert.equal(victim.running, false);
      // A short budget: the client retries a refused connection until its deadline.
      const { client } = clients.connect(cluster.bootstrap, { budgetMs: 8_000 });
      const fanOut = await client.sendToEvery(ApiVersions, API_VERSIONS_BODY);
      assert.deepEqual(fanOut.answers.map((a) => a.broker.nodeId).sort(), [2, 3]);
      assert.equal(fanOut.failures.length, 1);
      const failure = fanOut.failures[0];
      assert.equal(failure?.nodeId, victim.nodeId);
      assert.match(failure?.broker ?? '', new RegExp(`${victim.address}.*node ${victim.nodeId}`));
    }),
  );

  test('later requests of a client that saw the broker die go to live brokers only', () =>
    markFailureOf(cluster, async () => {
      const start = survivor.wire.length;
      for (let i = 0; i < 5; i++) {
        const md = await survivor.client.send(Metadata, { Topics: [], AllowAutoTopicCreation: false });
        assert.equal(md.ClusterId, cluster.clusterId);
      }
      const after = survivor.wire.slice(start);
      const toVictim = after.filter((w) => w.broker.startsWith(`${victim.address} `) || w.broker === victim.address);
      // At most the one attempt that found it dead; then nothing more is sent there.
      assert.ok(toVictim.length <= 1, JSON.stringify(after));
      assert.ok(toVictim.every((w) => w.outcome === 'error'));
      const lastFailure = after.findLastIndex((w) => w.outcome === 'error');
      const later = after.slice(lastFailure + 1);
      assert.ok(later.filter((w) => w.api === 'Metadata').length >= 5 - toVictim.length, JSON.stringify(after));
      assert.ok(
        later.every((w) => w.outcome === 'ok' && !w.broker.startsWith(victim.address)),
        JSON.stringify(later),
      );
    }));
});
