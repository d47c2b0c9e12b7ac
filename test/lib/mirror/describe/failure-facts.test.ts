// The cause table decides from facts, not from the broker's text alone. Each case names the
// observation of PROTOCOL.md §18 it encodes; the facts are built by hand (what a source check,
// DescribeClusterMirrors on the source and the other mirrors of this cluster would give).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnoseFailure, type FailureFacts, NO_FACTS } from '../../../../src/lib/mirror/describe/failure-causes.js';

const failed = (retryAttempt: number, errorMessage: string | null) => ({ state: 'FAILED', retryAttempt, errorMessage });
const known = (over: Partial<FailureFacts>): FailureFacts => ({
  sourceAnswers: true,
  readBack: [],
  blockingMirrors: [],
  ...over,
});

describe('failure causes from facts (§18)', () => {
  it('§18 source unreachable: "Truncation requires source metadata refresh" is also what a dead source gives', () => {
    const d = diagnoseFailure('m1', failed(3, 'Truncation requires source metadata refresh'), 100, {
      ...NO_FACTS,
      sourceAnswers: false,
    });
    assert.equal(d?.cause, 'source-unreachable');
    assert.match(d?.summary ?? '', /^the source does not answer from this machine, and the brokers' partitions/);
    assert.doesNotMatch(d?.recovery ?? '', /delete/, 'no advice to delete a mirror on the (dead) source');
    assert.match(d?.recovery ?? '', /stopping or pausing it by name is refused/);
  });

  it('§18 source unreachable: that text, a source that answers and nothing reading back: no epoch war', () => {
    const d = diagnoseFailure('m1', failed(3, 'Truncation requires source metadata refresh'), 100, known({}));
    assert.equal(d?.cause, 'undecided');
    assert.deepEqual(d?.possibleCauses, ['source-unreachable']);
  });

  it('§18 source unreachable: it answers here but the brokers show it down for them: both are said', () => {
    const d = diagnoseFailure(
      'm1',
      failed(4, 'No endpoint info in fetch response'),
      100,
      known({ brokersShowOutage: true }),
    );
    assert.equal(d?.cause, 'source-unreachable');
    assert.match(d?.summary ?? '', /answers from this machine, but the brokers' partitions show it down for them/);
  });

  it('§18 mirror loops: (retry 2, null) on a topic the source mirrors back is the loop, naming that mirror', () => {
    const d = diagnoseFailure('rev', failed(2, null), 100, known({ readBack: [{ mirror: 'back', stopped: false }] }));
    assert.equal(d?.cause, 'mirror-loop');
    assert.match(d?.summary ?? '', /mirror back on the source reads it from this cluster/);
  });

  it('§18 mirror loops: a null message alone is never "source unreachable"; the loop stays possible', () => {
    const d = diagnoseFailure('rev', failed(2, null), 100);
    assert.equal(d?.cause, 'undecided');
    assert.ok(d?.possibleCauses?.includes('mirror-loop'), JSON.stringify(d));
    assert.ok(d?.possibleCauses?.includes('source-unreachable'));
  });

  it('§18 one unreachable source stalls every mirror: a healthy mirror is "blocked by mirror M1\'s source"', () => {
    const row = failed(1, 'Failed to get source metadata');
    const d = diagnoseFailure('m2', row, 100, known({ blockingMirrors: ['m1'] }));
    assert.equal(d?.cause, 'blocked-by-mirror');
    assert.match(d?.summary ?? '', /^blocked by mirror m1's source/);
    assert.match(d?.recovery ?? '', /make mirror m1's source reachable/);
    // Without the facts it is not "starting: nothing to do": the stall stays possible.
    const blind = diagnoseFailure('m2', row, 100);
    assert.equal(blind?.cause, 'undecided');
    assert.deepEqual(blind?.possibleCauses, ['starting', 'source-unreachable', 'blocked-by-mirror']);
  });

  it('§18 lag and start-up: FAILED retry 1 "Failed to get source metadata", every source answering: a start', () => {
    const d = diagnoseFailure('m2', failed(1, 'Failed to get source metadata'), 100, known({}));
    assert.equal(d?.cause, 'starting');
  });

  it('§18 lag and start-up: (retry 2, no message), seen right after a start, leaves the start possible too', () => {
    const d = diagnoseFailure('m2', failed(2, null), 100, known({}));
    assert.equal(d?.cause, 'undecided');
    assert.deepEqual(d?.possibleCauses, ['starting', 'source-unreachable']);
  });

  it('§18 failback: a STOPPED leftover on the source bumps leader epochs every sync, without claiming flapping', () => {
    const d = diagnoseFailure(
      'rev',
      failed(1, 'Truncation requires source metadata refresh'),
      100,
      known({ readBack: [{ mirror: 'old', stopped: true }] }),
    );
    assert.equal(d?.cause, 'epoch-war');
    assert.match(d?.summary ?? '', /mirror old, which lists this topic as STOPPED/);
    assert.match(d?.summary ?? '', /raises the leader epochs there at every sync period/);
    assert.match(d?.summary ?? '', /did not fail partitions/);
    assert.doesNotMatch(d?.summary ?? '', /flap/);
    assert.ok((d?.possibleCauses ?? []).length > 0, 'the FAILED state keeps another possible cause');
  });

  it('§18 deleted and recreated source topic: what recreating does, what stopping gives, what is lost', () => {
    const d = diagnoseFailure('m1', failed(-1, 'The source topic is deleted.'), 100);
    assert.equal(d?.cause, 'source-topic-deleted');
    assert.match(d?.recovery ?? '', /Recreating the source topic does NOT resume mirroring: it has a new topic id/);
    assert.match(d?.recovery ?? '', /MIRRORING with lag 0 and copy nothing/);
    assert.match(d?.recovery ?? '', /stop the topic .*writable with every record copied so far/);
    assert.match(d?.recovery ?? '', /every record copied so far is lost on the destination/);
  });
});
