// The sentence beside a source that answers from this machine while the brokers' partitions are FAILED:
// "the brokers may reach it another way" only for source-reachability errors; a start, a loop, another
// mirror's stall and a retry wait are named as what they are (PROTOCOL.md §18).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failedWhy, type FailedWhyFacts } from '../../../../src/lib/mirror/describe/failed-why.js';
import { sourceReachText } from '../../../../src/lib/mirror/core/source-check.js';
import { mirror, row } from '../result-fixture.js';

const NOTHING: FailedWhyFacts = { readBack: new Map(), blockingMirrors: [], retryMaxAttempts: 100 };
const failed = (retryAttempt: number, errorMessage: string | null) =>
  mirror('m1', {
    orders: [row(0, { state: 'FAILED', retry: retryAttempt, ...(errorMessage ? { message: errorMessage } : {}) })],
  });
const answered = { mirror: 'm1', status: 'answered', bootstrap: ['src:9092'], facts: null } as const;
const said = (why: string | null) => sourceReachText(answered, 'failing', why) ?? '';

describe('why FAILED while the source answers from here', () => {
  it('§18 lag and start-up: retry 1 "Failed to get source metadata" is the start-up transient', () => {
    const text = said(failedWhy(failed(1, 'Failed to get source metadata'), NOTHING));
    assert.match(text, /^the source of mirror m1 \(src:9092\) answers from this machine; the destination brokers'/);
    assert.match(text, /FAILED in the start-up transient \(retry 1 'Failed to get source metadata'/);
    assert.doesNotMatch(text, /another way/);
  });

  it('§18 mirror loops: the loop text, or a null message on a topic the source reads back, is the loop', () => {
    const byText = said(failedWhy(failed(1, 'Detected mirror loop for mirror:rev'), NOTHING));
    assert.match(byText, /FAILED for a mirror loop \('Detected mirror loop for mirror:rev'\)/);
    const readBack = new Map([['orders', [{ mirror: 'fwd', stopped: false }]]]);
    const byFacts = said(failedWhy(failed(2, null), { ...NOTHING, readBack }));
    assert.match(byFacts, /for a mirror loop \(mirror fwd on the source reads the topic back from this cluster\)/);
    for (const text of [byText, byFacts]) assert.doesNotMatch(text, /another way/);
  });

  it('a retry wait without a reachability error: "wait to retry (attempt N of M)", no claim about the brokers', () => {
    // As a prototype showed right after a start: FAILED, retry 2, no message.
    const text = said(failedWhy(failed(2, null), NOTHING));
    assert.match(text, /FAILED and wait to retry \(attempt 2 of 100; last error: no message\); they retry by/);
    assert.doesNotMatch(text, /another way/);
  });

  it('§18 one unreachable source stalls every mirror: named, not "another way"', () => {
    const text = said(failedWhy(failed(1, 'Failed to get source metadata'), { ...NOTHING, blockingMirrors: ['gone'] }));
    assert.match(text, /FAILED because mirror gone's source does not answer the brokers/);
    assert.doesNotMatch(text, /another way/);
  });

  it('§18 source unreachable: reachability errors keep the note, with the retry they wait for', () => {
    const text = said(failedWhy(failed(4, 'No endpoint info in fetch response'), NOTHING));
    assert.match(text, /FAILED with source-reachability errors \('No endpoint info in fetch response'\) and wait/);
    assert.match(text, /wait to retry \(attempt 4 of 100\): if the source came back only now, they recover by/);
    assert.match(text, /the brokers may reach it another way/);
  });

  it('nothing FAILED: no sentence', () => {
    assert.equal(failedWhy(mirror('m1', { orders: [row(0, { state: 'MIRRORING' })] }), NOTHING), null);
  });
});
