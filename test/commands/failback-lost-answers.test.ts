// Issue 10 item 3 for failback: it sends CreateClusterMirror and StartMirrorTopics to A (the old source).
// A applies each and closes the connection without answering: failback reads the state back instead of
// resending (a second Create would say "already exists", a second Start would refuse the started topics),
// reports both changes as applied with their answers lost, and follows the partitions to MIRRORING.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters, type FaultRule } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { createMirror, startTopics } from './topic-actions-setup.js';

describe('kmirror failback, answers lost on A', () => {
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

  /** Every node of A: the first `api` request is handled, then the connection closes unanswered. */
  function loseFirstAnswer(api: string): { calls: () => number; rules: FaultRule[] } {
    let calls = 0;
    const rules = emulator.source.nodes.map((n) =>
      n.faults.mutateResponse(api, (frame) => (++calls === 1 ? 'close' : frame)),
    );
    return { calls: () => calls, rules };
  }

  it('create and start applied on A, both answers lost: read back, not resent; exit 0, MIRRORING on A', async () => {
    const promote = ['promote', 'fwd', '-b', emulator.destination.bootstrap, '--topic', 'orders'];
    const stop = await runCli([...promote, '--quiet-period', '300ms', '--yes']);
    assert.equal(stop.code, 0, stop.stderr);
    const create = loseFirstAnswer('CreateClusterMirror');
    const start = loseFirstAnswer('StartMirrorTopics');
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
      assert.match(warnings, /CreateClusterMirror: applied; the answer was lost .* read back with ListClusterMirrors/);
      assert.match(warnings, /StartMirrorTopics: applied; the answer was lost .* read back with ListClusterMirrors/);
      assert.deepEqual(
        (emulator.source.cluster.topics.get('orders')?.partitions ?? []).map((p) => p.mirror?.state),
        ['MIRRORING', 'MIRRORING'],
      );
    } finally {
      for (const rule of [...create.rules, ...start.rules]) rule.remove();
    }
  });
});
