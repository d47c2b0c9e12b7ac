// The FAILED causes kmirror recognises, read off rows the emulated prototype broker produces.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  causeHint,
  diagnoseFailure,
  isRecoveredStart,
  NO_FACTS,
  topicFailureCauses,
} from '../../../../src/lib/mirror/describe/failure-causes.js';
import { createMirror, pair, rowsOf, run, startTopics, type Pair } from '../../emulator/state/setup.js';

function started(options: Parameters<typeof pair>[0] = {}, extra: Record<string, string> = {}): Pair {
  const p = pair(options);
  p.source.createTopic('orders', { partitions: 1, initialOffset: 10n });
  createMirror(p, 'm1', extra);
  startTopics(p, 'm1', ['orders']);
  return p;
}

function firstRow(p: Pair): { state: string; retryAttempt: number; errorMessage: string | null } {
  const [row] = rowsOf(p.destination, 'orders');
  assert.ok(row);
  return { state: row.StateValue, retryAttempt: row.RetryAttempt, errorMessage: row.ErrorMessage };
}

describe('FAILED causes and their recovery', () => {
  it('a mirror loop and the leader-epoch war each name the other cluster as the place to act', () => {
    const loop = diagnoseFailure(
      'rev',
      { state: 'FAILED', retryAttempt: 2, errorMessage: 'Detected mirror loop for mirror:rev' },
      100,
    );
    assert.equal(loop?.cause, 'mirror-loop');
    assert.match(loop?.recovery ?? '', /^stop the topic on the SOURCE cluster/);
    // The epoch war only with a mirror on the source that really lists the topic (§18: a STOPPED leftover).
    const row = { state: 'FAILED', retryAttempt: 3, errorMessage: 'Truncation requires source metadata refresh' };
    const war = diagnoseFailure('rev', row, 100, {
      sourceAnswers: true,
      readBack: [{ mirror: 'old', stopped: true }],
      blockingMirrors: [],
    });
    assert.equal(war?.cause, 'epoch-war');
    assert.match(war?.recovery ?? '', /^delete mirror old on the source cluster/);
    assert.notEqual(diagnoseFailure('rev', row, 100)?.cause, 'epoch-war', 'not from the text alone');
  });

  it('the startup FAILED is "starting", and the MIRRORING partition after it is recovered, not failing', () => {
    const p = started({ timing: { startupFailureMs: 2000 } });
    run(p, 500);
    const everyoneAnswers = { sourceAnswers: true, readBack: [], blockingMirrors: [] };
    assert.equal(diagnoseFailure('m1', firstRow(p), 100, everyoneAnswers)?.cause, 'starting');
    run(p, 2500);
    const row = firstRow(p);
    assert.equal(row.state, 'MIRRORING');
    assert.equal(diagnoseFailure('m1', row, 100), null);
    assert.equal(isRecoveredStart(row), true);
  });

  it('a wrong source cluster id names both ids and says only a restart clears it', () => {
    const p = started({}, { 'mirror.source.cluster.id': 'wrong-id' });
    run(p, 1000);
    const d = diagnoseFailure('m1', firstRow(p), 100);
    assert.equal(d?.cause, 'source-cluster-id-changed');
    assert.match(d?.summary ?? '', new RegExp(`cluster ${p.source.clusterId}, not the stored .* wrong-id`));
    assert.match(d?.recovery ?? '', new RegExp(`kmirror config set m1 mirror.source.cluster.id=${p.source.clusterId}`));
    assert.match(d?.recovery ?? '', /restart the destination brokers/);
  });

  it('a deleted source topic: restart and stop it to keep the copy; recreating it copies nothing', () => {
    const p = started();
    run(p, 1000);
    p.source.deleteTopic('orders');
    run(p, 1000);
    const d = diagnoseFailure('m1', firstRow(p), 100);
    assert.equal(d?.cause, 'source-topic-deleted');
    assert.match(d?.recovery ?? '', /restart the destination brokers/);
    assert.match(d?.recovery ?? '', /Recreating the source topic does NOT resume mirroring/);
  });

  it('an unreachable source: check the connection; it recovers by itself', () => {
    const p = started();
    run(p, 1000);
    p.source.setReachable(false);
    run(p, 100_000, 1000);
    // What the source check found: no answer from this machine either.
    const d = diagnoseFailure('m1', firstRow(p), 100, { ...NO_FACTS, sourceAnswers: false });
    assert.equal(d?.cause, 'source-unreachable');
    assert.match(d?.recovery ?? '', /recover by themselves/);
  });

  it('"Truncation requires source metadata refresh" during an outage is the outage, not an epoch war', () => {
    const p = pair();
    p.source.createTopic('orders', { partitions: 3 });
    createMirror(p, 'm1');
    startTopics(p, 'm1', ['orders']);
    run(p, 1000);
    p.source.setReachable(false);
    run(p, 100_000, 1000);
    const rows = rowsOf(p.destination, 'orders').map((r) => ({
      state: r.StateValue,
      retryAttempt: r.RetryAttempt,
      errorMessage: r.ErrorMessage,
    }));
    assert.ok(rows.some((r) => r.errorMessage === 'Truncation requires source metadata refresh'));
    assert.deepEqual([...new Set(topicFailureCauses('m1', rows, 100).map((c) => c.cause))], ['source-unreachable']);
    const alone = diagnoseFailure(
      'm1',
      { state: 'FAILED', retryAttempt: 3, errorMessage: 'Truncation requires source metadata refresh' },
      100,
    );
    assert.equal(alone?.cause, 'undecided', 'one row alone cannot tell');
    assert.ok(alone?.possibleCauses?.includes('source-unreachable'));
  });

  it('retries used up: only a restart', () => {
    const d = diagnoseFailure('m1', { state: 'FAILED', retryAttempt: 100, errorMessage: 'x' }, 100);
    assert.equal(d?.cause, 'retries-exhausted');
    assert.match(d?.recovery ?? '', /restart the destination brokers/);
  });

  it("a topic's causes: one per distinct cause, FAILED partitions only; as a hint, summary then recovery", () => {
    const deleted = { state: 'FAILED', retryAttempt: -1, errorMessage: 'The source topic is deleted.' };
    const causes = topicFailureCauses(
      'm1',
      [deleted, { ...deleted }, { state: 'MIRRORING', retryAttempt: 1, errorMessage: 'Failed to get source metadata' }],
      null,
    );
    assert.deepEqual(
      causes.map((c) => c.cause),
      ['source-topic-deleted'],
    );
    const [first] = causes;
    assert.ok(first);
    assert.equal(causeHint(first), `${first.summary}; recovery: ${first.recovery}`);
    assert.deepEqual(topicFailureCauses('m1', [], null), []);
  });
});
