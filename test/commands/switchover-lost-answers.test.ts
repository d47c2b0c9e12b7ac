// Issue 10 item 3 for a switchover and its way back: promote sends StopMirrorTopics to B, failback sends
// CreateClusterMirror and StartMirrorTopics to A (the old source). The broker applies each and closes the
// connection without answering: the command reads the state back instead of resending (a second Create would
// say "already exists", a second Start or Stop would refuse the topics the first one moved), reports the
// change as applied with its answer lost, and goes on: promote verifies the stop, failback follows the
// partitions to MIRRORING.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters, type FaultRule } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { createMirror, startTopics } from './topic-actions-setup.js';

describe('promote and failback, answers lost', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'failback-lost-answers',
      source: { brokerConfigs: { 'mirror.state.topic.replication.factor': '1' } },
    });
    emulator.source.cluster.createTopic('orders', { partitions: 2, initialOffset: 100n });
    await createMirror(emulator, 'fwd');
    await startTopics(emulator, 'fwd', ['orders']);
  });
  after(async () => emulator.close());

  /** Every node of the cluster: the first `api` request is handled, then the connection closes unanswered. */
  function loseFirstAnswer(side: 'source' | 'destination', api: string): { calls: () => number; rules: FaultRule[] } {
    let calls = 0;
    const rules = emulator[side].nodes.map((n) =>
      n.faults.mutateResponse(api, (frame) => (++calls === 1 ? 'close' : frame)),
    );
    return { calls: () => calls, rules };
  }

  it('promote: the stop applied on B, its answer lost: read back, not resent; exit 0, the stop verified', async () => {
    const lost = loseFirstAnswer('destination', 'StopMirrorTopics');
    try {
      const promote = ['promote', 'fwd', '-b', emulator.destination.bootstrap, '--topic', 'orders'];
      const result = await runCli([...promote, '--quiet-period', '300ms', '--yes', '--json', '--timeout', '30s']);
      assert.equal(result.code, 0, result.stdout + result.stderr);
      assert.equal(lost.calls(), 1, 'StopMirrorTopics sent once');
      const doc = jsonOf(result) as { complete: boolean; warnings: string[] };
      assert.equal(doc.complete, true);
      assert.match(doc.warnings.join('\n'), /StopMirrorTopics: applied; the answer was lost .* read back with /);
    } finally {
      for (const rule of lost.rules) rule.remove();
    }
    assert.deepEqual(
      (emulator.destination.cluster.topics.get('orders')?.partitions ?? []).map((p) => p.mirror?.state),
      ['STOPPED', 'STOPPED'],
    );
  });

  it(
    'failback: create and start applied on A, both answers lost: read back, not resent; exit 0, ' + 'MIRRORING on A',
    async () => {
      const create = loseFirstAnswer('source', 'CreateClusterMirror');
      const start = loseFirstAnswer('source', 'StartMirrorTopics');
      try {
        const result = await runCli([
          'failback',
          'fwd',
          '-b',
          emulator.destination.bootstrap,
          '--to',
          emulator.source.bootstrap,
          '--topic',
          'orders',
          '--yes',
          '--json',
          '--timeout',
          '30s',
        ]);
        assert.equal(result.code, 0, result.stdout + result.stderr);
        assert.equal(create.calls(), 1, 'CreateClusterMirror sent once');
        assert.equal(start.calls(), 1, 'StartMirrorTopics sent once');
        const doc = jsonOf(result) as { complete: boolean; started: boolean; warnings: string[] };
        assert.equal(doc.complete, true);
        assert.equal(doc.started, true);
        const warnings = doc.warnings.join('\n');
        assert.match(
          warnings,
          /CreateClusterMirror: applied; the answer was lost .* read back with ListClusterMirrors/,
        );
        assert.match(warnings, /StartMirrorTopics: applied; the answer was lost .* read back with ListClusterMirrors/);
        assert.deepEqual(
          (emulator.source.cluster.topics.get('orders')?.partitions ?? []).map((p) => p.mirror?.state),
          ['MIRRORING', 'MIRRORING'],
        );
      } finally {
        for (const rule of [...create.rules, ...start.rules]) rule.remove();
      }
    },
  );
});
